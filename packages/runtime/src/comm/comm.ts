// A rank's view of one communicator: point-to-point on its own matching context (ranks local to
// its group), the same on its hidden collective context for collectives/, the collectives the
// world hands it (bound as methods), communicator creation and Cartesian topology queries, and
// simulated time and modelled compute. All communicators of a process share its RankProcess.

import { ERR_ARG, ERR_OTHER, MpiError, type Datatype } from '@spinmpi/ddt'
import { ns, PS_PER_S, type Cluster, type Nic, type Profile, type Ps, type Simulator } from '@spinmpi/nic'
import {
  ANY_SOURCE, ANY_TAG, UNDEFINED, type AnyCompletion, type Buffer, type CartTopology, type Collectives, type Comm, type ComputeWork,
  type Request, type SomeCompletion, type Status,
} from './comm-api.js'
import type { CollectiveRecord } from '../collectives/collective.js'
import type { CommCore, ProgressEngine } from './comm-core.js'
import { describeCall, type CallRecord } from './collective-call.js'
import type { CommShared } from './comm-shared.js'
import { cartCoords, cartRank, cartShift, cartSubSplit, checkCartArgs } from './cart.js'
import { createComm, createFromGroup } from './comm-create.js'
import type { Endpoint } from './endpoint.js'
import { engineEndpoint } from './engine-endpoint.js'
import type { Group } from './group.js'
import { userBits } from './match-bits.js'
import { PointToPointImpl } from './p2p.js'
import { UNLISTED } from './pending.js'
import type { PeerName } from './last-call.js'
import type { RankProcess } from './rank-process.js'
import type { World } from './world.js'
import { showValue } from './validate.js'
import type { RankGoalTrace } from '../trace/rank-goal-trace.js'

/** Low match bits of NIC-level protocols carry the context id here (below the USER kind bits). */
const USER_CONTEXT_SHIFT = 52n

// The collectives of the world's record become methods of every communicator (see constructor).
export interface RankComm extends Collectives {}

export class RankComm implements CommCore {
  readonly ANY_SOURCE = ANY_SOURCE
  readonly ANY_TAG = ANY_TAG
  readonly size: number
  readonly world: World
  readonly cluster: Cluster
  readonly nic: Nic
  readonly sim: Simulator
  readonly profile: Profile
  readonly dataMode: boolean
  readonly coll: PointToPointImpl
  readonly endpoint: Endpoint
  readonly trace: RankGoalTrace | null
  private readonly p2p: PointToPointImpl
  private freed = false
  /** > 0 while a collective of this communicator runs (its internal waits are not listed). */
  private inCollective = 0
  private bcastSequence = 0
  private nonblockingSequence = 0
  private progressEngine: ProgressEngine | null = null

  constructor(
    readonly proc: RankProcess,
    readonly group: Group,
    readonly rank: number,
    /** Context id: point-to-point on context 2·id, collectives on 2·id + 1. */
    readonly contextId: number,
    readonly shared: CommShared,
    readonly topology: CartTopology | null,
  ) {
    this.world = proc.world
    this.size = group.size
    this.cluster = this.world.cluster
    this.sim = this.cluster.sim
    this.profile = this.cluster.profile
    this.dataMode = this.world.dataMode
    this.endpoint = proc.endpoint
    this.nic = this.endpoint.nic
    this.trace = this.endpoint.trace
    this.p2p = new PointToPointImpl(this.endpoint, 2 * contextId, group, proc.pendingOps, '')
    this.coll = new PointToPointImpl(this.endpoint, 2 * contextId + 1, group, UNLISTED, 'coll.')
    const records: Readonly<Record<string, CollectiveRecord>> = this.world.collectives
    const self = this as unknown as Record<string, unknown>
    for (const [name, record] of Object.entries(records)) {
      const run = record.run as (core: CommCore, ...args: unknown[]) => unknown
      self[name] = (...args: unknown[]) => this.collective(describeCall(name, record, args, this.profile), () => run(this, ...args))
    }
  }

  get name(): string {
    return this.shared.name
  }

  /**
   * Runs a collective: checks it agrees with the other members' call, lists it while blocked.
   * A nonblocking collective (its body returns a request, not a promise) is returned as is.
   */
  collective<T>(call: CallRecord, body: (contributions: readonly unknown[]) => T, contribution: unknown = null): T {
    const nonblocking = /^i[a-z]/.test(call.name)
    let contributions: readonly unknown[]
    try {
      this.live(call.label)
      contributions = this.shared.enter(this.rank, call, contribution)
    } catch (e) {
      if (nonblocking) throw e
      return Promise.reject(e) as T
    }
    this.inCollective++
    let result: T
    try {
      result = body(contributions)
    } catch (e) {
      this.inCollective--
      if (nonblocking) throw e
      return Promise.reject(e) as T
    }
    if (!(result instanceof Promise)) {
      this.inCollective--
      return result
    }
    return this.proc.pendingOps.around(`${call.label} on ${this.name}`, result).finally(() => { this.inCollective-- }) as T
  }

