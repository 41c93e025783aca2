// The network: messages become packets of at most mtuBytes payload plus headerBytes on the wire.
// Each NIC has one injection port and one ejection port, both serializing at the link rate;
// the fabric has full bisection and latency L. For a packet of p payload bytes:
//   ser(p)      = (p + headerBytes) * 8 / linkGbps
//   a message's first packet starts at max(now, port free, previous message start + g);
//   later packets follow back to back while the port is free
//   ejectStart  = max(injectStart + L, destination ejection port free)     (cut-through)
//   arrival     = ejectStart + ser(p)                                      (last bit at the NIC)
// So an uncontended packet arrives L + ser(p) after it starts, and a stream of n packets takes
// n * ser + L (the pipeline fills in L).
// Back-pressure: pause(node) stops every source from injecting further packets to that node
// until resume(node); packets already injected still land (the receiver needs about L * rate of
// headroom per sender, as with any credit-based link). Faults and reordering draw from seeded
// streams, so runs repeat exactly; a lost packet is sent again after a retransmission timeout
// (retransmit.ts). See docs/nic.md and docs/faults.md.

import debugFactory from 'debug'
import { Rng } from '../sim/rng.js'
import { quietEvent, type Simulator } from '../sim/simulator.js'
import type { Ps } from '../sim/time.js'
import { ns, transferPs } from '../sim/time.js'
import type { NetworkParams } from '../profile/schema.js'
import { advance, chunkPackets, hasPending, isDone, OutChunk, OutMessage } from './out-message.js'
import { packetViews, type PacketViews } from './payload-views.js'
import { Packet, PKT_COMPLETION, PKT_DUPLICATE, PKT_HEADER, type PacketArrival } from './packet.js'
import { boundedShuffle } from './reorder.js'
import { removeAt } from './list-at.js'
import { defaultRtoPs, ResendQueue, type Resend } from './retransmit.js'
import type { FaultOptions, MessageSpec, NetworkCounters, NetworkOptions, ReorderOptions, StreamSpec } from './types.js'

const log = debugFactory('spinmpi:nic:net')

export class NetworkError extends Error {
  override readonly name = 'NetworkError'
}

/** Per-node port state. */
interface Port {
  arrive: PacketArrival | null
  injectFree: Ps
  lastMsgStart: Ps
  ejectFree: Ps
  paused: boolean
  pumpScheduled: boolean
  /** Time of the pump event scheduled last (meaningful while pumpScheduled). */
  pumpAt: Ps
  /** Lost packets of this source waiting for their retransmission timeout. */
  resend: ResendQueue
  /** Messages with packets still to inject, oldest first. */
  queue: OutMessage[]
  /** Sources stalled because this node paused its ejection. */
  waiters: number[]
}

export class Network {
  readonly params: NetworkParams
  readonly counters: NetworkCounters = {
    messages: 0,
    packetsInjected: 0,
    packetsDelivered: 0,
    packetsDropped: 0,
    packetsDuplicated: 0,
    packetsRetransmitted: 0,
    payloadBytesInjected: 0,
  }
  private readonly sim: Simulator
  private readonly latency: Ps
  private readonly gap: Ps
  private readonly fullPacketPs: Ps
  private readonly ports: Port[] = []
  /** Released packets (a stack: `poolTop` of them, from the bottom; push/pop stayed builtin calls). */
  private readonly pool: Packet[] = []
  private poolTop = 0
  /** Released messages and chunks (see OutMessage), reused when reuseObjects is on. */
  private readonly messagePool: OutMessage[] = []
  private readonly chunkPool: OutChunk[] = []
  private readonly reuse: boolean
  private readonly streams = new Map<number, OutMessage>()
  private readonly reorder: ReorderOptions | null
  private readonly faults: FaultOptions | null
  private readonly reorderRng: Rng | null
  private readonly faultRng: Rng | null
  /** Retransmission timeout after a lost packet's last bit left. */
  readonly rtoPs: Ps
  private nextMsgId = 0
  private readonly pumpFn: (node: number) => void
  private readonly deliverFn: (pkt: Packet) => void
  private readonly injectedFn = (msg: OutMessage): void => this.injected(msg)

