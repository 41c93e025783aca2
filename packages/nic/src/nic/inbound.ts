// The inbound engine: packets from the network go through the matching unit (a header packet
// searches the lists for matchNs, later packets look up their channel for channelLookupNs, one
// packet at a time), then either to host memory on the non-processing path (no execution
// context, or PROCEED), or into the packet buffer and on to the HER scheduler. A full packet
// buffer pauses the link (lossless back-pressure) unless the ME asked for flow control, in which
// case the packet is dropped and reported to the completion handler. When the NIC's memory for
// packets runs out (the `nicmem` fault) and the ME has a spill area, the packet goes raw to host
// memory instead, for the host to unpack (docs/faults.md).

import debugFactory from 'debug'
import type { Packet } from '../net/packet.js'
import type { Ps } from '../sim/time.js'
import { BULK_COPY_MIN } from '../sim/host-copies.js'
import { quietEvent } from '../sim/simulator.js'
import { ns } from '../sim/time.js'
import { HER_COMPLETION, HER_HEADER, HER_PAYLOAD, type Her } from './her.js'
import type { MessageHeader } from './handler-api.js'
import { makeEvent } from './host-events.js'
import {
  InboundMessage, MODE_DEPOSIT, MODE_DISCARD, MODE_DROP, MODE_PROCESS, inboundMessageReuse,
} from './inbound-message.js'
import { HeaderMap } from './header-map.js'
import { dropHeader } from './put-record.js'
import type { MatchEntry } from './match-entry.js'
import type { NicParts } from './nic-parts.js'
import type { HerSink } from './processed-message.js'
import { ReturnCode, isPending, returnCodeName } from './return-codes.js'
import { Ring } from './ring.js'
import type { SpillArea } from './spill.js'
import { VirtualHpu } from './scheduler.js'
import { WIRE_ACK, type WireFragment } from './wire.js'

const log = debugFactory('spinmpi:nic:inbound')

/** What the inbound engine needs from the rest of the NIC. */
export interface InboundHooks {
  /** The ME may be released (use-once, unlinked, no message left). */
  meIdle(me: MatchEntry): void
  sendAck(header: MessageHeader, at: Ps): void
}

export class InboundEngine implements HerSink<Her> {
  private readonly ingress = new Ring<Packet>(64)
  /** Matched packets waiting for packet buffer space (the link is paused meanwhile). */
  private readonly stalled = new Ring<Packet>(64)
  private readonly messages = new HeaderMap<InboundMessage>()
  private readonly orphans = new Map<MessageHeader, Packet[]>()
  private readonly finishedMessages = new WeakSet<MessageHeader>()
  /** The message the last packet belonged to (packets of one message come in runs). */
  private lastHeader: MessageHeader | null = null
  private lastMsg: InboundMessage | null = null
  /** Records of finalized messages (see finalize), for the next messages. */
  private readonly spareMessages: InboundMessage[] = []
  private readonly reuseMessages = inboundMessageReuse()
  /** Virtual HPU sets of finished messages, all idle, for the next blockedRR messages. */
  private readonly spareVhpuSets: VirtualHpu[][] = []
  private matchFreeAt: Ps = 0
  private pumpScheduled = false
  private readonly matchPs: Ps
  private readonly lookupPs: Ps
  /** ps per byte copied into the packet buffer, times 2^-0 (float; rounded per packet). */
  private readonly copyPsPerByte: number
  // The inbound steps are quiet events (they touch host memory only through the NIC).
  private readonly pumpFn = quietEvent(() => { this.pumpScheduled = false; this.pump() })
  private readonly matchedFn = quietEvent((pkt: Packet) => this.matched(pkt))
  private readonly bufferedFn = quietEvent((her: Her) => this.buffered(her))
  /**
   * Run the payload handler on a duplicate delivery of a processed message too, as a NIC without
   * a reliable transport would (faults, dupMode 'handler'; docs/faults.md). Its bytes and its
   * completion count are not counted twice; the message completes after its handler.
   */
  duplicatesToHandlers = false

  constructor(private readonly p: NicParts, private readonly hooks: InboundHooks) {
    const nic = p.profile.nic
    this.matchPs = ns(nic.matchNs)
    this.lookupPs = ns(nic.channelLookupNs)
    this.copyPsPerByte = 1e12 / (nic.nicMemGiBps * 2 ** 30)
  }

