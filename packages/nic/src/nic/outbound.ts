// The outbound engine: host put commands, streaming puts (one logical message made of several
// fragments), process-put (packets handed to outbound handlers that fill them), and the puts
// handlers issue. Data that comes from host memory is fetched over PCIe first: the first packet's
// read must complete before injection starts, and injection never outruns the remaining reads.
// Sends keep their issue order (a later command never overtakes an earlier one).

import type { Ps } from '../sim/time.js'
import { transferPs } from '../sim/time.js'
import { ExecutionContext } from './execution-context.js'
import type { ExecutionContextSpec, MessageHeader, PutDestination } from './handler-api.js'
import { HER_PAYLOAD, type Her } from './her.js'
import { makeEvent } from './host-events.js'
import type { NicParts } from './nic-parts.js'
import type { HerSink, ProcessedMessage } from './processed-message.js'
import { ReturnCode, returnCodeName } from './return-codes.js'
import { WIRE_ACK, WIRE_PUT, type WireFragment } from './wire.js'
import { copyUserHeader, dropHeader, NO_USER_HEADER, PutRecord, PutRecordPool } from './put-record.js'
import type { MessageSpec } from '../net/types.js'

export interface PutOptions extends PutDestination {
  /** Payload bytes. */
  readonly bytes: number
  /** The source bytes (host memory), or null in timing mode. */
  readonly data?: Uint8Array | null
  /**
   * The caller reads the header put returns only before its call returns (the message id, say):
   * the NIC may then reuse the header object once nobody else can read it (see put-record.ts).
   * The target's host must not keep a header past its event either (HostEventQueue.listen's
   * keepsNone), nor its handlers past their return. The header copies the user header of a
   * transient put (the caller may reuse its array; the options are never kept, by any put).
   * Default false: the header lives as long as someone refers to it.
   */
  readonly transient?: boolean
}

/** A streaming put in progress, returned by sputStart and handed back to sputStream. */
export interface StreamingPut {
  readonly header: MessageHeader
  /** Bytes sent so far (whole packets, and the tail once the message ended). */
  sent: number
  /** Bytes handed over by the host but not yet sent: less than one packet. */
  pending: number
  /** Logical packets sent so far. */
  packets: number
  ended: boolean
  readonly ack: boolean
  /** The host hears when the message has left (a 'send' event; PutDestination.sendEvent). */
  readonly sendEvent: boolean
  /** Data mode: the message's bytes as they arrive, so a packet can span two chunks. */
  staging: Uint8Array | null
}

class OutboundMessage implements ProcessedMessage<Her> {
  lastWriteAt: Ps = 0
  droppedBytes = 0
  flowControlTriggered = false
  readonly meId = 0
  remaining: number
  failed = false
  constructor(
    readonly context: ExecutionContext,
    readonly header: MessageHeader,
    readonly sink: HerSink<Her>,
    readonly userPtr: number,
    readonly totalPackets: number,
    readonly ack: boolean,
  ) {
    this.remaining = totalPackets
  }
}

/**
 * A send command waiting for its time, then the spec handed to Network.send (which reads it and
 * keeps nothing). The engine owns these: taken from its pool in sendAt, given back right after
 * the network has the message.
 */
class PendingSend implements MessageSpec {
  src = 0
  dst = 0
  bytes = 0
  data: Uint8Array | null = null
  user: WireFragment | null = null
  onInjected: ((msgId: number, user: unknown) => void) | undefined = undefined
}

export class OutboundEngine implements HerSink<Her> {
  private nextMessageId = 0
  /** Time the latest send command was handed to the network (keeps issue order). */
  private lastSendAt: Ps = 0
  /**
   * When the next sendAt's message is ready to go. (A field, not an argument: a time past 2^31 ps
   * passed to a call V8 does not inline is boxed, once per message.)
   */
  private readyAt: Ps = 0
  private readonly mtu: number
  private readonly sendPool: PendingSend[] = []
  private readonly sendFn = (s: PendingSend): void => this.send(s)
  /** A logical message's last fragment has left the NIC: the host hears of it. */
  private readonly sentFn = (_id: number, user: unknown): void => {
    const header = (user as WireFragment).header
    const ev = this.p.events
    ev.times[0] = this.p.sim.now
    ev.times[1] = this.p.sim.now
    this.p.postAt(ev.event('send', this.p.node, 0, 0, header, header.length, 0, 0, 0, '', null))
    // the event holds the header now: this callback's own hold ends (put)
    dropHeader(header)
  }
  /** Headers of transient puts, released by their last owner. */
  private readonly records = new PutRecordPool()

