// MPI_Exscan: rank i > 0 gets x_0 ∘ … ∘ x_(i-1); rank 0's recvbuf is left untouched (MPI leaves it
// undefined). Recursive doubling as scan (prefix-doubling.ts). With sendbuf IN_PLACE the input is
// in recvbuf.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, ReduceOp, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCount, checkType } from './args.js'
import { reductionInput } from './in-place-args.js'
import { unpackFromScratch } from './local.js'
import { checkOp, resolveOp, type BuiltinOpName } from './ops/index.js'
import { prefixReduce } from './prefix-doubling.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_EXSCAN = 13

export async function exscan(
  core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, opArg: ReduceOp | BuiltinOpName,
): Promise<void> {
  const where = 'exscan'
  checkCount(count, where)
  checkType(type, where)
  const op = resolveOp(opArg, where)
  checkOp(op, type, where)
  const { result, defined } = await prefixReduce(core, reductionInput(sendbuf, recvbuf), count, type, op, true, TAG_EXSCAN, where)
  if (defined) await unpackFromScratch(core, result, recvbuf, count, type, `${where} recvbuf`)
}

export function iexscan(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp | BuiltinOpName): Request {
  return startNonblocking(core, `iexscan(count=${String(count)})`, (c) => exscan(c, sendbuf, recvbuf, count, type, op))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const exscanCollective = {
  /** MPI_Exscan: rank i > 0 gets x_0 ∘ … ∘ x_(i-1); rank 0's recvbuf is left untouched. IN_PLACE as at scan. */
  exscan: { run: exscan, tag: TAG_EXSCAN, params: ['buf', 'buf', 'count', 'type', 'op'], agreedPair: 2 },
  /** MPI_Iexscan: nonblocking `exscan`, run by the progress engine; complete the request with wait or test. */
  iexscan: { run: iexscan, tag: null, params: ['buf', 'buf', 'count', 'type', 'op'], agreedPair: 2 },
} satisfies CollectiveEntries
