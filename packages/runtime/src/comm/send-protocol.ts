// The sending side. Eager (up to the profile's eagerLimitBytes): one message carrying the data.
// Rendezvous: a zero-byte ready-to-send (RTS) put carrying the size; the receiver, once it has
// posted the data ME and its execution context, answers clear-to-send (CTS) with the bytes it
// accepts; the sender's progress engine then sends the data.
//
// A contiguous type is one put straight from the user buffer. A non-contiguous one leaves by its
// send strategy (type attribute `send` > run option `send` > 'host', SC19 §3.1), the data phase
// made by sendTyped: `host` packs on the CPU then puts, `stream` issues a streaming-put chunk per
// region as the CPU finds it, `outbound` lets process-put handlers fill the packets. The rank's
// CPU is charged what the strategy reports (hostBusyPs). For rendezvous the RTS's o is charged at
// the call and the rest when the data goes (after CTS), except host's pack, done at the call as
// before; the data command's own o belongs to the progress engine, as for every reply.
// A synchronous send (ssend) takes the rendezvous path whatever its size: the CTS proves the
// receive has matched, and the send completes once its data has left after it.

import { pack, type Datatype } from '@spinmpi/ddt'
import type { HostEvent, MatchEntry, MessageHeader, PutOptions } from '@spinmpi/nic'
import type { SendStrategyName } from '../strategies/contract.js'
import { hostPackPs } from '../strategies/model/host-cost.js'
import { receiveLayout } from '../strategies/layout.js'
import { sendBytes, sendTyped, startTypedSend } from '../strategies/send/send-typed.js'
import { ReusableTypedSend } from '../strategies/send/reusable-send.js'
import { sendStrategy } from '../strategies/send/registry.js'
import { sendStrategyFor } from '../types.js'
import { PROC_NULL } from './comm-types.js'
import { isContiguous } from './contiguous.js'
import type { Endpoint, EventTarget } from './endpoint.js'
import { KIND_CTS, KIND_DATA, KIND_EAGER, KIND_RTS, matchBits } from './match-bits.js'
import { PointCall } from './point-call.js'
import { RequestImpl, type Describer } from './request.js'
import { signatureCode } from './signature-code.js'
import { SEND_STATUS } from './status.js'
import { typeName, typeSpan } from './buffer.js'
import { ScratchPut } from './scratch-put.js'
import { goalTag } from '../trace/goal-tags.js'

export interface SendArgs {
  readonly context: number
  readonly bytes: Uint8Array | null
  readonly origin: number
  readonly count: number
  readonly type: Datatype
  readonly dest: number
  readonly tag: number
  /** Synchronous send (ssend): always the rendezvous handshake, so it completes after the match. */
  readonly sync?: boolean
}


/**
 * One send from its call to its send event, in one object: its arguments, the text of its
 * description (built only if a report or an error reads it) and the route of its send event,
 * which completes the request. Before, each send made an argument object, a description closure
 * and two completion closures.
 */
export class SendCall extends PointCall implements SendArgs, Describer, EventTarget {
  /** A contiguous eager send's put (filled at the call, issued after o), or null. */
  put: ScratchPut | null = null
  /**
   * The options object `put` points to while set, kept for this call's next message (a literal
   * per message was ~80 B; the put is transient, so the NIC copies what it needs of it).
   */
  private contiguousPut: ScratchPut | null = null
  /** A strategy send that packs on the host: its typed send, kept for this call's next use. */
  typed: ReusableTypedSend<SendStrategyName> | null = null
  /** Its rendezvous, refilled at each message (a pooled call makes many). */
  rendezvous: Rendezvous | null = null

  constructor(
    ep: Endpoint, context: number, bytes: Uint8Array | null, origin: number, count: number, type: Datatype,
    /** World rank (or PROC_NULL). */
    public dest: number,
    tag: number,
    public sync: boolean,
    prefix: string, call: string, peer: number,
  ) {
    super(ep, context, bytes, origin, count, type, tag, prefix, call, peer)
  }

  /** A pooled call taken again (a series step, see p2p.ts): the constructor's arguments. */
  reuse(
    context: number, bytes: Uint8Array | null, origin: number, count: number, type: Datatype, dest: number, tag: number, sync: boolean,
    prefix: string, call: string, peer: number,
  ): this {
    this.refill(context, bytes, origin, count, type, tag, prefix, call, peer)
    this.dest = dest
    this.sync = sync
    return this
  }