  /** Network arrival callback. */
  arrive(pkt: Packet): void {
    this.p.stats.packetsIn++
    const frag = pkt.user as WireFragment
    if (frag.kind === WIRE_ACK) {
      const now = this.p.sim.now
      const h = frag.header
      const ev = this.p.events
      ev.times[0] = now
      ev.times[1] = now
      this.p.postAt(ev.event('ack', this.p.node, 0, 0, h, h.length, 0, 0, 0, '', null))
      this.p.network.release(pkt)
      return
    }
    const now = this.p.sim.now
    if (this.ingress.length === 0 && this.stalled.length === 0 && this.matchFreeAt <= now) {
      // The matching unit is idle: the packet goes straight in (what pump would do).
      this.startMatch(pkt, now)
      return
    }
    this.ingress.push(pkt)
    this.pump()
  }

  get activeMessages(): number {
    return this.messages.size
  }

  /** Feeds the matching unit, one packet at a time, while the link is not paused. */
  private pump(): void {
    const sim = this.p.sim
    while (this.ingress.length > 0 && this.stalled.length === 0) {
      if (this.matchFreeAt > sim.now) {
        if (!this.pumpScheduled) {
          this.pumpScheduled = true
          sim.at(this.matchFreeAt, this.pumpFn)
        }
        return
      }
      this.startMatch(this.ingress.shift()!, sim.now)
    }
  }

  /** The matching unit takes `pkt` at `now`: a header search, or a channel lookup. */
  private startMatch(pkt: Packet, now: Ps): void {
    const frag = pkt.user as WireFragment
    const cost = frag.first && pkt.isHeader ? this.matchPs : this.lookupPs
    this.matchFreeAt = now + cost
    const sim = this.p.sim
    sim.staged[0] = this.matchFreeAt
    sim.atStaged(this.matchedFn, pkt)
  }

  private matched(pkt: Packet): void {
    if (this.stalled.length > 0 || !this.admit(pkt)) this.stall(pkt)
  }

  private stall(pkt: Packet): void {
    if (this.stalled.length === 0) {
      this.p.stats.backPressureEvents++
      this.p.network.pause(this.p.node)
    }
    this.stalled.push(pkt)
  }

  /** Handles a matched packet; false when it needs packet buffer space that is not there. */
  private admit(pkt: Packet): boolean {
    const frag = pkt.user as WireFragment
    const header = frag.header
    const isHeader = frag.first && pkt.isHeader
    let msg = header === this.lastHeader ? this.lastMsg! : this.messages.get(header)
    if (msg === undefined) {
      if (this.finishedMessages.has(header)) {
        this.p.stats.duplicates++
        this.p.network.release(pkt)
        return true
      }
      if (!isHeader) {
        // Reordered ahead of its header: park it until the header is matched.
        let list = this.orphans.get(header)
        if (list === undefined) this.orphans.set(header, (list = []))
        list.push(pkt)
        return true
      }
      msg = this.open(frag, pkt)
    }
    this.lastHeader = header
    this.lastMsg = msg
    const index = frag.firstPacket + pkt.seq
    const len = pkt.length
    if (msg.mode === MODE_PROCESS && len > 0 && !this.p.buffer.fits(len)) {
      const spill = msg.me!.options.spill
      if (spill !== undefined && this.p.buffer.exceedsMemLimit(len)) return this.spill(msg, frag, pkt, index, spill)
      if (msg.me!.options.flowControl !== true) return false
      if (!msg.markSeen(index)) return this.duplicate(pkt)
      this.seen(msg, frag, pkt)
      msg.droppedBytes += len
      msg.flowControlTriggered = true
      this.p.stats.flowControlDrops++
      this.p.network.release(pkt)
      this.packetDone(msg)
      return true
    }
    let again = false
    if (!msg.markSeen(index)) {
      if (!this.duplicatesToHandlers || msg.mode !== MODE_PROCESS || len === 0) return this.duplicate(pkt)
      again = true
      msg.duplicatesInFlight++
      this.p.stats.duplicatesHandled++
    } else {
      this.seen(msg, frag, pkt)
    }
    const offset = frag.fragOffset + pkt.offset
    switch (msg.mode) {
      case MODE_PROCESS: {
        if (len === 0) {
          this.p.network.release(pkt)
          this.packetDone(msg)
          break
        }
        const now = this.p.sim.now
        this.p.buffer.take(len)
        const her = this.p.herPool.get()
        her.kind = HER_PAYLOAD
        her.msg = msg
        her.packet = pkt
        her.index = index
        her.offset = offset
        her.length = len
        her.bufferBytes = len
        her.duplicate = again
        this.p.sim.staged[0] = now + Math.ceil(len * this.copyPsPerByte)
        this.p.sim.atStaged(this.bufferedFn, her)
        break
      }
      case MODE_DEPOSIT:
        this.deposit(msg, offset, len, pkt)
        this.p.stats.packetsDeposited++
        this.p.network.release(pkt)
        this.packetDone(msg)
        break
      case MODE_DROP:
        msg.droppedBytes += len
        this.p.stats.packetsDropped++
        this.p.network.release(pkt)
        this.packetDone(msg)
        break
      default:
        this.p.stats.packetsDiscarded++
        this.p.network.release(pkt)
        this.packetDone(msg)
    }
    return true
  }

