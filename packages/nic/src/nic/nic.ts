// One sPIN NIC (SC17 §2-3, SC19 §2.1; docs/nic.md): matching unit, packet buffer, HER scheduler and HPUs, NIC memory,
// DMA engine over PCIe, inbound and outbound engines, and the host interface (event queue,
// counting events). Host code posts MEs with execution contexts and issues puts here.

import debugFactory from 'debug'
import { DmaEngine } from '../host-link/dma-engine.js'
import type { Network } from '../net/network.js'
import { PcieModel } from '../host-link/pcie.js'
import type { Profile } from '../profile/schema.js'
import type { Simulator } from '../sim/simulator.js'
import type { Ps } from '../sim/time.js'
import { ns } from '../sim/time.js'
import { CountingEvent } from './counting-event.js'
import { ExecutionContext } from './execution-context.js'
import { HpuMemoryPool } from './hpu-memory-pool.js'
import type { ExecutionContextSpec, PutDestination } from './handler-api.js'
import { HerPool } from './her.js'
import type { HpuServices } from './hpu-context.js'
import { HpuRunner } from './hpu-runner.js'
import { HostEventQueue, makeEvent, type HostEvent } from './host-events.js'
import { InboundEngine } from './inbound.js'
import type { MatchEntry, MeOptions } from './match-entry.js'
import { MatchingUnit, type UnexpectedMessage } from './matching.js'
import { NicInputError, inputSchemas, parseInput } from './me-schema.js'
import { NicMemory } from './nic-memory.js'
import type { NicParts } from './nic-parts.js'
import { NicStats } from './nic-stats.js'
import { OutboundEngine, type PutOptions, type StreamingPut } from './outbound.js'
import { PacketBuffer } from './packet-buffer.js'
import type { ProcessedMessage } from './processed-message.js'
import { HerScheduler } from './scheduler.js'

const log = debugFactory('spinmpi:nic')

/** What a NIC is built with: node id, profile and the shared simulator, network and host memory. */
export interface NicOptions {
  readonly sim: Simulator
  readonly node: number
  readonly profile: Profile
  readonly network: Network
  /** Keep every host event in events.log (default true). */
  readonly keepEventLog?: boolean
  /** Keep a record of every message received in stats.messages (default true; run() needs none). */
  readonly keepMessageLog?: boolean
  /**
   * Keep the time series of the DMA queue depth (`dma.depth`), the packet buffer's occupancy
   * (`buffer.occupancy`) and NIC memory's (`memory.occupancy`); default true. They take two
   * samples per DMA and per packet, 32 bytes: gigabytes over a run of many ranks with small
   * blocks. Their peaks are kept either way (NIC memory's latest value too).
   */
  readonly keepSeries?: boolean
  /**
   * The caller validated its own inputs (the runtime's run()): MEs and contexts are not parsed
   * again with zod on every post, which cost a sixth of a many-rank run. Default false.
   */
  readonly trustedInputs?: boolean
}

/** One sPIN NIC: matching, packet buffer, HPUs, NIC memory, DMA to its host, and the outbound engine for puts. */
export class Nic {
  readonly node: number
  readonly sim: Simulator
  readonly profile: Profile
  readonly network: Network
  readonly events: HostEventQueue
  readonly matching = new MatchingUnit()
  readonly memory: NicMemory
  readonly buffer: PacketBuffer
  readonly dma: DmaEngine<ProcessedMessage>
  readonly scheduler: HerScheduler
  readonly stats = new NicStats()
  /** State host-side software keeps with this NIC for the run (e.g. resident type state), by key. */
  readonly attached = new Map<symbol, unknown>()
  readonly inbound: InboundEngine
  readonly outbound: OutboundEngine
  private readonly parts: NicParts
  private readonly postFn = (e: HostEvent) => this.events.post(e)
  private readonly putFn = (put: PutOptions) => { this.outbound.put(put) }
  /** HPU memory of released contexts, for the next ones. */
  private readonly hpuMemory = new HpuMemoryPool()
  /** Contexts of retired MEs (retireMe), for the next ones. */
  private readonly spareContexts: ExecutionContext[] = []
  private readonly trustedInputs: boolean

