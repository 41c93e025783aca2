// "Did you mean": the known name a mistyped one most likely meant, when it is close enough to be a slip.

/** The closest of `known` to `typed` (same last part, or at most two edits away), or undefined. */
export function closest(typed: string, known: readonly string[]): string | undefined {
  const t = typed.toLowerCase()
  const last = (s: string) => s.slice(s.lastIndexOf('.') + 1)
  // the right field under the wrong group (nic.linkGbps for network.linkGbps)
  const sameLeaf = known.find((k) => last(k.toLowerCase()) === last(t))
  if (sameLeaf !== undefined) return sameLeaf
  let best: string | undefined
  let bestDistance = 3
  for (const k of known) {
    const d = editDistance(t, k.toLowerCase())
    if (d < bestDistance) [best, bestDistance] = [k, d]
  }
  return best
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    row = next
  }
  return row[b.length]!
}
