// Context ids of one process's communicators. A communicator with id c matches point-to-point on
// context 2c and collectives on 2c + 1 (8 context bits in the match bits: ids 0..127, 0 being
// COMM_WORLD). Creating a communicator picks the lowest id free at every process of the parent
// (the AND of their free masks, as MPICH agrees on context ids), so members never disagree and
// two live communicators sharing a process never share an id.

import { ERR_OTHER, MpiError } from '@spinmpi/ddt'

export const MAX_CONTEXT_IDS = 128
const WORDS = MAX_CONTEXT_IDS / 32

export class ContextPool {
  /** Bit set = free. */
  private readonly free = new Uint32Array(WORDS).fill(0xffffffff)

  constructor() {
    this.take(0)
  }

  /** A copy of the free mask (WORDS 32-bit words). */
  mask(): number[] {
    return Array.from(this.free)
  }

  take(id: number): void {
    this.free[id >>> 5]! &= ~(1 << (id & 31))
  }

  release(id: number): void {
    if (id !== 0) this.free[id >>> 5]! |= 1 << (id & 31)
  }
}

export const CONTEXT_MASK_WORDS = WORDS

/** The lowest id free in every mask, or an MpiError naming the call. */
export function lowestCommonFree(masks: readonly (readonly number[])[], where: string): number {
  for (let w = 0; w < WORDS; w++) {
    let bits = 0xffffffff
    for (const m of masks) bits &= m[w]!
    if (bits !== 0) return w * 32 + (31 - Math.clz32(bits & -bits))
  }
  throw new MpiError(ERR_OTHER, `${where}: no free communicator context (${MAX_CONTEXT_IDS} live communicators at a process; free some with comm.free())`)
}