  /** Notes the call (time-limit report) and checks the communicator was not freed. */
  private live(what: string, peerName: PeerName = '', peer?: unknown, tag?: unknown): void {
    this.proc.lastCall.note(what, this, peerName, peer, tag)
    if (this.freed) throw new MpiError(ERR_ARG, `${what}: communicator ${this.name} was freed`)
  }

  /** Notes a call that works on requests only (wait, test, cancel, compute): no freed check. */
  private called(what: string): void {
    this.proc.lastCall.note(what, this)
  }

  // point-to-point (user context)
  send(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Promise<void> { this.live('send', 'dest', dest, tag); return this.p2p.send(buf, count, type, dest, tag) }
  ssend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Promise<void> { this.live('ssend', 'dest', dest, tag); return this.p2p.ssend(buf, count, type, dest, tag) }
  recv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Promise<Status> { this.live('recv', 'source', source, tag); return this.p2p.recv(buf, count, type, source, tag) }
  isend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Request { this.live('isend', 'dest', dest, tag); return this.p2p.isend(buf, count, type, dest, tag) }
  issend(buf: Buffer, count: number, type: Datatype, dest: number, tag: number): Request { this.live('issend', 'dest', dest, tag); return this.p2p.issend(buf, count, type, dest, tag) }
  irecv(buf: Buffer, count: number, type: Datatype, source: number, tag: number): Request { this.live('irecv', 'source', source, tag); return this.p2p.irecv(buf, count, type, source, tag) }
  sendrecv(
    sendbuf: Buffer, sendcount: number, sendtype: Datatype, dest: number, sendtag: number,
    recvbuf: Buffer, recvcount: number, recvtype: Datatype, source: number, recvtag: number,
  ): Promise<Status> {
    this.live('sendrecv')
    return this.p2p.sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag)
  }
  sendrecvReplace(buf: Buffer, count: number, type: Datatype, dest: number, sendtag: number, source: number, recvtag: number): Promise<Status> {
    this.live('sendrecvReplace')
    return this.p2p.sendrecvReplace(buf, count, type, dest, sendtag, source, recvtag)
  }
  wait(req: Request): Promise<Status> { this.called('wait'); return this.p2p.wait(req) }
  waitall(reqs: readonly Request[]): Promise<Status[]> { this.called('waitall'); return this.p2p.waitall(reqs) }
  waitany(reqs: readonly Request[]): Promise<AnyCompletion> { this.called('waitany'); return this.p2p.waitany(reqs) }
  waitsome(reqs: readonly Request[]): Promise<SomeCompletion> { this.called('waitsome'); return this.p2p.waitsome(reqs) }
  test(req: Request): Promise<Status | null> { this.called('test'); return this.p2p.test(req) }
  testall(reqs: readonly Request[]): Promise<Status[] | null> { this.called('testall'); return this.p2p.testall(reqs) }
  testany(reqs: readonly Request[]): Promise<AnyCompletion | null> { this.called('testany'); return this.p2p.testany(reqs) }
  testsome(reqs: readonly Request[]): Promise<SomeCompletion> { this.called('testsome'); return this.p2p.testsome(reqs) }
  cancel(req: Request): void { this.called('cancel'); this.p2p.cancel(req) }
  probe(source: number, tag: number): Promise<Status> { this.live('probe', 'source', source, tag); return this.p2p.probe(source, tag) }
  iprobe(source: number, tag: number): Promise<Status | null> { this.live('iprobe', 'source', source, tag); return this.p2p.iprobe(source, tag) }

  // communicators and topologies
  dup(): Promise<Comm> {
    return createComm(this, { name: 'dup', label: 'dup()', root: null, bytes: null, op: null, detail: null }, 0, this.rank, this.topology) as Promise<Comm>
  }

  split(color: number, key: number): Promise<Comm | null> {
    return createComm(this, { name: 'split', label: `split(color=${String(color)}, key=${String(key)})`, root: null, bytes: null, op: null, detail: null }, color, key, null)
  }

  async create(group: Group | readonly number[]): Promise<Comm | null> {
    return createFromGroup(this, group)
  }

  /** A communicator of this process made from this one (comm-create.ts decides group, rank and context). */
  derive(group: Group, rank: number, contextId: number, shared: CommShared, topology: CartTopology | null): RankComm {
    return new RankComm(this.proc, group, rank, contextId, shared, topology)
  }

  free(): void {
    this.live('free')
    if (this.contextId === 0) throw new MpiError(ERR_ARG, 'free: COMM_WORLD cannot be freed')
    this.freed = true
    this.proc.contexts.release(this.contextId)
    if (this.shared.freedBy()) this.world.comms.release(this.contextId, this.group.worldRank(0), this.size)
  }

