// MPI_Scan: rank i gets x_0 ∘ … ∘ x_i, by recursive doubling (prefix-doubling.ts). With sendbuf
// IN_PLACE the input is in recvbuf.

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
const TAG_SCAN = 12

export async function scan(
  core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, opArg: ReduceOp | BuiltinOpName,
): Promise<void> {
  const where = 'scan'
  checkCount(count, where)
  checkType(type, where)
  const op = resolveOp(opArg, where)
  checkOp(op, type, where)
  const { result } = await prefixReduce(core, reductionInput(sendbuf, recvbuf), count, type, op, false, TAG_SCAN, where)
  await unpackFromScratch(core, result, recvbuf, count, type, `${where} recvbuf`)
}

export function iscan(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp | BuiltinOpName): Request {
  return startNonblocking(core, `iscan(count=${String(count)})`, (c) => scan(c, sendbuf, recvbuf, count, type, op))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const scanCollective = {
  /** MPI_Scan: rank i gets x_0 ∘ x_1 ∘ … ∘ x_i (rank order). IN_PLACE as sendbuf: the input is in recvbuf. */
  scan: { run: scan, tag: TAG_SCAN, params: ['buf', 'buf', 'count', 'type', 'op'], agreedPair: 2 },
  /** MPI_Iscan: nonblocking `scan`, run by the progress engine; complete the request with wait or test. */
  iscan: { run: iscan, tag: null, params: ['buf', 'buf', 'count', 'type', 'op'], agreedPair: 2 },
} satisfies CollectiveEntries