  constructor(sim: Simulator, params: NetworkParams, options: NetworkOptions = {}) {
    this.sim = sim
    this.params = params
    this.latency = ns(params.latencyNs)
    this.gap = ns(params.gapNs)
    this.fullPacketPs = transferPs(params.mtuBytes + params.headerBytes, params.linkGbps)
    this.reorder = options.reorder ?? null
    this.faults = options.faults ?? null
    this.reuse = options.reuseObjects ?? true
    if (this.reorder !== null && !(Number.isInteger(this.reorder.window) && this.reorder.window >= 1)) {
      throw new NetworkError(`reorder.window: expected a positive integer, got ${this.reorder.window}`)
    }
    if (this.faults !== null) {
      for (const key of ['drop', 'duplicate'] as const) {
        const p = this.faults[key]
        if (!(p >= 0 && p <= 1)) throw new NetworkError(`faults.${key}: expected a probability in [0, 1], got ${p}`)
      }
    }
    this.reorderRng = this.reorder === null ? null : new Rng(this.reorder.seed, 'net.reorder')
    this.faultRng = this.faults === null ? null : new Rng(this.faults.seed, 'net.faults')
    const rto = this.faults?.rtoPs
    if (rto !== undefined && !(Number.isInteger(rto) && rto > 0)) throw new NetworkError(`faults.rtoPs: expected a positive integer, got ${rto}`)
    this.rtoPs = rto ?? defaultRtoPs(params)
    this.pumpFn = quietEvent((node: number) => this.pump(node))
    this.deliverFn = quietEvent((pkt: Packet) => this.deliver(pkt))
  }

  /** True when fault injection may deliver a packet twice (so one may come after its message ended). */
  get mayDuplicate(): boolean {
    return this.faults !== null && this.faults.duplicate > 0
  }

  /** Connects `node`'s NIC: `onPacketArrive` runs when a packet's last bit has arrived. */
  attach(node: number, onPacketArrive: PacketArrival): void {
    this.port(node).arrive = onPacketArrive
  }

  /** Packets a message of `bytes` payload becomes. */
  packetCount(bytes: number): number {
    return bytes <= 0 ? 1 : Math.ceil(bytes / this.params.mtuBytes)
  }

  /** Link time of one packet with `payload` bytes. */
  serializationPs(payload: number): Ps {
    return payload === this.params.mtuBytes ? this.fullPacketPs : transferPs(payload + this.params.headerBytes, this.params.linkGbps)
  }

  /** Queues a whole message for injection at its source; returns its message id. */
  send(spec: MessageSpec): number {
    const data = spec.data ?? null
    this.checkChunk(spec.bytes, data)
    // a whole message is never looked up by id: it skips the table of open streams
    const msg = this.open(spec)
    this.append(msg, spec.bytes, data, true)
    return msg.id
  }

  /**
   * Opens a message whose bytes come in several calls (a streaming put): the target sees one
   * message whose header packet is the first packet of the first chunk and whose completion
   * packet is the last packet of the chunk passed with end = true.
   */
  openStream(spec: StreamSpec): number {
    const msg = this.open(spec)
    this.streams.set(msg.id, msg)
    return msg.id
  }

  /** Appends `bytes` (with their data, or null in timing mode) to an open message. */
  stream(msgId: number, bytes: number, data: Uint8Array | null, end: boolean): void {
    const msg = this.streams.get(msgId)
    if (msg === undefined) throw new NetworkError(`message ${msgId}: not an open message (unknown, or already ended)`)
    this.checkChunk(bytes, data)
    if (end) this.streams.delete(msgId)
    this.append(msg, bytes, data, end)
  }

  /** A message object for `spec` (from the pool when there is one), counted. */
  private open(spec: StreamSpec): OutMessage {
    this.requireAttached(spec.src, 'src')
    this.requireAttached(spec.dst, 'dst')
    const msg = this.messagePool.pop() ?? new OutMessage()
    msg.id = this.nextMsgId++
    msg.src = spec.src
    msg.dst = spec.dst
    msg.user = spec.user ?? null
    msg.onInjected = spec.onInjected
    msg.chunk = 0
    msg.seqNext = 0
    msg.bytes = 0
    msg.sent = 0
    msg.ended = false
    this.counters.messages++
    return msg
  }

  /** Gives a finished message and its chunks back (poisoned, so a stale read shows). */
  private releaseMessage(msg: OutMessage): void {
    const chunks = msg.chunks
    // pop, not length = 0: the array keeps its backing store for the next message
    while (chunks.length > 0) {
      const c = chunks.pop()!
      c.data = null
      c.views = null
      c.order = null
      c.npkts = -1
      c.next = -1
      if (this.reuse) this.chunkPool.push(c)
    }
    msg.user = null
    msg.onInjected = undefined
    msg.id = -1
    msg.src = -1
    msg.dst = -1
    if (this.reuse) this.messagePool.push(msg)
  }

