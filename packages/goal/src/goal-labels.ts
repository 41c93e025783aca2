// The labels of one rank block while it is read: label bytes -> operation index, in an
// open-addressing hash table over a byte pool, so reading a label allocates no string. A slot
// is four Int32s side by side (generation, hash, pool offset, value), so a lookup touches one
// cache line of the table and one of the pool. Cleared in O(1) (a new generation) per rank.

const SLOT = 4

export class LabelTable {
  /** Label bytes, each followed by a 0 byte (labels never contain one). */
  private pool: Uint8Array = new Uint8Array(1 << 16)
  private poolLen = 0
  private count = 0
  private table: Int32Array = new Int32Array(SLOT * 2048)
  private gen = 1

  clear(): void {
    this.count = 0
    this.poolLen = 0
    this.gen++
  }

  /** The value of label `bytes[0..n)`, or -1. */
  get(bytes: Uint8Array, n: number): number {
    const h = hashBytes(bytes, n)
    const table = this.table
    const mask = table.length / SLOT - 1
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const at = SLOT * s
      if (table[at] !== this.gen) return -1
      if (table[at + 1] === h && this.equals(table[at + 2]!, bytes, n)) return table[at + 3]!
    }
  }

  /** Adds a label; false if it is already there. */
  add(bytes: Uint8Array, n: number, value: number): boolean {
    if (2 * SLOT * (this.count + 1) > this.table.length) this.rehash()
    const h = hashBytes(bytes, n)
    const table = this.table
    const mask = table.length / SLOT - 1
    let s = h & mask
    for (; table[SLOT * s] === this.gen; s = (s + 1) & mask) {
      if (table[SLOT * s + 1] === h && this.equals(table[SLOT * s + 2]!, bytes, n)) return false
    }
    if (this.poolLen + n + 1 > this.pool.length) {
      const bigger = new Uint8Array(Math.max(2 * this.pool.length, this.poolLen + n + 1))
      bigger.set(this.pool.subarray(0, this.poolLen))
      this.pool = bigger
    }
    const pool = this.pool
    const start = this.poolLen
    for (let i = 0; i < n; i++) pool[start + i] = bytes[i]!
    pool[start + n] = 0
    this.poolLen = start + n + 1
    const at = SLOT * s
    table[at] = this.gen
    table[at + 1] = h
    table[at + 2] = start
    table[at + 3] = value
    this.count++
    return true
  }

  private equals(start: number, bytes: Uint8Array, n: number): boolean {
    const pool = this.pool
    for (let i = 0; i < n; i++) if (pool[start + i] !== bytes[i]) return false
    return pool[start + n] === 0
  }

  /** Doubles the table, keeping the current generation's slots. */
  private rehash(): void {
    const old = this.table
    const table = new Int32Array(2 * old.length)
    const mask = table.length / SLOT - 1
    for (let at = 0; at < old.length; at += SLOT) {
      if (old[at] !== this.gen) continue
      let s = old[at + 1]! & mask
      while (table[SLOT * s] === 1) s = (s + 1) & mask
      const to = SLOT * s
      table[to] = 1
      table[to + 1] = old[at + 1]!
      table[to + 2] = old[at + 2]!
      table[to + 3] = old[at + 3]!
    }
    this.table = table
    this.gen = 1
  }
}

/** FNV-1a over the bytes, then a final mix so the low bits spread. */
function hashBytes(bytes: Uint8Array, n: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < n; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  return (h ^ (h >>> 13)) & 0x7fffffff
}