  async createCart(dims: readonly number[], periods: readonly boolean[], reorder = false): Promise<Comm | null> {
    const where = `createCart(dims=[${String(dims)}], periods=[${String(periods)}])`
    if (typeof reorder !== 'boolean') throw new MpiError(ERR_ARG, `${where}: reorder must be true or false`)
    const topology = checkCartArgs(dims, periods, this.size, where)
    const n = topology.dims.reduce((a, b) => a * b, 1)
    const call = { name: 'createCart', label: where, root: null, bytes: null, op: null, detail: JSON.stringify(topology) }
    return createComm(this, call, this.rank < n ? 0 : UNDEFINED, this.rank, topology)
  }

  cartCoords(rank: number): number[] {
    return cartCoords(this.cart('cartCoords'), rank, `cartCoords(${String(rank)})`)
  }

  cartRank(coords: readonly number[]): number {
    return cartRank(this.cart('cartRank'), coords, `cartRank([${String(coords)}])`)
  }

  cartShift(direction: number, disp: number): { readonly source: number; readonly dest: number } {
    return cartShift(this.cart('cartShift'), this.rank, direction, disp, `cartShift(${String(direction)}, ${String(disp)})`)
  }

  async cartSub(remainDims: readonly boolean[]): Promise<Comm> {
    const where = `cartSub([${String(remainDims)}])`
    const { color, topology } = cartSubSplit(this.cart('cartSub'), this.rank, remainDims, where)
    const call = { name: 'cartSub', label: where, root: null, bytes: null, op: null, detail: JSON.stringify(remainDims) }
    return (await createComm(this, call, color, this.rank, topology))!
  }

  private cart(call: string): CartTopology {
    if (this.topology === null) throw new MpiError(ERR_ARG, `${call}: communicator ${this.name} has no Cartesian topology (make one with createCart)`)
    return this.topology
  }

  // time
  wtime(): number { return this.nowPs() / PS_PER_S }
  nowPs(): number { return Math.max(this.sim.now, this.endpoint.cpu.freeAt) }

  async compute(work: ComputeWork): Promise<void> {
    this.called('compute')
    const ps = computePs(work, this.profile)
    this.endpoint.trace?.calc(ps)
    await this.endpoint.cpu.spend(ps)
  }

  // for collectives/
  busy(ps: Ps): Promise<void> {
    this.endpoint.trace?.calc(ps)
    return this.endpoint.cpu.spend(ps)
  }
  pending<T>(description: string, p: Promise<T>): Promise<T> {
    return this.inCollective > 0 ? p : this.proc.pendingOps.around(description, p)
  }
  userMatchBits(low: bigint): bigint {
    if (low < 0n || low >= 1n << USER_CONTEXT_SHIFT) throw new MpiError(ERR_OTHER, `userMatchBits: ${low} is outside [0, 2^52)`)
    return userBits((BigInt(this.contextId) << USER_CONTEXT_SHIFT) | low)
  }
  /** Made on first use (a rank that starts no nonblocking collective never builds one). */
  get engine(): ProgressEngine {
    if (this.progressEngine === null) {
      const ep = engineEndpoint(this.endpoint)
      // The engine's messages use the communicator's collective context; nonblocking instances
      // keep apart from blocking ones by their tag ranges (collectives/tags.ts).
      const coll = new PointToPointImpl(ep, 2 * this.contextId + 1, this.group, UNLISTED, 'nbc.')
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
  nextBcastSequence(): number {
    return this.bcastSequence++ >>> 0
  }
  nextNonblockingSequence(): number {
    return this.nonblockingSequence++
  }
}

function computePs(work: ComputeWork, profile: Profile): Ps {
  let nanos: unknown
  if (typeof work === 'number') nanos = work
  else if (typeof work === 'object' && work !== null && 'ns' in work) nanos = work.ns
  else if (typeof work === 'object' && work !== null && 'flops' in work) nanos = typeof work.flops === 'number' ? work.flops / profile.host.flopsPerNs : work.flops
  else nanos = work
  if (!(typeof nanos === 'number' && Number.isFinite(nanos) && nanos >= 0)) {
    throw new MpiError(ERR_ARG, `compute: expected non-negative nanoseconds, {ns} or {flops}, got ${showWork(work)}`)
  }
  // simulated time is integer picoseconds, exact up to 2^53
  if (nanos * 1000 > Number.MAX_SAFE_INTEGER) {
    throw new MpiError(ERR_ARG, `compute: ${nanos} ns is past the simulated clock's range (at most ${Math.floor(Number.MAX_SAFE_INTEGER / 1000)} ns)`)
  }
  return ns(nanos)
}

function showWork(work: unknown): string {
  if (typeof work !== 'object' || work === null) return showValue(work)
  return `{${Object.entries(work).map(([k, v]) => `${k}: ${showValue(v)}`).join(', ')}}`
}

/** The internal communicator behind a user's `comm` (tools and tests drive collectives' parts with it). */
export function coreOf(comm: Comm): CommCore {
  if (!(comm instanceof RankComm)) throw new TypeError('coreOf: not a communicator built by run()')
  return comm
}
