// DDTBench's random index lists (utilities_random_array_shuffle + wrapper.c), with a seeded PRNG
// in place of rand()/time(): start from 1..G, swap each position in turn with position
// rand() % G, keep the first `count` entries, subtract 1. The result: distinct, unsorted indices
// in [0, G).

/** A 32-bit generator (mulberry32): small state, full period, deterministic for a seed. */
export class Rand32 {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** The next value in [0, 2^32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/** `count` distinct indices drawn from [0, range) by DDTBench's swap pass. */
export function shuffledIndices(rand: Rand32, range: number, count: number): Int32Array {
  if (!Number.isInteger(range) || range < 1) throw new RangeError(`range must be a positive integer, got ${range}`)
  if (!Number.isInteger(count) || count < 0 || count > range) throw new RangeError(`count must be in [0, ${range}], got ${count}`)
  const list = new Int32Array(range)
  for (let i = 0; i < range; i++) list[i] = i + 1
  for (let i = 0; i < range; i++) {
    const j = rand.next() % range
    // i and j are < range = list.length
    const t = list[i]!
    list[i] = list[j]!
    list[j] = t
  }
  // the drawn values are 1..range; the indices are 0-based
  return list.subarray(0, count).map((v) => v - 1)
}

/** Consecutive entries that are address-adjacent (next = previous + 1): each merges two blocks. */
export function adjacentPairs(list: ArrayLike<number>): number {
  let n = 0
  for (let i = 1; i < list.length; i++) if (list[i] === list[i - 1]! + 1) n++
  return n
}