  /** No NIC memory for the packet: it goes raw to the ME's spill area (one DMA write), no handler. */
  private spill(msg: InboundMessage, frag: WireFragment, pkt: Packet, index: number, area: SpillArea): boolean {
    if (!msg.markSeen(index)) return this.duplicate(pkt)
    this.seen(msg, frag, pkt)
    this.p.sim.hostCopies.flush()
    const kept = area.put(frag.fragOffset + pkt.offset, pkt.length, pkt.messageData === null ? null : pkt.data)
    const dma = this.p.dma
    dma.writeNow(kept)
    if (dma.completion > msg.lastWriteAt) msg.lastWriteAt = dma.completion
    this.p.stats.packetsSpilled++
    this.p.stats.spilledBytes += kept
    this.p.network.release(pkt)
    this.packetDone(msg)
    return true
  }

  private duplicate(pkt: Packet): boolean {
    this.p.stats.duplicates++
    this.p.network.release(pkt)
    return true
  }

  private seen(msg: InboundMessage, frag: WireFragment, pkt: Packet): void {
    msg.packetsSeen++
    if (frag.eom) msg.totalPackets = frag.totalPackets
    if (frag.first && pkt.isHeader) {
      msg.firstByteAt = pkt.arrivedAt
      msg.injectedAt = pkt.injectedAt
    }
  }

  /** Matches a header packet and sets up the message. */
  private open(frag: WireFragment, pkt: Packet): InboundMessage {
    const p = this.p
    const header = frag.header
    const msg = this.spareMessages.pop()?.reset(header) ?? new InboundMessage(header, this)
    this.messages.set(header, msg)
    msg.ackWanted = frag.ack
    const me = p.matching.match(header.source, header.matchBits)
    if (me === null) {
      msg.mode = MODE_DISCARD
      msg.headerDone = true
      log('node %d: message %d from %d matched nothing', p.node, header.messageId, header.source)
    } else {
      msg.me = me
      msg.meId = me.id
      msg.userPtr = me.options.userPtr ?? 0
      me.activeMessages++
      if (me.options.manageLocal === true) {
        msg.depositBase = me.localOffset
        me.localOffset += header.length
      } else {
        msg.depositBase = header.remoteOffset
      }
      if (me.useOnce) {
        p.matching.unlink(me)
        const ev = p.events
        ev.times[0] = p.sim.now
        ev.times[1] = p.sim.now
        p.postAt(ev.event('unlink', p.node, me.id, msg.userPtr, header, 0, 0, 0, 0, '', null))
      }
      if (me.list === 'overflow') {
        const stored = Math.max(0, Math.min(header.length, me.options.length - msg.depositBase))
        msg.unexpected = {
          header, me, hostOffset: msg.depositBase, storedBytes: stored,
          done: false, doneAt: 0, firstByteAt: 0, droppedBytes: 0, claimed: false, claimedBy: null,
        }
        p.matching.recordUnexpected(msg.unexpected)
      }
      const ctx = me.context
      if (ctx !== null) {
        msg.context = ctx
        msg.mode = MODE_PROCESS
        if (ctx.header !== undefined) {
          const her = p.herPool.get()
          her.kind = HER_HEADER
          her.msg = msg
          her.index = 0
          p.scheduler.enqueue(her, null)
        } else {
          msg.headerDone = true
          msg.headerCode = ReturnCode.PROCESS_DATA
        }
      } else {
        msg.mode = MODE_DEPOSIT
        msg.headerDone = true
      }
    }
    const parked = this.orphans.get(header)
    if (parked !== undefined) {
      this.orphans.delete(header)
      this.admitLater(parked)
    }
    return msg
  }

