// MPI_Reduce_scatter_block: reduceScatter with the same count for every rank.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, ReduceOp, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
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

export function ireduceScatterBlock(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcount: number, type: Datatype, op: ReduceOp | BuiltinOpName): Request {
  return startNonblocking(core, `ireduceScatterBlock(count=${String(recvcount)})`, (c) => reduceScatterBlock(c, sendbuf, recvbuf, recvcount, type, op))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const reduceScatterBlockCollective = {
  /** MPI_Reduce_scatter_block: reduceScatter with recvcount elements for every rank. */
  reduceScatterBlock: { run: reduceScatterBlock, tag: null, params: ['buf', 'buf', 'count', 'type', 'op'], agreedPair: 2 },
  /** MPI_Ireduce_scatter_block: nonblocking `reduceScatterBlock`, run by the progress engine; complete the request with wait or test. */
  ireduceScatterBlock: { run: ireduceScatterBlock, tag: null, params: ['buf', 'buf', 'count', 'type', 'op'], agreedPair: 2 },
} satisfies CollectiveEntries