  /** The put options of a contiguous eager send, this call's own (refilled per message). */
  takeContiguousPut(): ScratchPut {
    return (this.contiguousPut ??= new ScratchPut(true, 2))
  }

  /** Given back to its pool with its request: values no live call has, so a stale read shows. */
  poison(): void {
    this.dest = -1
    this.sync = false
    this.put = null
    this.typed?.poison()
    this.rendezvous?.poison()
    this.poisonCall(-1)
  }

  /** A typed send whose first NIC command completes this call at its send event. */
  newTypedSend(strategy: SendStrategyName): ReusableTypedSend<SendStrategyName> {
    return new ReusableTypedSend(strategy, (h) => this.issued(h))
  }

  describe(): string {
    return `${this.prefix}${this.call}(dest=${this.peer}, tag=${this.tag}, count=${this.count} x ${typeName(this.type)})`
  }

  /** Its put's send event: the send is complete. */
  onHostEvent(): void {
    this.req.complete(SEND_STATUS, 0)
  }

  /** The put carrying its message (the first NIC command) is out: complete at its send event. */
  issued(h: MessageHeader): void {
    this.ep.onSent(h.messageId, this)
  }
}

/** Starts the send `a` (its request is a.req from then on). */
export function startSend(a: SendCall): RequestImpl {
  const ep = a.ep
  const sim = ep.sim
  let req = a.req as RequestImpl | undefined
  if (req === undefined) a.req = req = new RequestImpl('send', a, sim)
  else req.reset(a)
  if (a.dest === PROC_NULL) {
    req.complete(SEND_STATUS, 0)
    return req
  }
  const n = a.count * a.type.size
  // null: contiguous, the NIC reads the user bytes directly (no strategy, no pack)
  const strategy = isContiguous(a.type, a.count) ? null : sendStrategyFor(a.type, ep.world.send)
  if (n <= ep.eagerLimit && a.sync !== true) {
    ep.world.stats.eager++
    ep.world.stats.eagerBytes += n
    sendEager(ep, a, n, strategy, req)
  } else {
    ep.world.stats.rendezvous++
    ep.world.stats.rendezvousBytes += n
    sendRendezvous(ep, a, n, strategy, req)
  }
  return req
}

/** An eager message's user header by signature code: [code, 0], one array per code (read only). */
const eagerHeaders: (readonly number[] | undefined)[] = []

function eagerUserHeader(code: number): readonly number[] {
  let h = eagerHeaders[code + 1]
  if (h === undefined) eagerHeaders[code + 1] = h = [code, 0]
  return h
}

/** The put of a contiguous eager send, at its issue time (an event's argument: no closure). */
function putContiguous(a: SendCall): void {
  a.issued(a.ep.nic.put(a.put!))
}

function sendEager(ep: Endpoint, a: SendCall, n: number, strategy: SendStrategyName | null, req: RequestImpl): void {
  const sim = ep.sim
  const bits = matchBits(KIND_EAGER, a.context, ep.rank, a.tag)
  const userHeader = eagerUserHeader(signatureCode(a.type))
  if (strategy === null) {
    ep.cpu.book(ep.overheadPs)
    const issueAt = ep.cpu.freeAt
    if (ep.trace !== null) req.traceOp = ep.trace.send(n, a.dest, goalTag(a.context, a.tag))
    const put = a.takeContiguousPut().fill(a.dest, bits, n, n, contiguousSnapshot(a, n))
    put.userHeader[0] = userHeader[0]!
    put.userHeader[1] = userHeader[1]!
    a.put = put
    sim.staged[0] = issueAt
    sim.atStaged(putContiguous, a)
    return
  }
  // a host pack reads the user bytes now; the others read a copy of them as they go
  const packs = sendStrategy(strategy).packsOnHost
  const copy = packs ? null : spanSnapshot(a)
  // A strategy that packs on the host reads its send only until its put is issued, before the
  // send completes (and a pooled call is given back): the call keeps that send for its next use.
  // The others read theirs as their chunks or packets go: a fresh one each time.
  const t = packs ? (a.typed ??= a.newTypedSend(strategy)) : a.newTypedSend(strategy)
  t.strategy = strategy
  t.nic = ep.nic
  t.dest.target = a.dest
  t.dest.matchBits = bits
  t.dest.hdrData = n
  t.dest.userHeader = userHeader
  t.type = a.type
  t.count = a.count
  t.buffer = copy === null ? a.bytes : copy.bytes
  t.bufferOffset = copy === null ? a.origin : copy.origin
  t.at = Math.max(sim.now, ep.cpu.freeAt)
  const hostBusyPs = startTypedSend(t, sendBytes(t))
  ep.cpu.book(hostBusyPs)
  if (ep.trace !== null) {
    ep.trace.calc(hostBusyPs - ep.overheadPs)
    req.traceOp = ep.trace.send(n, a.dest, goalTag(a.context, a.tag))
  }
}