  /** The onInjected event of a message: its callback, then the message goes back to the pool. */
  private injected(msg: OutMessage): void {
    msg.onInjected!(msg.id, msg.user)
    this.releaseMessage(msg)
  }

  private append(msg: OutMessage, bytes: number, data: Uint8Array | null, end: boolean): void {
    const last = msg.chunks[msg.chunks.length - 1]
    if (bytes === 0 && end && last !== undefined && last.order === null && last.next < last.npkts) {
      // the previous chunk's last packet has not left yet: it becomes the completion packet
      last.end = true
    } else {
      const npkts = chunkPackets(bytes, this.params.mtuBytes, end)
      let order: Int32Array | null = null
      if (this.reorder !== null && this.reorder.window > 1 && npkts > 1) {
        order = new Int32Array(npkts)
        boundedShuffle(npkts, this.reorder.window, this.reorderRng!, order)
      }
      const views = data === null ? null : packetViews(data)
      const chunk = this.chunkPool.pop() ?? new OutChunk()
      chunk.msgOffset = msg.bytes
      chunk.bytes = bytes
      chunk.data = data
      chunk.views = views
      chunk.end = end
      chunk.npkts = npkts
      chunk.seqBase = msg.seqNext
      chunk.next = 0
      chunk.order = order
      msg.chunks.push(chunk)
      msg.seqNext += npkts
      msg.bytes += bytes
    }
    advance(msg)
    if (end) msg.ended = true
    // guarded: a call of a disabled debug logger still allocates its argument list
    if (log.enabled) log('msg %d: %d -> %d, +%d B%s', msg.id, msg.src, msg.dst, bytes, end ? ' (end)' : '')
    const port = this.ports[msg.src]!
    if (!port.queue.includes(msg)) port.queue.push(msg)
    this.schedulePump(msg.src, Math.max(this.sim.now, port.injectFree))
  }

  /** Stops injection of further packets towards `node` (its packet buffer is full). */
  pause(node: number): void {
    this.port(node).paused = true
  }

  /** Lets stalled sources resume injecting towards `node`. */
  resume(node: number): void {
    const port = this.port(node)
    if (!port.paused) return
    port.paused = false
    const waiters = port.waiters
    for (let i = 0; i < waiters.length; i++) {
      const src = waiters[i]!
      this.schedulePump(src, Math.max(this.sim.now, this.ports[src]!.injectFree))
    }
    waiters.length = 0
  }

  isPaused(node: number): boolean {
    return this.port(node).paused
  }

  /** Returns a delivered packet to the pool once the NIC is done with it (optional). */
  release(pkt: Packet): void {
    pkt.messageData = null
    pkt.views = null
    pkt.user = null
    if (!this.reuse) {
      pkt.src = pkt.dst = pkt.msgId = pkt.seq = pkt.offset = pkt.length = -1
      return
    }
    if (this.poolTop === this.pool.length) this.pool.push(pkt)
    else this.pool[this.poolTop] = pkt
    this.poolTop++
  }

  /** Time `node`'s injection port is next free. */
  injectionFreeAt(node: number): Ps {
    return this.port(node).injectFree
  }

  private checkChunk(bytes: number, data: Uint8Array | null): void {
    if (!(Number.isInteger(bytes) && bytes >= 0)) {
      throw new NetworkError(`message bytes: expected a non-negative integer, got ${bytes}`)
    }
    if (data !== null && data.length < bytes) {
      throw new NetworkError(`message data: ${data.length} bytes given for a ${bytes}-byte message`)
    }
  }

  private port(node: number): Port {
    if (!(Number.isInteger(node) && node >= 0)) throw new NetworkError(`node: expected a non-negative integer, got ${node}`)
    while (this.ports.length <= node) this.ports.push(newPort())
    return this.ports[node]!
  }

  private requireAttached(node: number, field: string): void {
    if (!(Number.isInteger(node) && node >= 0) || this.ports[node]?.arrive == null) {
      throw new NetworkError(`message ${field}: node ${node} is not attached to the network`)
    }
  }

  private schedulePump(node: number, t: Ps): void {
    const port = this.ports[node]!
    if (port.pumpScheduled) return
    port.pumpScheduled = true
    port.pumpAt = t
    this.sim.staged[0] = t
    this.sim.atStaged(this.pumpFn, node)
  }