  /**
   * Packets that came before their header, admitted right after it (from the same event), in
   * arrival order. A method of its own: a closure in `open` would make V8 allocate its captured
   * variables' context at every call of `open` (~40 B per message), not only when one is made.
   */
  private admitLater(parked: readonly Packet[]): void {
    this.p.sim.at(this.p.sim.now, () => { for (const o of parked) this.matched(o) })
  }

  /** Writes payload bytes to the ME's host memory on the non-processing path. */
  private deposit(msg: InboundMessage, offset: number, len: number, pkt: Packet): void {
    const me = msg.me!
    const hostOff = msg.depositBase + offset
    const fit = Math.max(0, Math.min(len, me.options.length - hostOff))
    if (fit < len) msg.droppedBytes += len - fit
    const host = pkt.messageData !== null && fit > 0 ? me.hostMemory() : null
    if (host !== null) {
      // A long deposit waits for a bulk copy with the message's next packets; a short one goes
      // now. (The packet's buffer and offset come with its views: no typed-array getter.)
      const copies = this.p.sim.hostCopies
      if (fit >= BULK_COPY_MIN) {
        const views = pkt.views!
        copies.copyFrom(host, hostOff, views.buffer, views.byteOffset + pkt.dataOffset, fit)
      } else {
        copies.flush()
        const data = pkt.data!
        host.set(fit === len ? data : data.subarray(0, fit), hostOff)
      }
    }
    const dma = this.p.dma
    dma.writeNow(fit)
    if (dma.completion > msg.lastWriteAt) msg.lastWriteAt = dma.completion
  }

  /** The packet is in the packet buffer: its payload HER is ready once the header is done. */
  private buffered(her: Her): void {
    const msg = her.msg as InboundMessage
    if (msg.headerDone) this.route(her)
    else (msg.early ??= []).push(her)
  }

  private route(her: Her): void {
    const msg = her.msg as InboundMessage
    const p = this.p
    if (msg.mode === MODE_PROCESS && msg.context.payload !== undefined) {
      p.scheduler.enqueue(her, this.vhpuFor(msg, her.index))
      return
    }
    if (msg.mode === MODE_DROP) {
      if (!her.duplicate) msg.droppedBytes += her.length
      p.stats.packetsDropped++
    } else {
      // PROCEED, or no payload handler: the default action deposits the packet.
      this.deposit(msg, her.offset, her.length, her.packet!)
      p.stats.packetsDeposited++
    }
    this.retire(her)
  }

  private vhpuFor(msg: InboundMessage, index: number): VirtualHpu | null {
    const policy = msg.context.policy
    if (policy.kind !== 'blockedRR') return null
    if (msg.vhpus === null) msg.vhpus = this.takeVhpuSet(policy.vhpus)
    return msg.vhpus[Math.floor(index / policy.deltaP) % policy.vhpus]!
  }

  /** `n` idle virtual HPUs numbered 0..n-1: a spare set of that size, or a new one. */
  private takeVhpuSet(n: number): VirtualHpu[] {
    const spares = this.spareVhpuSets
    for (let i = spares.length - 1; i >= 0; i--) {
      const set = spares[i]!
      if (set.length !== n) continue
      spares[i] = spares[spares.length - 1]!
      spares.pop()
      return set
    }
    const set: VirtualHpu[] = []
    for (let i = 0; i < n; i++) set.push(new VirtualHpu(i))
    return set
  }

  /**
   * A finished message's virtual HPUs go back for reuse when every one is idle: no packet queued
   * and not on an HPU (without a completion handler the last one still is, until its HPU's
   * finish returns; that set is left to the collector).
   */
  private releaseVhpus(msg: InboundMessage): void {
    const set = msg.vhpus
    if (set === null) return
    msg.vhpus = null
    if (!this.reuseMessages) return
    for (let i = 0; i < set.length; i++) if (set[i]!.state !== 0 || set[i]!.queue.length !== 0) return
    this.spareVhpuSets.push(set)
  }