function sendRendezvous(ep: Endpoint, a: SendCall, n: number, strategy: SendStrategyName | null, req: RequestImpl): void {
  const sim = ep.sim
  const record = strategy === null ? null : sendStrategy(strategy)
  const packs = record?.packsOnHost ?? false
  const packPs = packs ? hostPackPs(ep.profile, a.type, a.count) : 0
  ep.cpu.book(ep.overheadPs + packPs)
  const issueAt = ep.cpu.freeAt
  if (ep.trace !== null) {
    // GOAL has no asynchronous host work: the data phase's host time (a stream's walk; o of an
    // outbound command, already the send's) is recorded before the send.
    ep.trace.calc(record === null || packs ? packPs : record.hostBusyPs(ep.profile, a.type, a.count) - ep.overheadPs)
    req.traceOp = ep.trace.send(n, a.dest, goalTag(a.context, a.tag))
  }
  const byNic = record !== null && !packs
  const data = strategy === null ? contiguousSnapshot(a, n) : byNic ? null : packedSnapshot(a, n)
  const src = byNic ? spanSnapshot(a) : null
  const rdv = (a.rendezvous ??= new Rendezvous(a)).fill(n, ep.takeRendezvousId(), strategy, data, src)
  rdv.ctsPtr = ep.route(rdv)
  const o = CTS_ME
  o.matchBits = matchBits(KIND_CTS, a.context, a.dest, rdv.rv)
  o.source = a.dest
  o.userPtr = rdv.ctsPtr
  rdv.ctsMe = ep.nic.postMe(o)
  sim.staged[0] = issueAt
  sim.atStaged(putRts, rdv)
}

/** The CTS ME's options, refilled per rendezvous (transient: the NIC copies them into the ME). */
const CTS_ME = { matchBits: 0n, source: 0, length: 0, useOnce: true, userPtr: 0, transient: true }

/**
 * A rendezvous send from its RTS to its data, in one object: the CTS ME's route and the argument
 * of the timed RTS and data puts. Closures for those made six functions and their contexts per
 * message (~1.1 KB). Kept with its call and refilled at the next message: nothing holds it once
 * the data is issued (the CTS route is gone, the RTS went before the CTS could come), which is
 * before the send completes and a pooled call can be taken again.
 */
class Rendezvous implements EventTarget {
  ctsPtr = 0
  /** The CTS ME, retired once the CTS is in (the NIC hands it out again). */
  ctsMe: MatchEntry | null = null
  bytes = 0
  /** This rank's id of its CTS ME (the RTS carries it; given back when the CTS is in). */
  rv = 0
  /** The receiver's id of its data ME (the CTS carries it): the data's match bits. */
  dataId = 0
  strategy: SendStrategyName | null = null
  /** The bytes a host put sends (contiguous or packed), null in timing mode or when a strategy's NIC walk sends them. */
  data: Uint8Array | null = null
  /** The span a strategy walks (stream, outbound), or null. */
  src: { readonly bytes: Uint8Array | null; readonly origin: number } | null = null
  /** Bytes the receiver accepts (its CTS). */
  accepted = 0

  constructor(readonly a: SendCall) {}

  /** Every field as for a new message. */
  fill(
    bytes: number, rv: number, strategy: SendStrategyName | null, data: Uint8Array | null,
    src: { readonly bytes: Uint8Array | null; readonly origin: number } | null,
  ): this {
    this.ctsPtr = 0
    this.ctsMe = null
    this.bytes = bytes
    this.rv = rv
    this.dataId = 0
    this.strategy = strategy
    this.data = data
    this.src = src
    this.accepted = 0
    return this
  }

