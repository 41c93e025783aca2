// MPI_Scan: rank i gets x_0 ∘ … ∘ x_i, by recursive doubling (prefix-doubling.ts). With sendbuf
// IN_PLACE the input is in recvbuf.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, ReduceOp } from '../comm/comm-api.js'
import type { CommCore } from '../comm/comm-core.js'
import { checkCount, checkType } from './args.js'
import { reductionInput } from './in-place-args.js'
import { unpackFromScratch } from './local.js'
import { checkOp, resolveOp, type BuiltinOpName } from './ops/index.js'
import { prefixReduce } from './prefix-doubling.js'
import { TAG_SCAN } from './tags.js'

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