  /**
   * Makes sure a pump runs by `t` even if one is scheduled later (a retransmission timeout may
   * have scheduled one; without faults nothing is pending when pump schedules, so this is
   * schedulePump). A superseded pump event still runs and finds its work done or reschedules.
   */
  private schedulePumpBy(node: number, t: Ps): void {
    this.sim.staged[0] = t
    this.schedulePumpByStaged(node)
  }

  /** schedulePumpBy(node, the port's injectFree), passing no number (once per packet: see Simulator.staged). */
  private schedulePumpWhenFree(node: number): void {
    this.sim.staged[0] = this.ports[node]!.injectFree
    this.schedulePumpByStaged(node)
  }

  /** schedulePumpBy for the time in sim.staged[0]. */
  private schedulePumpByStaged(node: number): void {
    const port = this.ports[node]!
    const t = this.sim.staged[0]!
    if (port.pumpScheduled && port.pumpAt <= t) return
    port.pumpScheduled = true
    port.pumpAt = t
    this.sim.atStaged(this.pumpFn, node)
  }

  /** Wakes the pump for the oldest lost packet of `node` (when its timeout fires, or on resume). */
  private wakeResend(node: number): void {
    const port = this.ports[node]!
    const r = port.resend.peek()
    if (r === undefined) return
    const dst = this.ports[r.dst]!
    if (dst.paused && r.due <= this.sim.now) {
      if (!dst.waiters.includes(node)) dst.waiters.push(node)
      return
    }
    this.schedulePumpBy(node, Math.max(r.due, port.injectFree, this.sim.now))
  }

  /** Sends the oldest lost packet of `node` again if its timeout has fired; true if it did. */
  private resendDue(node: number, port: Port, now: Ps): boolean {
    const r = port.resend.peek()
    if (r === undefined || r.due > now || this.ports[r.dst]!.paused) return false
    port.resend.shift()
    const ser = this.serializationPs(r.length)
    port.injectFree = now + ser
    this.counters.packetsRetransmitted++
    const pkt = this.takePacket()
    copyAddressing(pkt, r)
    pkt.messageData = r.data
    pkt.dataOffset = 0
    pkt.views = r.data === null ? null : packetViews(r.data)
    pkt.viewSlot = 0
    pkt.injectedAt = now
    this.emit(pkt, ser)
    return true
  }

  /**
   * Injects the next packet from `node`: the oldest message with a packet ready (a streaming put
   * waiting for its next chunk does not hold up later messages), if the port and the destination
   * allow.
   */
  private pump(node: number): void {
    const port = this.ports[node]!
    port.pumpScheduled = false
    const now = this.sim.now
    if (port.injectFree > now) return this.schedulePumpWhenFree(node)
    if (port.resend.length > 0) {
      // a timed-out packet goes before new ones (the retransmission buffer is served first)
      if (this.resendDue(node, port, now)) {
        if (port.queue.length > 0) this.schedulePumpWhenFree(node)
        return this.wakeResend(node)
      }
      this.wakeResend(node)
    }
    const queue = port.queue
    let qi = 0
    while (qi < queue.length && !hasPending(queue[qi]!)) qi++
    if (qi === queue.length) return
    const msg = queue[qi]!
    if (msg.sent === 0) {
      const start = port.lastMsgStart + this.gap
      if (start > now) return this.schedulePumpBy(node, start)
    }
    const dst = this.ports[msg.dst]!
    if (dst.paused) {
      if (!dst.waiters.includes(node)) dst.waiters.push(node)
      return
    }
    if (msg.sent === 0) port.lastMsgStart = now
    const chunk = msg.chunks[msg.chunk]!
    const pos = chunk.next++
    const local = chunk.order === null ? pos : chunk.order[pos]!
    const chunkOffset = local * this.params.mtuBytes
    const length = Math.min(this.params.mtuBytes, chunk.bytes - chunkOffset)
    const ser = this.serializationPs(length)
    port.injectFree = now + ser
    msg.sent++
    this.counters.packetsInjected++
    this.counters.payloadBytesInjected += length
    let flags = 0
    if (chunk.seqBase + local === 0) flags |= PKT_HEADER
    if (chunk.end && local === chunk.npkts - 1) flags |= PKT_COMPLETION
    // The packet is filled here and handed over whole: a call with its fields as arguments cost
    // more than the stores.
    const pkt = this.takePacket()
    pkt.src = msg.src
    pkt.dst = msg.dst
    pkt.msgId = msg.id
    pkt.seq = chunk.seqBase + local
    pkt.offset = chunk.msgOffset + chunkOffset
    pkt.length = length
    pkt.flags = flags
    pkt.user = msg.user
    pkt.messageData = chunk.data
    pkt.dataOffset = chunkOffset
    pkt.views = chunk.views
    pkt.viewSlot = local
    pkt.injectedAt = now
    this.emit(pkt, ser)
    advance(msg)
    if (isDone(msg)) {
      removeAt(queue, qi)
      if (msg.onInjected !== undefined) {
        this.sim.staged[0] = port.injectFree
        this.sim.atStaged(this.injectedFn, msg)
      }
      else this.releaseMessage(msg)
    }
    if (queue.length > 0) this.schedulePumpWhenFree(node)
    if (port.resend.length > 0) this.wakeResend(node)
  }