  constructor(private readonly p: NicParts) {
    this.mtu = p.profile.network.mtuBytes
  }

  header(dest: PutDestination, length: number): MessageHeader {
    return this.fill(new PutRecord(null), dest, length)
  }

  /** Writes the header fields of a message to `dest` of `length` bytes into `r`. */
  private fill(r: PutRecord, dest: PutDestination, length: number): PutRecord {
    r.source = this.p.node
    r.target = dest.target
    r.matchBits = dest.matchBits
    r.length = length
    r.remoteOffset = dest.remoteOffset ?? 0
    r.hdrData = dest.hdrData ?? 0
    r.userHeader = dest.userHeader ?? NO_USER_HEADER
    r.messageId = this.nextMessageId++
    return r
  }

  /**
   * A put of host memory, issued now (a host command, or a handler's PutFromHost at its time). Its
   * header is its only fragment (one object per put); a transient put's comes from the pool.
   */
  put(opts: PutOptions): MessageHeader {
    const ack = opts.ack === true
    const sendEvent = opts.sendEvent !== false
    // pooled unless someone may keep the header with no point where it lets go: the caller, the
    // ack's event, or the target's filter of duplicates
    const pooled = opts.transient === true && !ack && !this.p.network.mayDuplicate
    // holds: the wire's (handed to the target's message), and the send-event callback's
    const r = pooled ? this.records.take(sendEvent ? 2 : 1) : new PutRecord(null)
    this.fill(r, opts, opts.bytes)
    if (opts.transient === true) copyUserHeader(r, opts.userHeader)
    r.totalPackets = this.p.network.packetCount(opts.bytes)
    r.ack = ack
    r.sendEvent = sendEvent
    this.sendFromHost(r, opts.bytes, opts.data ?? null)
    return r
  }

  /** Starts a streaming put of `totalBytes` with its first chunk. */
  sputStart(dest: PutDestination, totalBytes: number, chunk: Uint8Array | null, chunkBytes: number, eom = false): StreamingPut {
    const s: StreamingPut = {
      header: this.header(dest, totalBytes), sent: 0, pending: 0, packets: 0, ended: false, ack: dest.ack === true,
      sendEvent: dest.sendEvent !== false, staging: null,
    }
    this.sputStream(s, chunk, chunkBytes, eom)
    return s
  }

  /**
   * Hands the next chunk of a streaming put to the NIC; `eom` ends the message. The NIC cuts the
   * message's byte stream into full packets, so a chunk boundary is not a packet boundary: bytes
   * short of a packet wait for the next chunk, and only the end of message sends a short packet.
   */
  sputStream(s: StreamingPut, chunk: Uint8Array | null, chunkBytes: number, eom: boolean): void {
    if (s.ended) throw new Error('sputStream: the streaming put already ended')
    const accepted = s.sent + s.pending + chunkBytes
    if (accepted > s.header.length) throw new Error(`sputStream: ${accepted} B exceed the message's ${s.header.length} B`)
    if (eom && accepted !== s.header.length) throw new Error(`sputStream: end of message after ${accepted} of ${s.header.length} B`)
    if (chunk !== null) {
      s.staging ??= new Uint8Array(s.header.length)
      // callers pass chunks of exactly chunkBytes: no view per chunk then
      s.staging.set(chunk.length === chunkBytes ? chunk : chunk.subarray(0, chunkBytes), s.sent + s.pending)
    }
    s.pending += chunkBytes
    const ready = eom ? s.pending : s.pending - (s.pending % this.mtu)
    if (ready === 0 && !eom) return
    const npkts = this.p.network.packetCount(ready)
    const frag: WireFragment = {
      kind: WIRE_PUT, header: s.header, fragOffset: s.sent, firstPacket: s.packets, first: s.packets === 0,
      eom, totalPackets: s.packets + npkts, ack: s.ack, sendEvent: s.sendEvent,
    }
    const data = s.staging === null ? null : s.staging.subarray(s.sent, s.sent + ready)
    s.sent += ready
    s.pending -= ready
    s.packets += npkts
    s.ended = eom
    this.sendFromHost(frag, ready, data)
  }