  constructor(options: NicOptions) {
    const { sim, node, profile, network } = options
    this.sim = sim
    this.node = node
    this.profile = profile
    this.network = network
    this.events = new HostEventQueue(sim, options.keepEventLog ?? true)
    this.trustedInputs = options.trustedInputs ?? false
    this.stats.keepMessages = options.keepMessageLog ?? true
    this.memory = new NicMemory(profile.nic.nicMemBytes)
    this.buffer = new PacketBuffer(profile.nic.pktBufBytes, options.keepSeries ?? true, sim)
    if (options.keepSeries === false) this.memory.occupancy.keepLatestOnly()
    this.dma = new DmaEngine<ProcessedMessage>(sim, new PcieModel(profile.pcie), {
      lanes: profile.nic.hpus,
      keepSeries: options.keepSeries ?? true,
      onWrite: (msg, done, bytes, hostOffset, notify) => this.written(msg, done, bytes, hostOffset, notify),
      onWriteRun: (msg, done) => { if (done > msg.lastWriteAt) msg.lastWriteAt = done },
    })
    const runner = new HpuRunner(this.services(), profile.costs.handlerBaseCycles)
    this.scheduler = new HerScheduler(sim, profile.nic.hpus, ns(profile.nic.handlerDispatchNs), runner)
    this.parts = {
      sim, node, profile, network,
      dma: this.dma, matching: this.matching, memory: this.memory, buffer: this.buffer,
      events: this.events, stats: this.stats, herPool: new HerPool(), scheduler: this.scheduler,
      // (the event's time goes to the simulator through its register: see Simulator.staged)
      postAt: (e) => {
        if (e.time <= sim.now) return this.events.post(e)
        sim.staged[0] = e.time
        sim.atStaged(this.postFn, e)
      },
      later: (t, fn) => (t <= sim.now ? fn() : sim.at(t, fn)),
    }
    this.outbound = new OutboundEngine(this.parts)
    this.inbound = new InboundEngine(this.parts, {
      meIdle: (me) => this.release(me),
      sendAck: (h, at) => this.outbound.sendAck(h, at),
    })
    network.attach(node, (pkt) => this.inbound.arrive(pkt))
  }

  /** A counting event host code can attach to MEs and await. */
  counter(): CountingEvent {
    return new CountingEvent(this.sim)
  }

  /**
   * Posts an ME. Its execution context's HPU memory is allocated from NIC memory now: a
   * NicMemoryError is thrown when that fails (the caller falls back, e.g. to host unpack). A
   * priority ME first looks at the unexpected messages; if one matches, a 'put-overflow' event
   * tells the host (when its last byte is in) and a use-once ME is consumed by it.
   */
  postMe(options: MeOptions): MatchEntry {
    if (!this.trustedInputs) parseInput(inputSchemas(this.profile.nic.hpuMemBytes).me, options, 'me')
    const host = options.hostBuffer ?? null
    if (host !== null && host.length < options.length) {
      throw new NicInputError(`me.length: ${options.length} B exceeds hostBuffer (${host.length} B)`)
    }
    const me = this.matching.create(options)
    if (options.context !== undefined) me.context = this.makeContext(options.context, options.length, options.counter ?? null)
    if (me.list === 'priority') {
      const u = this.matching.searchUnexpected(me, true)
      if (u !== null) {
        this.claim(me, u)
        if (me.useOnce) {
          me.linked = false
          this.release(me)
          return me
        }
      }
    }
    this.matching.link(me)
    // guarded: a call of a disabled debug logger still allocates its argument list
    if (log.enabled) log('node %d: ME %d posted on %s list', this.node, me.id, me.list)
    return me
  }

  /**
   * The owner of `me` will not read it again and holds none of its events (the runtime's series
   * receives, once their step has observed them: recv-protocol.ts). A later postMe may hand it out
   * again if the NIC is done with it as well: unlinked and released (its execution context too,
   * if it had one: released with it), no message in flight, no event log (a logged put-overflow
   * event's unexpected record names the ME that claimed it). Otherwise nothing happens. True
   * when it was retired (its options and context are no longer referenced by it then).
   */
  retireMe(me: MatchEntry): boolean {
    if (me.linked || !me.released || me.activeMessages !== 0 || this.events.keepLog) return false
    const ctx = me.context
    this.matching.retire(me)
    // Its context goes with it: its messages are finalized (their DMA writes booked) and its
    // owner will not read the ME again; the records and HPU contexts that still point at it read
    // it only during a handler of theirs.
    if (ctx !== null) {
      if (this.matching.reusesEntries) this.spareContexts.push(ctx)
      else ctx.poison()
    }
    return true
  }

  /** Unlinks an ME; its context is released once no message uses it. */
  unlinkMe(me: MatchEntry): void {
    this.matching.unlink(me)
    if (me.activeMessages === 0) this.release(me)
  }

  /** Looks for an unexpected message `me`'s match rule accepts, without posting (MPI probe). */
  probe(options: Pick<MeOptions, 'matchBits' | 'ignoreBits' | 'source'>, remove = false): UnexpectedMessage | null {
    const probe = this.matching.create({ ...options, length: 0 })
    return this.matching.searchUnexpected(probe, remove)
  }

  /** Sends `bytes` from host memory to a remote ME (an RDMA put). */
  put(opts: PutOptions): ReturnType<OutboundEngine['put']> {
    return this.outbound.put(opts)
  }