  /** Frees a payload HER's packet and buffer space and counts the packet as handled. */
  private retire(her: Her): void {
    const msg = her.msg as InboundMessage
    const p = this.p
    if (her.bufferBytes > 0) p.buffer.release(her.bufferBytes)
    if (her.packet !== null) p.network.release(her.packet)
    const again = her.duplicate
    p.herPool.put(her)
    if (again) {
      msg.duplicatesInFlight--
      this.maybeComplete(msg)
    } else {
      this.packetDone(msg)
    }
    this.drainStalled()
  }

  private drainStalled(): void {
    if (this.stalled.length === 0) return
    while (this.stalled.length > 0) {
      if (!this.admit(this.stalled.peek()!)) return
      this.stalled.shift()
    }
    this.p.network.resume(this.p.node)
    this.pump()
  }

  handlerFinished(her: Her): void {
    const msg = her.msg as InboundMessage
    const code = her.code
    if (her.kind === HER_HEADER) {
      this.p.herPool.put(her)
      this.headerFinished(msg, code, her.error)
      return
    }
    if (her.kind === HER_PAYLOAD) {
      this.p.stats.packetsProcessed++
      if (her.error !== null || code === ReturnCode.FAIL) this.fail(msg, her.error ?? 'payload handler returned FAIL')
      else if (code === ReturnCode.DROP && !her.duplicate) msg.droppedBytes += her.length
      else if (code !== ReturnCode.SUCCESS) this.fail(msg, `payload handler returned ${returnCodeName[code]}; expected SUCCESS, DROP or FAIL`)
      this.retire(her)
      return
    }
    this.p.herPool.put(her)
    if (her.error !== null || code === ReturnCode.FAIL) this.fail(msg, her.error ?? 'completion handler returned FAIL')
    else if (code === ReturnCode.SUCCESS_PENDING) this.markPending(msg)
    else if (code !== ReturnCode.SUCCESS) this.fail(msg, `completion handler returned ${returnCodeName[code]}; expected SUCCESS, SUCCESS_PENDING or FAIL`)
    this.finalize(msg)
  }

  private headerFinished(msg: InboundMessage, code: number, error: string | null): void {
    if (error !== null) {
      this.fail(msg, error)
      msg.mode = MODE_DROP
    } else if (code === ReturnCode.PROCESS_DATA || code === ReturnCode.PROCESS_DATA_PENDING) {
      msg.mode = MODE_PROCESS
    } else if (code === ReturnCode.PROCEED || code === ReturnCode.PROCEED_PENDING) {
      msg.mode = MODE_DEPOSIT
    } else if (code === ReturnCode.DROP || code === ReturnCode.DROP_PENDING) {
      msg.mode = MODE_DROP
    } else {
      this.fail(msg, code === ReturnCode.FAIL ? 'header handler returned FAIL'
        : `header handler returned ${returnCodeName[code]}; expected PROCEED, PROCESS_DATA, DROP (or _PENDING) or FAIL`)
      msg.mode = MODE_DROP
    }
    msg.headerCode = code
    if (isPending(code as ReturnCode)) this.markPending(msg)
    msg.headerDone = true
    const early = msg.early
    if (early !== null) {
      msg.early = null
      for (const her of early) this.route(her)
    }
    this.maybeComplete(msg)
  }

  /** A _PENDING return: the ME stays for another message (a use-once ME is linked again now). */
  private markPending(msg: InboundMessage): void {
    msg.pending = true
    const me = msg.me
    if (me !== null && me.useOnce && !me.linked && !me.released) this.p.matching.relink(me)
  }

  private fail(msg: InboundMessage, why: string): void {
    this.p.stats.handlerErrors++
    if (msg.errorReported) return
    msg.errorReported = true
    const p = this.p
    log('node %d: handler error on message %d: %s', p.node, msg.header.messageId, why)
    p.postAt(makeEvent('error', p.sim.now, p.node, { meId: msg.meId, userPtr: msg.userPtr, header: msg.header, message: why }))
  }

  private packetDone(msg: InboundMessage): void {
    msg.packetsDone++
    this.maybeComplete(msg)
  }

