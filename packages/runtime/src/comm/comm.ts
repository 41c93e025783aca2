// A rank's communicator: point-to-point on the user context, the same on the hidden collective
// context for collectives/, simulated time and modelled compute, and collectives forwarded to
// the implementations installed through collective-hook.ts.

import { ERR_ARG, MpiError, type Datatype } from '@spinmpi/ddt'
import { ns, PS_PER_S, type Cluster, type Nic, type Profile, type Ps, type Simulator } from '@spinmpi/nic'
import { collectiveImpls } from './collective-hook.js'
import {
  ANY_SOURCE, ANY_TAG, type BcastOptions, type Buffer, type BufferOrInPlace, type Collectives, type ComputeWork, type ReduceOp, type Request, type Status,
} from './comm-api.js'
import type { CommCore, ProgressEngine } from './comm-core.js'
import { Endpoint } from './endpoint.js'
import { engineEndpoint } from './engine-endpoint.js'
import { CONTEXT_COLL, CONTEXT_P2P, userBits } from './match-bits.js'
import { PointToPointImpl } from './p2p.js'
import { PendingOps } from './pending.js'
import type { World } from './world.js'
import type { RankGoalTrace } from '../trace/rank-goal-trace.js'

export class RankComm implements CommCore {
  readonly ANY_SOURCE = ANY_SOURCE
  readonly ANY_TAG = ANY_TAG
  readonly size: number
  readonly cluster: Cluster
  readonly nic: Nic
  readonly sim: Simulator
  readonly profile: Profile
  readonly dataMode: boolean
  readonly coll: PointToPointImpl
  readonly pendingOps = new PendingOps()
  readonly endpoint: Endpoint
  readonly trace: RankGoalTrace | null
  private readonly p2p: PointToPointImpl
  private progressEngine: ProgressEngine | null = null

  constructor(world: World, readonly rank: number) {
    this.size = world.size
    this.cluster = world.cluster
    this.sim = world.cluster.sim
    this.profile = world.cluster.profile
    this.dataMode = world.dataMode
    this.endpoint = new Endpoint(world, rank)
    this.nic = this.endpoint.nic
    this.trace = this.endpoint.trace
    this.p2p = new PointToPointImpl(this.endpoint, CONTEXT_P2P, this.size, this.pendingOps, '')
    this.coll = new PointToPointImpl(this.endpoint, CONTEXT_COLL, this.size, this.pendingOps, 'coll.')
  }

  // point-to-point (user context)
  send(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Promise<void> { return this.p2p.send(buf, count, type, dest, tag) }
  recv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Promise<Status> { return this.p2p.recv(buf, count, type, source, tag) }
  isend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Request { return this.p2p.isend(buf, count, type, dest, tag) }
  irecv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Request { return this.p2p.irecv(buf, count, type, source, tag) }
  sendrecv(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype, dest: number, sendtag: number,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, source: number, recvtag: number,
  ): Promise<Status> {
    return this.p2p.sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag)
  }
  wait(req: Request): Promise<Status> { return this.p2p.wait(req) }
  waitall(reqs: readonly Request[]): Promise<Status[]> { return this.p2p.waitall(reqs) }
  waitany(reqs: readonly Request[]): Promise<{ readonly index: number; readonly status: Status }> { return this.p2p.waitany(reqs) }
  test(req: Request): Promise<Status | null> { return this.p2p.test(req) }
  probe(source: number, tag: number): Promise<Status> { return this.p2p.probe(source, tag) }
  iprobe(source: number, tag: number): Promise<Status | null> { return this.p2p.iprobe(source, tag) }

  // time
  wtime(): number { return this.nowPs() / PS_PER_S }
  nowPs(): number { return Math.max(this.sim.now, this.endpoint.cpu.freeAt) }

  async compute(work: ComputeWork): Promise<void> {
    const ps = computePs(work, this.profile)
    this.endpoint.trace?.calc(ps)
    await this.endpoint.cpu.spend(ps)
  }

  // for collectives/
  busy(ps: Ps): Promise<void> {
    this.endpoint.trace?.calc(ps)
    return this.endpoint.cpu.spend(ps)
  }
  pending<T>(description: string, p: Promise<T>): Promise<T> { return this.pendingOps.around(description, p) }
  userMatchBits(low: bigint): bigint { return userBits(low) }
  /** Made on first use (a rank that starts no nonblocking collective never builds one). */
  get engine(): ProgressEngine {
    if (this.progressEngine === null) {
      const ep = engineEndpoint(this.endpoint)
      const coll = new PointToPointImpl(ep, CONTEXT_COLL, this.size, this.pendingOps, 'nbc.')
      this.progressEngine = {
        coll,
        busy: (ps: Ps) => {
          ep.trace?.calc(ps)
          return ep.cpu.spend(ps)
        },
      }
    }
    return this.progressEngine
  }