  /** One packet from NIC memory (PutFromDevice), sent at `at`. */
  putFromDevice(at: Ps, data: Uint8Array | null, len: number, dest: PutDestination): MessageHeader {
    const header = this.header(dest, len)
    const frag: WireFragment = {
      kind: WIRE_PUT, header, fragOffset: 0, firstPacket: 0, first: true, eom: true, totalPackets: 1, ack: dest.ack === true,
      sendEvent: dest.sendEvent !== false,
    }
    this.readyAt = at
    this.sendAt(frag, len, data)
    return header
  }

  /** A zero-byte ack back to the initiator of `header`. */
  sendAck(header: MessageHeader, at: Ps): void {
    const frag: WireFragment = {
      kind: WIRE_ACK, header, fragOffset: 0, firstPacket: 0, first: true, eom: true, totalPackets: 1, ack: false, sendEvent: false,
    }
    const p = this.p
    p.later(at, () => p.network.send({ src: p.node, dst: header.source, bytes: 0, user: frag }))
  }

  /**
   * Process-put: the NIC makes the message's packets and hands each to the context's payload
   * handler, which fills `pkt.data` (e.g. by DMA from host memory); each filled packet is sent.
   */
  processPut(dest: PutDestination, bytes: number, spec: ExecutionContextSpec): MessageHeader {
    if (spec.payload === undefined) throw new Error('processPut: the execution context has no payload handler')
    const p = this.p
    const header = this.header(dest, bytes)
    const ctx = new ExecutionContext(spec, -1, spec.hostBuffer === null ? bytes : spec.hostBuffer.length, p.stats.split)
    const npkts = p.network.packetCount(bytes)
    const msg = new OutboundMessage(ctx, header, this, 0, npkts, dest.ack === true)
    const dataMode = spec.hostBuffer !== null
    for (let i = 0; i < npkts; i++) {
      const her = p.herPool.get()
      her.kind = HER_PAYLOAD
      her.msg = msg
      her.index = i
      her.offset = i * this.mtu
      her.length = Math.min(this.mtu, bytes - her.offset)
      her.scratch = dataMode ? new Uint8Array(her.length) : null
      p.scheduler.enqueue(her, null)
    }
    return header
  }

  handlerFinished(her: Her): void {
    const msg = her.msg as OutboundMessage
    const p = this.p
    const code = her.code
    if (her.error !== null || code !== ReturnCode.SUCCESS) {
      const why = her.error ?? `outbound handler returned ${returnCodeName[code]}`
      p.stats.handlerErrors++
      if (!msg.failed) p.postAt(makeEvent('error', p.sim.now, p.node, { header: msg.header, message: why }))
      msg.failed = true
    }
    const frag: WireFragment = {
      kind: WIRE_PUT, header: msg.header, fragOffset: her.offset, firstPacket: her.index, first: her.index === 0,
      eom: her.index === msg.totalPackets - 1, totalPackets: msg.totalPackets, ack: msg.ack, sendEvent: true,
    }
    // The filled packet leaves when the handler is done (and after earlier sends).
    this.readyAt = p.sim.now
    this.sendAt(frag, her.length, her.scratch)
    p.herPool.put(her)
  }

  /** Sends `bytes` of host memory, read over PCIe from now on. */
  private sendFromHost(frag: WireFragment, bytes: number, data: Uint8Array | null): void {
    const p = this.p
    let start = p.sim.now
    if (bytes > 0) {
      const first = Math.min(bytes, this.mtu)
      const dma = p.dma
      dma.readNow(first)
      start = Math.max(start, dma.completion)
      if (bytes > first) {
        dma.readNow(bytes - first)
        start = Math.max(start, dma.completion - transferPs(bytes - first, p.profile.network.linkGbps))
      }
    }
    this.readyAt = start
    this.sendAt(frag, bytes, data)
  }

  /** Sends `frag` at readyAt, or after the send before it (issue order). */
  private sendAt(frag: WireFragment, bytes: number, data: Uint8Array | null): void {
    const p = this.p
    const t = Math.max(this.readyAt, this.lastSendAt)
    this.lastSendAt = t
    const s = this.sendPool.pop() ?? new PendingSend()
    s.src = p.node
    s.dst = frag.header.target
    s.bytes = bytes
    s.data = data
    s.user = frag
    s.onInjected = frag.eom && frag.sendEvent ? this.sentFn : undefined
    if (t <= p.sim.now) this.send(s)
    else {
      p.sim.staged[0] = t
      p.sim.atStaged(this.sendFn, s)
    }
  }

  private send(s: PendingSend): void {
    this.p.network.send(s)
    s.data = null
    s.user = null
    s.onInjected = undefined
    this.sendPool.push(s)
  }
}
