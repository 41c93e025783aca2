// The labels of one rank block while it is read: label bytes -> operation index, without
// allocating a string per label. Labels made of a prefix and a number (a17, s3, recv_0042 is
// not one: leading zeros) -- what generators write -- go into one array per prefix indexed by
// the number, so consecutive labels touch consecutive memory. Other labels go into an
// open-addressing hash table over a byte pool; a slot is four Int32s side by side (generation,
// hash, pool offset, value), so a lookup touches one cache line of the table and one of the
// pool. Cleared per rank in O(1) (a new generation) or O(labels used).

const SLOT = 4
/** Numbered labels up to this number use the per-prefix arrays. */
const MAX_NUMBER = 1 << 26
/** Prefixes kept; labels with further prefixes use the hash table. */
const MAX_PREFIXES = 64

/** Values (+1, 0 = absent) of the labels prefix+number for one prefix. */
interface PrefixArray {
  readonly prefix: Uint8Array
  values: Int32Array
  /** Highest number set since the last clear (for clearing). */
  top: number
}

export class LabelTable {
  private readonly prefixes: PrefixArray[] = []
  private last: PrefixArray | null = null
  // set by split(): where a label's digits start and their value
  private digitsAt = 0
  private number = 0

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
    for (const p of this.prefixes) {
      if (p.top >= 0) p.values.fill(0, 0, p.top + 1)
      p.top = -1
    }
  }

  /** The value of label `bytes[0..n)`, or -1. */
  get(bytes: Uint8Array, n: number): number {
    if (this.split(bytes, n)) {
      const p = this.prefixFor(bytes, this.digitsAt, false)
      if (p !== null) return this.number < p.values.length ? p.values[this.number]! - 1 : -1
    }
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
    if (this.split(bytes, n)) {
      const p = this.prefixFor(bytes, this.digitsAt, true)
      if (p !== null) {
        const k = this.number
        if (k >= p.values.length) {
          const bigger = new Int32Array(Math.max(2 * p.values.length, k + 1))
          bigger.set(p.values)
          p.values = bigger
        }
        if (p.values[k] !== 0) return false
        p.values[k] = value + 1
        if (k > p.top) p.top = k
        return true
      }
    }
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

  /** Whether the label is prefix + a number without leading zeros (sets digitsAt, number). */
  private split(bytes: Uint8Array, n: number): boolean {
    let i = n
    while (i > 0 && bytes[i - 1]! >= 48 && bytes[i - 1]! <= 57) i--
    if (i === n || i === 0 || n - i > 8 || (bytes[i] === 48 && n - i > 1)) return false
    let v = 0
    for (let k = i; k < n; k++) v = v * 10 + bytes[k]! - 48
    if (v >= MAX_NUMBER) return false
    this.digitsAt = i
    this.number = v
    return true
  }

  /** The array of prefix bytes[0..n); made when `create` and there is room, else null. */
  private prefixFor(bytes: Uint8Array, n: number, create: boolean): PrefixArray | null {
    const last = this.last
    if (last !== null && samePrefix(last.prefix, bytes, n)) return last
    for (const p of this.prefixes) {
      if (samePrefix(p.prefix, bytes, n)) {
        this.last = p
        return p
      }
    }
    if (!create || this.prefixes.length >= MAX_PREFIXES) return null
    const p: PrefixArray = { prefix: bytes.slice(0, n), values: new Int32Array(64), top: -1 }
    this.prefixes.push(p)
    this.last = p
    return p
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

function samePrefix(prefix: Uint8Array, bytes: Uint8Array, n: number): boolean {
  if (prefix.length !== n) return false
  for (let i = 0; i < n; i++) if (prefix[i] !== bytes[i]) return false
  return true
}

/** FNV-1a over the bytes, then a final mix so the low bits spread. */
function hashBytes(bytes: Uint8Array, n: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < n; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  return (h ^ (h >>> 13)) & 0x7fffffff
}