  /** Starts a streaming put of `totalBytes` whose data arrives in chunks (sPIN's streaming put). */
  sputStart(dest: PutDestination, totalBytes: number, chunk: Uint8Array | null, chunkBytes: number, eom = false): StreamingPut {
    return this.outbound.sputStart(dest, totalBytes, chunk, chunkBytes, eom)
  }

  /** Adds the next chunk of a streaming put; `eom` marks the last. */
  sputStream(s: StreamingPut, chunk: Uint8Array | null, chunkBytes: number, eom: boolean): void {
    this.outbound.sputStream(s, chunk, chunkBytes, eom)
  }

  /** A put whose packets are produced by handlers on this NIC (outbound processing). */
  processPut(dest: PutDestination, bytes: number, spec: ExecutionContextSpec): ReturnType<OutboundEngine['processPut']> {
    if (!this.trustedInputs) parseInput(inputSchemas(this.profile.nic.hpuMemBytes).context, spec, 'context')
    return this.outbound.processPut(dest, bytes, spec)
  }

  private makeContext(spec: ExecutionContextSpec, hostLength: number, counter: CountingEvent | null): ExecutionContext {
    const off = spec.hpuMemBytes > 0 ? this.memory.allocNow(spec.hpuMemBytes, this.sim) : -1
    const zeroed = this.hpuMemory.take(spec.hpuMemBytes)
    const ctx = this.spareContexts.pop()?.reset(spec, off, hostLength, zeroed) ??
      new ExecutionContext(spec, off, hostLength, this.stats.split, zeroed)
    ctx.counter = counter
    return ctx
  }

  private claim(me: MatchEntry, u: UnexpectedMessage): void {
    u.claimed = true
    u.claimedBy = me
    if (!u.done) return
    this.events.post(makeEvent('put-overflow', this.sim.now, this.node, {
      meId: me.id, userPtr: me.options.userPtr ?? 0, header: u.header, length: u.header.length, hostOffset: u.hostOffset,
      droppedBytes: u.droppedBytes, firstByteAt: u.firstByteAt, unexpected: u,
    }))
  }

  /** Frees an unlinked ME's context (NIC memory). */
  private release(me: MatchEntry): void {
    if (me.released) return
    me.released = true
    const ctx = me.context
    if (ctx !== null && !ctx.released) {
      ctx.released = true
      if (ctx.nicMemOffset >= 0) this.memory.freeNow(ctx.nicMemOffset, this.sim)
      // no handler of it runs again (no message in flight, unlinked): its bytes serve the next context
      this.hpuMemory.give(ctx.mem)
    }
  }

  private services(): HpuServices {
    const profile = this.profile
    const sim = this.sim
    const dma = this.dma
    const memAccess = Math.max(1, profile.nic.nicMemLatencyCycles)
    return {
      node: this.node,
      numHpus: profile.nic.hpus,
      hpuHz: profile.nic.hpuHz,
      mtu: profile.network.mtuBytes,
      issueCycles: profile.costs.dmaIssueCycles,
      // A read and a write of NIC memory.
      atomicCycles: 2 * memAccess,
      hostCopies: sim.hostCopies,
      dma,
      putFromDevice: (t, data, len, dest) => { this.outbound.putFromDevice(t, data, len, dest) },
      putFromHost: (t, hostOffset, len, dest, msg) => {
        const host = msg.context.hostBuffer
        const data = host === null ? null : host.subarray(hostOffset, hostOffset + len)
        // The put's options are its event's argument: no closure per call.
        const put: PutOptions = { ...dest, bytes: len, data }
        if (t <= sim.now) this.outbound.put(put)
        else sim.at(t, this.putFn, put)
      },
      counterInc: (t, msg, n) => {
        const c = msg.context.counter
        if (c === null) return
        if (t <= sim.now) c.inc(n)
        else sim.at(t, c.incBy, n)
      },
      hostEvent: (t, msg, value) => {
        const ev = this.events
        ev.times[0] = t
        ev.times[1] = t
        this.parts.postAt(ev.event('handler', this.node, msg.meId, msg.userPtr, msg.header, 0, 0, 0, value, '', null))
      },
    }
  }

  /** A handler's DMA write was booked: the message's last write time, and its host event if wanted. */
  private written(msg: ProcessedMessage, done: Ps, bytes: number, hostOffset: number, notify: boolean): void {
    if (done > msg.lastWriteAt) msg.lastWriteAt = done
    if (!notify) return
    const ev = this.events
    ev.times[0] = done
    ev.times[1] = done
    this.parts.postAt(ev.event('dma', this.node, msg.meId, msg.userPtr, msg.header, bytes, hostOffset, 0, 0, '', null))
  }
}
