// The nonblocking collectives, each the blocking algorithm started on the progress engine
// (nonblocking.ts). Arguments as the blocking calls'.

import type { Datatype } from '@spinmpi/ddt'
import type { BcastOptions, Buffer, BufferOrInPlace, ReduceOp, Request } from '../comm/comm-api.js'
import type { CommCore } from '../comm/comm-core.js'
import { allgather } from './allgather.js'
import { allgatherv } from './allgatherv.js'
import { allreduce } from './allreduce.js'
import { alltoall, alltoallv } from './alltoall.js'
import { alltoallw } from './alltoallw.js'
import { barrier } from './barrier.js'
import { bcastAs } from './bcast.js'
import { exscan } from './exscan.js'
import { gather } from './gather.js'
import { gatherv } from './gatherv.js'
import { startNonblocking } from './nonblocking.js'
import type { BuiltinOpName } from './ops/index.js'
import { reduce } from './reduce.js'
import { reduceScatter } from './reduce-scatter.js'
import { reduceScatterBlock } from './reduce-scatter-block.js'
import { scan } from './scan.js'
import { scatter } from './scatter.js'
import { scatterv } from './scatterv.js'

type Op = ReduceOp | BuiltinOpName
type Counts = readonly number[]
const at = (root: number): string => `root=${String(root)}`

export function ibarrier(core: CommCore): Request {
  return startNonblocking(core, 'ibarrier()', (c) => barrier(c))
}

/** The offloaded algorithms post their MEs at the call; the engine passes the barrier, then the NICs forward. */
export function ibcast(core: CommCore, buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions): Request {
  return startNonblocking(core, `ibcast(${at(root)}, count=${String(count)})`, (c) => bcastAs('ibcast', c, core, buf, count, type, root, options))
}

export function ireduce(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: Op, root: number): Request {
  return startNonblocking(core, `ireduce(${at(root)}, count=${String(count)})`, (c) => reduce(c, sendbuf, recvbuf, count, type, op, root))
}

export function iallreduce(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: Op): Request {
  return startNonblocking(core, `iallreduce(count=${String(count)})`, (c) => allreduce(c, sendbuf, recvbuf, count, type, op))
}

export function igather(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype, recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
): Request {
  return startNonblocking(core, `igather(${at(root)})`, (c) => gather(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root))
}

export function igatherv(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcounts: Counts, displs: Counts, recvtype: Datatype, root: number,
): Request {
  return startNonblocking(core, `igatherv(${at(root)})`, (c) => gatherv(c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root))
}

export function iscatter(
  core: CommCore, sendbuf: Buffer, sendcount: number, sendtype: Datatype, recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
): Request {
  return startNonblocking(core, `iscatter(${at(root)})`, (c) => scatter(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root))
}

export function iscatterv(
  core: CommCore, sendbuf: Buffer, sendcounts: Counts, displs: Counts, sendtype: Datatype,
  recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
): Request {
  return startNonblocking(core, `iscatterv(${at(root)})`, (c) => scatterv(c, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root))
}

export function iallgather(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype, recvbuf: Buffer, recvcount: number, recvtype: Datatype,
): Request {
  return startNonblocking(core, 'iallgather()', (c) => allgather(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype))
}

export function iallgatherv(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcounts: Counts, displs: Counts, recvtype: Datatype,
): Request {
  return startNonblocking(core, 'iallgatherv()', (c) => allgatherv(c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype))
}

export function ialltoall(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype, recvbuf: Buffer, recvcount: number, recvtype: Datatype,
): Request {
  return startNonblocking(core, 'ialltoall()', (c) => alltoall(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype))
}

export function ialltoallv(
  core: CommCore, sendbuf: BufferOrInPlace, sendcounts: Counts, sdispls: Counts, sendtype: Datatype,
  recvbuf: Buffer, recvcounts: Counts, rdispls: Counts, recvtype: Datatype,
): Request {
  return startNonblocking(core, 'ialltoallv()', (c) => alltoallv(c, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype))
}

export function ialltoallw(
  core: CommCore, sendbuf: BufferOrInPlace, sendcounts: Counts, sdispls: Counts, sendtypes: readonly Datatype[],
  recvbuf: Buffer, recvcounts: Counts, rdispls: Counts, recvtypes: readonly Datatype[],
): Request {
  return startNonblocking(core, 'ialltoallw()', (c) => alltoallw(c, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes))
}

export function iscan(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: Op): Request {
  return startNonblocking(core, `iscan(count=${String(count)})`, (c) => scan(c, sendbuf, recvbuf, count, type, op))
}

export function iexscan(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: Op): Request {
  return startNonblocking(core, `iexscan(count=${String(count)})`, (c) => exscan(c, sendbuf, recvbuf, count, type, op))
}

export function ireduceScatter(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcounts: Counts, type: Datatype, op: Op): Request {
  return startNonblocking(core, 'ireduceScatter()', (c) => reduceScatter(c, sendbuf, recvbuf, recvcounts, type, op))
}

export function ireduceScatterBlock(core: CommCore, sendbuf: BufferOrInPlace, recvbuf: Buffer, recvcount: number, type: Datatype, op: Op): Request {
  return startNonblocking(core, `ireduceScatterBlock(count=${String(recvcount)})`, (c) => reduceScatterBlock(c, sendbuf, recvbuf, recvcount, type, op))
}
