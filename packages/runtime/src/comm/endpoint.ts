// One rank's protocol engine on its NIC: routes host events to the operation waiting for them
// (by the ME's userPtr, or by message id for local send completions), keeps an overflow ME that
// catches unexpected eager messages and ready-to-send controls, and wakes blocked probes.
// Events are handled as they are posted (asynchronous progress), each in a microtask of its own.

import type { HostEvent, Nic, Profile, Ps, Signal, Simulator } from '@spinmpi/nic/internal'
import { ns } from '@spinmpi/nic'
import type { RankGoalTrace } from '../trace/rank-goal-trace.js'
import { HostCpu } from './host-cpu.js'
import { IntMap } from './int-map.js'
import type { World } from './world.js'
import type { RequestImpl } from './request.js'

const ALL_BITS = (1n << 64n) - 1n
/** Timing mode: the overflow buffer has no bytes, so it can be as long as anything sent. */
const TIMING_OVERFLOW_BYTES = 2 ** 50
/** Data mode: the smallest first overflow buffer (eight eager messages fit in any case). */
const MIN_OVERFLOW_BYTES = 64 * 1024

export type EventRoute = (e: HostEvent) => void

/** A route that is an object (a posted receive): no closure per message. */
export interface EventTarget {
  onHostEvent(e: HostEvent): void
  /** A user's receive that no message matched yet: its description (end-of-run report); else null. */
  unmatched?(): string | null
}

const isUnlink = (e: HostEvent): boolean => e.kind === 'unlink'

export class Endpoint {
  readonly nic: Nic
  readonly sim: Simulator
  readonly profile: Profile
  readonly cpu: HostCpu
  /** Host overhead o per message. */
  readonly overheadPs: Ps
  /** One poll of the completion queue (test, iprobe): a DRAM read of the queue entry. */
  readonly pollPs: Ps
  readonly eagerLimit: number
  /** This rank's GOAL recorder, or null when the run records none. */
  readonly trace: RankGoalTrace | null
  /** The user's nonblocking requests that failed (RequestImpl.failures); run() reports the unobserved ones. */
  readonly failedRequests: RequestImpl[] = []
  private readonly routes = new IntMap<EventRoute | EventTarget>()
  private readonly sends = new IntMap<EventRoute | EventTarget>()
  private nextPtr = 1
  private nextRendezvous = 0
  /** Rendezvous ids given back (takeRendezvousId), taken again last in, first out. */
  private readonly freeRendezvous: number[] = []
  private probeWaiters: Signal<void>[] = []
  private overflowPtr = 0
  private overflowLength = 0
  private overflowMe: ReturnType<Nic['postMe']> | null = null
  private readonly mine = (e: HostEvent): boolean =>
    (e.userPtr !== 0 && this.routes.has(e.userPtr)) || (e.kind === 'send' && this.sends.has(e.header.messageId))

  constructor(readonly world: World, readonly rank: number) {
    this.nic = world.cluster.nic(rank)
    this.sim = world.cluster.sim
    this.profile = world.cluster.profile
    this.cpu = new HostCpu(this.sim)
    this.overheadPs = ns(this.profile.network.overheadNs)
    this.pollPs = ns(this.profile.host.memLatencyNs)
    this.eagerLimit = this.profile.network.eagerLimitBytes
    this.trace = world.trace === null ? null : world.trace.rank(rank)
    this.postOverflow()
    // No route reacts to a use-once ME's unlink (every receive's ME is one): nobody is woken for it.
    // No route keeps its event after it returns (they read its fields at once): the NIC may reuse it.
    this.nic.events.listen(this.mine, (e) => this.progress(e), isUnlink, true)
  }