  /** Given back with its call: values no live rendezvous has, so a stale read shows. */
  poison(): void {
    this.fill(-1, -1, null, null, null)
    this.ctsPtr = -1
    this.dataId = -1
    this.accepted = -1
  }

  /** The CTS: the data goes, host put after o or the strategy's data phase. */
  onHostEvent(e: HostEvent): void {
    if (e.kind !== 'put') return
    const { a, src } = this
    const ep = a.ep
    ep.unroute(this.ctsPtr)
    // nothing reads the CTS ME again: the NIC may reuse it once it is done with it too
    ep.nic.retireMe(this.ctsMe!)
    this.ctsMe = null
    // the CTS ME has matched: no message can take it, so its id may serve another one
    ep.releaseRendezvousId(this.rv)
    this.dataId = e.header.userHeader[1]!
    const accepted = e.header.hdrData
    this.accepted = accepted
    if (src === null || accepted === 0) {
      ep.sim.staged[0] = ep.sim.now + ep.overheadPs
      ep.sim.atStaged(putData, this)
      return
    }
    const report = sendTyped({
      nic: ep.nic, dest: { target: a.dest, matchBits: matchBits(KIND_DATA, a.context, ep.rank, this.dataId) }, type: a.type, count: a.count,
      buffer: src.bytes, bufferOffset: src.origin, strategy: this.strategy!, bytes: accepted, onIssued: issuedBy(a),
    })
    ep.cpu.book(report.hostBusyPs - ep.overheadPs)
  }
}

/** A strategy's data phase reports its first command here (a closure outside onHostEvent: no context made on the host path). */
function issuedBy(a: SendCall): (h: MessageHeader) => void {
  return (h) => a.issued(h)
}

/** The RTS, at its issue time. The send waits for the CTS, not for the RTS to leave: no send event. */
function putRts(d: Rendezvous): void {
  const { a } = d
  const ep = a.ep
  const put = RTS_PUT.fill(a.dest, matchBits(KIND_RTS, a.context, ep.rank, a.tag), 0, d.bytes, null)
  // the header copies it (the receiver reads rv from it)
  put.userHeader[0] = signatureCode(a.type)
  put.userHeader[1] = d.rv
  ep.nic.put(put)
}

/** The RTS's options (no send event), refilled per message. */
const RTS_PUT = new ScratchPut(false, 2)
/** A rendezvous's data put (its send event completes the send), refilled per message. */
const DATA_PUT = new ScratchPut(true, 0)

/** A host put of the accepted bytes, after o: it completes the send at its send event. */
function putData(d: Rendezvous): void {
  const { a, accepted, data } = d
  const ep = a.ep
  const bits = matchBits(KIND_DATA, a.context, ep.rank, d.dataId)
  a.issued(ep.nic.put(DATA_PUT.fill(a.dest, bits, accepted, 0, data === null ? null : data.subarray(0, accepted))))
}

// Snapshots of the bytes the NIC will read, taken at the call: MPI lets the user reuse the buffer
// once the send completes, which can be before the bytes reach the receiver in the simulation.

/** A contiguous send's bytes. */
function contiguousSnapshot(a: SendArgs, n: number): Uint8Array | null {
  if (a.bytes === null) return null
  const start = a.origin + typeSpan(a.type, a.count).lo
  return a.bytes.slice(start, start + n)
}

/** A host-packed send's packed stream. */
function packedSnapshot(a: SendArgs, n: number): Uint8Array | null {
  if (a.bytes === null) return null
  const out = new Uint8Array(n)
  pack(a.type, a.count, a.bytes, a.origin, out, 0)
  return out
}

/** The typemap's span of the user buffer (not packed: the strategy walks it), and its origin. */
function spanSnapshot(a: SendArgs): { readonly bytes: Uint8Array | null; readonly origin: number } {
  if (a.bytes === null) return { bytes: null, origin: 0 }
  const { lo, hi } = receiveLayout(a.type, a.count)
  return { bytes: a.bytes.slice(a.origin + lo, a.origin + hi), origin: -lo }
}