  private maybeComplete(msg: InboundMessage): void {
    if (msg.finished || msg.completionStarted || !msg.headerDone || !msg.allPacketsDone || msg.duplicatesInFlight > 0) return
    // Every message matched to an execution context gets its completion handler, whatever the
    // header returned (SC17's ping-pong does its PutFromHost there after PROCEED).
    const runsCompletion = msg.mode !== MODE_DISCARD && msg.me !== null && msg.me.context !== null &&
      msg.context.completion !== undefined
    if (runsCompletion) {
      msg.completionStarted = true
      const her = this.p.herPool.get()
      her.kind = HER_COMPLETION
      her.msg = msg
      her.index = msg.totalPackets
      this.p.scheduler.enqueue(her, null)
      return
    }
    this.finalize(msg)
  }

  /** The message is complete: events to the host, ME bookkeeping, statistics. */
  private finalize(msg: InboundMessage): void {
    const p = this.p
    const now = p.sim.now
    msg.finished = true
    this.messages.delete(msg.header)
    this.releaseVhpus(msg)
    if (this.lastMsg === msg) {
      this.lastHeader = null
      this.lastMsg = null
    }
    // Only a duplicated packet can arrive after its message finished.
    if (p.network.mayDuplicate) this.finishedMessages.add(msg.header)
    const done = Math.max(now, msg.lastWriteAt)
    const h = msg.header
    const me = msg.me
    if (me === null) {
      p.postAt(makeEvent('dropped', now, p.node, { header: h, length: h.length }))
    } else {
      me.activeMessages--
      const u = msg.unexpected
      if (u !== null) {
        u.done = true
        u.doneAt = done
        u.firstByteAt = msg.firstByteAt
        u.droppedBytes = msg.droppedBytes
        const ev = p.events
        const at = msg.depositBase, dropped = msg.droppedBytes
        ev.times[0] = done
        ev.times[1] = msg.firstByteAt
        p.postAt(ev.event('unexpected', p.node, me.id, msg.userPtr, h, h.length, at, dropped, 0, '', u))
        const by = u.claimedBy
        // (event() leaves the times as they are: they serve this event too)
        if (by !== null) p.postAt(ev.event('put-overflow', p.node, by.id, by.options.userPtr ?? 0, h, h.length, at, dropped, 0, '', u))
      } else if (!msg.pending) {
        const ev = p.events
        ev.times[0] = done
        ev.times[1] = msg.firstByteAt
        p.postAt(ev.event('put', p.node, me.id, msg.userPtr, h, h.length, msg.depositBase, msg.droppedBytes, 0, '', null))
      }
      const counter = me.options.counter
      if (counter !== undefined && !msg.pending) {
        // the count at `done` (no closure: its context would be allocated per message)
        if (done <= now) counter.inc(1)
        else {
          p.sim.staged[0] = done
          p.sim.atStaged(counter.incBy, 1)
        }
      }
      if (msg.ackWanted) this.hooks.sendAck(h, done)
      if (!me.linked && me.activeMessages === 0) this.hooks.meIdle(me)
    }
    if (p.stats.keepMessages) p.stats.messages.push({
      source: h.source,
      messageId: h.messageId,
      bytes: h.length,
      meId: msg.meId,
      path: msg.mode === MODE_PROCESS ? 'process' : msg.mode === MODE_DEPOSIT ? 'deposit' : msg.mode === MODE_DROP ? 'drop' : 'discard',
      injectedAt: msg.injectedAt,
      firstByteAt: msg.firstByteAt,
      lastWriteAt: msg.lastWriteAt > 0 ? msg.lastWriteAt : msg.firstByteAt,
      completedAt: done,
      droppedBytes: msg.droppedBytes,
    })
    // Nothing reads a record once it is finalized: it left the table above, and the caller's
    // last use was the packetDone that ended here. The events, the unexpected record and the
    // duplicate filter keep its header, not the record. A processed message's DMA writes were
    // all booked by now (each handler's end settles the engine, and no handler issues a write
    // after its own end), so their sink (nic.ts `written`) is done with it; the lanes' slots
    // and the last HPU context may still point at it, but read it only for the next write.
    // Records poisoned instead of reused (setInboundMessageReuse(false)) make a late reader show.
    // The wire's hold on the header ends with the message, unless an owner that never lets go
    // may still read it (put-record.ts): the unexpected record, the ack on its way back, the
    // filter of duplicates. (Handlers saw it, but keep none of a transient put's: PutOptions.)
    if (msg.unexpected === null && !msg.ackWanted && !p.network.mayDuplicate) dropHeader(h)
    msg.poison()
    if (this.reuseMessages) this.spareMessages.push(msg)
  }
}