  /** The user's receives still posted that no message matched, in the order they were posted (for the end-of-run report). */
  unmatchedReceives(): string[] {
    const found: [number, string][] = []
    this.routes.forEach((ptr, r) => {
      const call = typeof r === 'function' || r.unmatched === undefined ? null : r.unmatched()
      if (call !== null) found.push([ptr, call])
    })
    return found.sort((a, b) => a[0] - b[0]).map(([, call]) => call)
  }

  /** A fresh userPtr whose events go to `route` (until unroute). */
  route(route: EventRoute | EventTarget): number {
    const ptr = this.nextPtr++
    this.routes.set(ptr, route)
    return ptr
  }

  unroute(ptr: number): void {
    this.routes.delete(ptr)
  }

  /** Runs `route` when the put with this message id has left the NIC. */
  onSent(messageId: number, route: EventRoute | EventTarget): void {
    this.sends.set(messageId, route)
  }

  /**
   * An id for one of this rank's rendezvous MEs (a sender's CTS ME, a receiver's data ME), the low
   * bits of its match bits: unique among the rank's linked rendezvous MEs (given back once its ME
   * has matched). Ids taken again stay small, so the bits of every message are ones matchBits
   * keeps: an id per message for ever made two BigInts per rendezvous.
   */
  takeRendezvousId(): number {
    return this.freeRendezvous.pop() ?? this.nextRendezvous++
  }

  /** Gives back an id whose ME has matched: no message can take that ME any more. */
  releaseRendezvousId(id: number): void {
    this.freeRendezvous.push(id)
  }

  /** Resolves at the next unexpected message (for blocking probe). */
  nextUnexpected(): Promise<void> {
    const s = this.sim.signal<void>()
    this.probeWaiters.push(s)
    return s.promise
  }

  private progress(e: HostEvent): void {
    if (e.kind === 'send') {
      const route = this.sends.get(e.header.messageId)!
      this.sends.delete(e.header.messageId)
      if (typeof route === 'function') route(e)
      else route.onHostEvent(e)
    } else {
      const r = this.routes.get(e.userPtr)!
      if (typeof r === 'function') r(e)
      else r.onHostEvent(e)
    }
  }

  /**
   * The overflow ME takes every message no posted ME wants, one after another in its buffer. When
   * half of it is used a fresh one replaces it (MPI libraries cycle overflow buffers the same way).
   * In data mode the first buffer is small and each replacement doubles it up to the run's
   * unexpectedBufferBytes, so ranks that get few unexpected messages hold little memory (a
   * 4 MiB buffer per rank up front made runs of thousands of ranks slow and large).
   */
  private postOverflow(): void {
    const data = this.world.dataMode
    const full = this.world.unexpectedBufferBytes
    const first = Math.min(full, Math.max(MIN_OVERFLOW_BYTES, 8 * this.eagerLimit))
    const length = !data ? TIMING_OVERFLOW_BYTES : this.overflowMe === null ? first : Math.min(full, 2 * this.overflowLength)
    const old = this.overflowMe
    const oldPtr = this.overflowPtr
    this.overflowPtr = this.route((e) => this.onOverflowEvent(e))
    this.overflowLength = length
    this.overflowMe = this.nic.postMe({
      matchBits: 0n, ignoreBits: ALL_BITS, list: 'overflow', useOnce: false, manageLocal: true,
      hostBuffer: null, hostBytesOnDemand: data, length, userPtr: this.overflowPtr,
    })
    if (old !== null) {
      this.nic.unlinkMe(old)
      // Messages still arriving into the old buffer report through the same route.
      this.routes.set(oldPtr, (e) => this.onOverflowEvent(e))
    }
  }

  private onOverflowEvent(e: HostEvent): void {
    if (e.kind !== 'unexpected') return
    const waiters = this.probeWaiters
    this.probeWaiters = []
    for (const w of waiters) w.fire()
    const me = this.overflowMe
    if (me !== null && (me.localOffset * 2 > this.overflowLength || me.localOffset + 2 * this.eagerLimit > this.overflowLength)) this.postOverflow()
  }
}
