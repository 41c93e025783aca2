// MPI_Exscan: rank i > 0 gets x_0 ∘ … ∘ x_(i-1); rank 0's recvbuf is left untouched (MPI leaves it
// undefined). Recursive doubling as scan (prefix-doubling.ts). With sendbuf IN_PLACE the input is
// in recvbuf.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, ReduceOp } from '../comm/comm-api.js'
import type { CommCore } from '../comm/comm-core.js'
import { checkCount, checkType } from './args.js'
import { reductionInput } from './in-place-args.js'
import { unpackFromScratch } from './local.js'
import { checkOp, resolveOp, type BuiltinOpName } from './ops/index.js'
import { prefixReduce } from './prefix-doubling.js'
import { TAG_EXSCAN } from './tags.js'

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
