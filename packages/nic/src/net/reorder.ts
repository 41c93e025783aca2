// Seeded out-of-order delivery: a permutation of a message's packets in which every packet lands
// fewer than `window` places from where it started. At each output position we pick uniformly
// among the not-yet-sent packets whose index is below position + window, except that the oldest
// pending packet is forced out once it would otherwise fall `window` places behind.

import type { Rng } from '../sim/rng.js'

/** Writes a bounded-displacement permutation of 0..n-1 into `out` (length >= n). */
export function boundedShuffle(n: number, window: number, rng: Rng, out: Int32Array): void {
  for (let i = 0; i < n; i++) out[i] = i
  if (window <= 1 || n <= 1) return
  // out[i..] holds the pending indices; the pool is the prefix with index < i + window.
  for (let i = 0; i < n; i++) {
    // pending values are kept sorted in out[i..n) except for swaps we undo below
    let poolEnd = i
    while (poolEnd < n && out[poolEnd]! < i + window) poolEnd++
    let pick: number
    if (out[i]! <= i - (window - 1)) pick = i // oldest pending must go now
    else pick = i + rngInt(rng, poolEnd - i)
    // move the pick to position i, shifting the rest right to keep pending values sorted
    const v = out[pick]!
    for (let j = pick; j > i; j--) out[j] = out[j - 1]!
    out[i] = v
  }
}

function rngInt(rng: Rng, n: number): number {
  return n <= 1 ? 0 : rng.int(n)
}
