// Unknown fields of type JSON objects, named with a did-you-mean. zod reports a misspelt field
// as the correct one missing (`blocklen` gives "blocklength: missing"), so on a failed parse this
// walk looks for unknown fields first, at every nesting level, before zod's first issue is used.

import { derivedSpecSchema } from './spec.js'

/** Each kind's fields, from the schema itself so the two cannot drift apart. */
const FIELDS: ReadonlyMap<string, readonly string[]> = new Map(
  derivedSpecSchema.options.map((o) => [o.shape.kind.value as string, Object.keys(o.shape)]),
)

type Path = readonly PropertyKey[]

interface UnknownFields {
  /** Path of the object that has them. */
  readonly path: Path
  readonly kind: string
  /** `"blocklen" (did you mean "blocklength"?)`, or `fields "a", "b"` for several. */
  readonly message: string
}

/** The first object (pre-order: itself, oldtype, types[i]) with fields its kind does not have. */
export function findUnknownFields(value: unknown): UnknownFields | undefined {
  const stack: [unknown, Path][] = [[value, []]]
  while (stack.length > 0) {
    const [node, path] = stack.pop()!
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue
    const fields = node as Record<string, unknown>
    const known = typeof fields.kind === 'string' ? FIELDS.get(fields.kind) : undefined
    if (known !== undefined) {
      const unknown = Object.keys(fields).filter((k) => !known.includes(k))
      if (unknown.length > 0) return { path, kind: fields.kind as string, message: describe(unknown, known, fields) }
    }
    if (Array.isArray(fields.types)) {
      for (let i = fields.types.length - 1; i >= 0; i--) stack.push([fields.types[i], [...path, 'types', i]])
    }
    if ('oldtype' in fields) stack.push([fields.oldtype, [...path, 'oldtype']])
  }
  return undefined
}

function describe(unknown: readonly string[], known: readonly string[], present: object): string {
  const absent = known.filter((k) => !Object.hasOwn(present, k))
  const one = (k: string) => {
    const near = closest(k, absent)
    return near === undefined ? JSON.stringify(k) : `${JSON.stringify(k)} (did you mean ${JSON.stringify(near)}?)`
  }
  return `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map(one).join(', ')}`
}

/** The nearest of `candidates` by edit distance (case ignored), if near enough to be a slip. */
function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Infinity
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase())
    if (d < bestDistance && d <= Math.max(2, Math.floor(c.length / 3)) && d < word.length) {
      best = c
      bestDistance = d
    }
  }
  return best
}

/** Levenshtein distance, one row at a time. */
function distance(a: string, b: string): number {
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