  // collectives
  barrier(): Promise<void> { return collectiveImpls('barrier').barrier(this) }
  bcast(buf: Buffer, count: number, type: Datatype, root: number, options?: BcastOptions): Promise<void> {
    return collectiveImpls('bcast').bcast(this, buf, count, type, root, options)
  }
  reduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp, root: number): Promise<void> {
    return collectiveImpls('reduce').reduce(this, sendbuf, recvbuf, count, type, op, root)
  }
  allreduce(sendbuf: BufferOrInPlace, recvbuf: Buffer, count: number, type: Datatype, op: ReduceOp): Promise<void> {
    return collectiveImpls('allreduce').allreduce(this, sendbuf, recvbuf, count, type, op)
  }
  gather(sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype, recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number): Promise<void> {
    return collectiveImpls('gather').gather(this, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root)
  }
  scatter(sendbuf: Buffer, sendcount: number, sendtype: Datatype, recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number): Promise<void> {
    return collectiveImpls('scatter').scatter(this, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root)
  }
  allgather(sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype, recvbuf: Buffer, recvcount: number, recvtype: Datatype): Promise<void> {
    return collectiveImpls('allgather').allgather(this, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype)
  }
  alltoall(sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype, recvbuf: Buffer, recvcount: number, recvtype: Datatype): Promise<void> {
    return collectiveImpls('alltoall').alltoall(this, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype)
  }
  alltoallv(
    sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtype: Datatype,
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtype: Datatype,
  ): Promise<void> {
    return collectiveImpls('alltoallv').alltoallv(this, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype)
  }
  alltoallw(
    sendbuf: BufferOrInPlace, sendcounts: readonly number[], sdispls: readonly number[], sendtypes: readonly Datatype[],
    recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtypes: readonly Datatype[],
  ): Promise<void> {
    return collectiveImpls('alltoallw').alltoallw(this, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes)
  }
  // the rest of MPI's collectives (same forwarding, arguments as in Collectives)
  gatherv(...a: Parameters<Collectives['gatherv']>): Promise<void> { return collectiveImpls('gatherv').gatherv(this, ...a) }
  scatterv(...a: Parameters<Collectives['scatterv']>): Promise<void> { return collectiveImpls('scatterv').scatterv(this, ...a) }
  allgatherv(...a: Parameters<Collectives['allgatherv']>): Promise<void> { return collectiveImpls('allgatherv').allgatherv(this, ...a) }
  scan(...a: Parameters<Collectives['scan']>): Promise<void> { return collectiveImpls('scan').scan(this, ...a) }
  exscan(...a: Parameters<Collectives['exscan']>): Promise<void> { return collectiveImpls('exscan').exscan(this, ...a) }
  reduceScatter(...a: Parameters<Collectives['reduceScatter']>): Promise<void> { return collectiveImpls('reduceScatter').reduceScatter(this, ...a) }
  reduceScatterBlock(...a: Parameters<Collectives['reduceScatterBlock']>): Promise<void> { return collectiveImpls('reduceScatterBlock').reduceScatterBlock(this, ...a) }
  ibarrier(...a: Parameters<Collectives['ibarrier']>): Request { return collectiveImpls('ibarrier').ibarrier(this, ...a) }
  ibcast(...a: Parameters<Collectives['ibcast']>): Request { return collectiveImpls('ibcast').ibcast(this, ...a) }
  ireduce(...a: Parameters<Collectives['ireduce']>): Request { return collectiveImpls('ireduce').ireduce(this, ...a) }
  iallreduce(...a: Parameters<Collectives['iallreduce']>): Request { return collectiveImpls('iallreduce').iallreduce(this, ...a) }
  igather(...a: Parameters<Collectives['igather']>): Request { return collectiveImpls('igather').igather(this, ...a) }
  igatherv(...a: Parameters<Collectives['igatherv']>): Request { return collectiveImpls('igatherv').igatherv(this, ...a) }
  iscatter(...a: Parameters<Collectives['iscatter']>): Request { return collectiveImpls('iscatter').iscatter(this, ...a) }
  iscatterv(...a: Parameters<Collectives['iscatterv']>): Request { return collectiveImpls('iscatterv').iscatterv(this, ...a) }
  iallgather(...a: Parameters<Collectives['iallgather']>): Request { return collectiveImpls('iallgather').iallgather(this, ...a) }
  iallgatherv(...a: Parameters<Collectives['iallgatherv']>): Request { return collectiveImpls('iallgatherv').iallgatherv(this, ...a) }
  ialltoall(...a: Parameters<Collectives['ialltoall']>): Request { return collectiveImpls('ialltoall').ialltoall(this, ...a) }
  ialltoallv(...a: Parameters<Collectives['ialltoallv']>): Request { return collectiveImpls('ialltoallv').ialltoallv(this, ...a) }
  ialltoallw(...a: Parameters<Collectives['ialltoallw']>): Request { return collectiveImpls('ialltoallw').ialltoallw(this, ...a) }
  iscan(...a: Parameters<Collectives['iscan']>): Request { return collectiveImpls('iscan').iscan(this, ...a) }
  iexscan(...a: Parameters<Collectives['iexscan']>): Request { return collectiveImpls('iexscan').iexscan(this, ...a) }
  ireduceScatter(...a: Parameters<Collectives['ireduceScatter']>): Request { return collectiveImpls('ireduceScatter').ireduceScatter(this, ...a) }
  ireduceScatterBlock(...a: Parameters<Collectives['ireduceScatterBlock']>): Request { return collectiveImpls('ireduceScatterBlock').ireduceScatterBlock(this, ...a) }
}

function computePs(work: ComputeWork, profile: Profile): Ps {
  let nanos: number
  if (typeof work === 'number') nanos = work
  else if ('ns' in work) nanos = work.ns
  else nanos = work.flops / profile.host.flopsPerNs
  if (!(typeof nanos === 'number' && Number.isFinite(nanos) && nanos >= 0)) {
    throw new MpiError(ERR_ARG, `compute: expected non-negative nanoseconds, {ns} or {flops}, got ${JSON.stringify(work)}`)
  }
  return ns(nanos)
}