  /** A packet object for the next transmission (from the pool when there is one). */
  private takePacket(): Packet {
    return this.poolTop > 0 ? this.pool[--this.poolTop]! : new Packet()
  }

  /**
   * Puts `pkt` (filled in but for its arrival, injected at pkt.injectedAt) and a fault-injected
   * duplicate on the way to its destination, or, when fault injection loses it, queues it for
   * retransmission one RTO after its last bit left (the packet object goes back to the pool).
   * (The injection time comes in the packet, not as an argument: V8 may not inline this call,
   * and a time past 2^31 ps passed to it would be boxed, once per packet.)
   */
  private emit(pkt: Packet, ser: Ps): void {
    const faults = this.faults
    if (faults !== null) {
      const rng = this.faultRng!
      if (faults.drop > 0 && rng.next() < faults.drop) {
        this.counters.packetsDropped++
        const data = pkt.messageData
        // the retransmission buffer holds its own copy: the sender's buffer may be reused by then
        if (data !== null) this.sim.hostCopies.flush()
        const { src, dst, msgId, seq, offset, length, flags, user, dataOffset } = pkt
        const kept = data === null ? null : data.slice(dataOffset, dataOffset + length)
        const r: Resend = { src, dst, msgId, seq, offset, length, flags, user, data: kept, due: pkt.injectedAt + ser + this.rtoPs }
        this.ports[src]!.resend.push(r)
        this.release(pkt)
        return
      } else if (faults.duplicate > 0 && rng.next() < faults.duplicate) {
        this.counters.packetsDuplicated++
        const dup = this.takePacket()
        copyAddressing(dup, pkt)
        dup.flags = pkt.flags | PKT_DUPLICATE
        dup.messageData = pkt.messageData
        dup.dataOffset = pkt.dataOffset
        dup.views = pkt.views
        dup.viewSlot = pkt.viewSlot
        dup.injectedAt = pkt.injectedAt
        this.launch(pkt, ser)
        this.launch(dup, ser)
        return
      }
    }
    this.launch(pkt, ser)
  }

  /** Books `pkt` (injected at pkt.injectedAt) on its destination's ejection port and schedules its arrival. */
  private launch(pkt: Packet, ser: Ps): void {
    const dstPort = this.ports[pkt.dst]!
    const ejectStart = Math.max(pkt.injectedAt + this.latency, dstPort.ejectFree)
    dstPort.ejectFree = ejectStart + ser
    pkt.arrivedAt = dstPort.ejectFree
    this.sim.staged[0] = dstPort.ejectFree
    this.sim.atStaged(this.deliverFn, pkt)
  }

  private deliver(pkt: Packet): void {
    this.counters.packetsDelivered++
    this.ports[pkt.dst]!.arrive!(pkt)
  }
}

/** The fields a retransmission or a duplicate takes over from the packet it repeats. */
type Addressing = Pick<Packet, 'src' | 'dst' | 'msgId' | 'seq' | 'offset' | 'length' | 'flags' | 'user'>

/** Copies `from`'s addressing into `to` (the fault paths; the packet path fills its fields in place). */
function copyAddressing(to: Packet, from: Addressing): void {
  to.src = from.src
  to.dst = from.dst
  to.msgId = from.msgId
  to.seq = from.seq
  to.offset = from.offset
  to.length = from.length
  to.flags = from.flags
  to.user = from.user
}

function newPort(): Port {
  return {
    arrive: null,
    injectFree: 0,
    lastMsgStart: -Infinity,
    ejectFree: 0,
    paused: false,
    pumpScheduled: false,
    pumpAt: 0,
    resend: new ResendQueue(),
    queue: [],
    waiters: [],
  }
}
