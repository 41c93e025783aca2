// MPI_Reduce_scatter_block: reduceScatter with the same count for every rank.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, ReduceOp } from '../comm/comm-api.js'
import type { CommCore } from '../comm/comm-core.js'
import { checkCount } from './args.js'
import type { BuiltinOpName } from './ops/index.js'
import { reduceScatter } from './reduce-scatter.js'

export async function reduceScatterBlock(
  core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcount: number, type: Datatype, op: ReduceOp | BuiltinOpName,
): Promise<void> {
  const where = 'reduceScatterBlock'
  checkCount(recvcount, where, 'recvcount')
  return reduceScatter(core, sendbuf, recvbuf, new Array<number>(core.size).fill(recvcount), type, op, where)
}
