// MPI_Reduce_scatter by pairwise exchange: in step k (1 ≤ k < n) each rank sends its input block
// for rank + k there and receives rank − k's input for its own block (n · (n − 1) messages in
// all). The n contributions are then combined in rank order, x_0 ∘ (x_1 ∘ (… ∘ x_(n-1))), so
// non-commutative ops get MPI's order; n − 1 reductions of the rank's block.
// With sendbuf IN_PLACE the input vector is in recvbuf and the result replaces its start.

import { BYTE, type Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, ReduceOp, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCounts, checkType } from './args.js'
import { isInPlace, reductionInput } from './in-place-args.js'
import { checkBuffer } from './buffer-checks.js'
import { offsetBuffer, packToScratch, scratch, unpackFromScratch } from './local.js'
import { checkOp, resolveOp, type BuiltinOpName } from './ops/index.js'
import { combineHighInPlace } from './reduce.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_REDUCE_SCATTER = 14

export async function reduceScatter(
  core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcounts: readonly number[], type: Datatype,
  opArg: ReduceOp | BuiltinOpName, where = 'reduceScatter',
): Promise<void> {
  const n = core.size, r = core.rank
  checkType(type, where)
  checkCounts(recvcounts, n, where, 'recvcounts')
  const op = resolveOp(opArg, where)
  checkOp(op, type, where)
  const input = reductionInput(sendbuf, recvbuf)
  const firstOf: number[] = []
  let total = 0
  for (const c of recvcounts) {
    firstOf.push(total)
    total += c
  }
  checkBuffer(input, total, type, core.dataMode, where, isInPlace(sendbuf) ? 'recvbuf' : 'sendbuf')
  const blockOf = (i: number): Buffer => offsetBuffer(input, firstOf[i]! * type.extent)
  const count = recvcounts[r]!, bytes = count * type.size
  const parts: (Uint8Array | null)[] = new Array(n).fill(null)
  parts[r] = await packToScratch(core, blockOf(r), count, type, `${where} sendbuf`)
  for (let k = 1; k < n; k++) {
    const dst = (r + k) % n, src = (r - k + n) % n
    parts[src] = scratch(core, bytes)
    const reqs: Request[] = [
      core.coll.irecv(parts[src], bytes, BYTE, src, TAG_REDUCE_SCATTER),
      core.coll.isend(blockOf(dst), recvcounts[dst]!, type, dst, TAG_REDUCE_SCATTER),
    ]
    await core.coll.waitall(reqs)
  }
  const acc = parts[n - 1]!
  for (let i = n - 2; i >= 0; i--) await combineHighInPlace(core, op, type, count, parts[i]!, acc)
  await unpackFromScratch(core, acc, recvbuf, count, type, `${where} recvbuf`)
}

export function ireduceScatter(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcounts: readonly number[], type: Datatype, op: ReduceOp | BuiltinOpName): Request {
  return startNonblocking(core, 'ireduceScatter()', (c) => reduceScatter(c, sendbuf, recvbuf, recvcounts, type, op))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const reduceScatterCollective = {
  /**
   * MPI_Reduce_scatter: every rank gives a vector of sum(recvcounts) elements; rank i gets
   * recvcounts[i] elements of their reduction (those after the blocks of ranks below i).
   * IN_PLACE as sendbuf: the vector is in recvbuf, and the result replaces its start.
   */
  reduceScatter: { run: reduceScatter, tag: TAG_REDUCE_SCATTER, params: ['buf', 'buf', 'counts', 'type', 'op'], agreedCounts: 2 },
  /** MPI_Ireduce_scatter: nonblocking `reduceScatter`, run by the progress engine; complete the request with wait or test. */
  ireduceScatter: { run: ireduceScatter, tag: null, params: ['buf', 'buf', 'counts', 'type', 'op'], agreedCounts: 2 },
} satisfies CollectiveEntries
