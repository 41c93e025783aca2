// The recursive-doubling prefix reduction behind scan and exscan (MPICH's algorithm): in round k
// each rank exchanges its partial result (the reduction over its aligned block of 2^k ranks) with
// rank ^ 2^k when that rank exists, so ⌈log2 n⌉ rounds for any n. Lower ranks are always on the
// left of an op, so non-commutative ops see rank order.

import { BYTE, type Datatype } from '@spinmpi/ddt'
import type { Buffer } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import { hostCopyPs } from '../strategies/model/host-cost.js'
import { packToScratch, scratch } from './local.js'
import type { Op } from './ops/index.js'
import { combineHighInPlace, combineLowHigh } from './reduce.js'

export interface Prefix {
  /** The packed prefix, or null in timing mode. */
  readonly result: Uint8Array | null
  /** False only for exscan on rank 0, which has no prefix. */
  readonly defined: boolean
}

/** A charged copy of a packed stream (null in timing mode). */
async function copyOf(core: CommCore, bytes: Uint8Array | null, n: number): Promise<Uint8Array | null> {
  await core.busy(hostCopyPs(core.profile.host, n))
  return bytes === null ? null : bytes.slice()
}

/** x_0 ∘ … ∘ x_rank (inclusive) or x_0 ∘ … ∘ x_(rank-1) (exclusive) of each rank's `input`. */
export async function prefixReduce(
  core: CommCore, input: Buffer, count: number, type: Datatype, op: Op, exclusive: boolean, tag: number, where: string,
): Promise<Prefix> {
  const n = core.size, rank = core.rank, bytes = count * type.size
  let partial = await packToScratch(core, input, count, type, `${where} sendbuf`)
  let result: Uint8Array | null = null
  let defined = !exclusive
  if (defined) result = await copyOf(core, partial, bytes)
  let tmp = scratch(core, bytes)
  for (let mask = 1; mask < n; mask <<= 1) {
    const partner = rank ^ mask
    if (partner >= n) continue
    await core.coll.sendrecv(partial, bytes, BYTE, partner, tag, tmp, bytes, BYTE, partner, tag)
    if (partner < rank) {
      // tmp covers the ranks just below those of result and partial
      if (defined) {
        await combineHighInPlace(core, op, type, count, tmp, result)
      } else {
        result = await copyOf(core, tmp, bytes)
        defined = true
      }
      await combineHighInPlace(core, op, type, count, tmp, partial)
    } else {
      const combined = await combineLowHigh(core, op, type, count, partial, tmp)
      tmp = partial
      partial = combined
    }
  }
  return { result, defined }
}
