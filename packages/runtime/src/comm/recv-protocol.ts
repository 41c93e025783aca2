// The receiving side. A posted receive is a use-once priority ME matching (context, source, tag)
// that takes an eager message or an RTS. Eager data lands in the user buffer (contiguous type) or
// a staging buffer the host unpacks; an unexpected one sits in the overflow buffer and the host
// unpacks it from there. An RTS makes the engine post the data ME with the receive strategy's
// execution context (postReceive) and only then answer CTS, so offload applies to the data.

import { ANY_SOURCE as NIC_ANY_SOURCE, type HostEvent, type MatchEntry, type Nic, type PutEvent, type PutOverflowEvent } from '@spinmpi/nic'
import { ERR_ARG, ERR_OTHER, ERR_TRUNCATE, ERR_TYPE, MpiError, unpackRange, type Datatype } from '@spinmpi/ddt'
import type { NicMemoryPolicy, ReceivePlan, ReceiveRequest, ReceiveStrategyChoice } from '../strategies/contract.js'
import { hostCopyPs, hostUnpackPs } from '../strategies/model/host-cost.js'
import { postParsedReceive } from '../strategies/receive/post-receive.js'
import { FALLBACK_RECEIVE, receiveStrategy } from '../strategies/receive/registry.js'
import { hostReceive } from '../strategies/receive/host.js'
import { recyclePlan } from '../strategies/receive/offload-plan.js'
import { strategyFor, typeEpsilon } from '../types.js'
import { ANY_SOURCE, ANY_TAG, PROC_NULL } from './comm-types.js'
import { isContiguous } from './contiguous.js'
import type { Endpoint, EventTarget } from './endpoint.js'
import { KIND_CTS, KIND_DATA, KIND_EAGER, isEager, lowOf, matchBits, receiveIgnoreBits } from './match-bits.js'
import { PointCall } from './point-call.js'
import { RequestImpl, type Canceller, type Describer } from './request.js'
import { signatureCode, signatureMismatch } from './signature-code.js'
import { RecvMeOptions } from './recv-me-options.js'
import { StatusImpl } from './status.js'
import { typeSpan, typeName } from './buffer.js'
import { ScratchPut } from './scratch-put.js'
import { goalTag } from '../trace/goal-tags.js'

export interface RecvArgs {
  readonly context: number
  readonly bytes: Uint8Array | null
  readonly origin: number
  readonly count: number
  readonly type: Datatype
  readonly source: number
  readonly tag: number
  /** World rank -> rank of the receiving communicator (statuses and messages use the latter). */
  readonly localOf: (world: number) => number
}

/**
 * A posted receive between its ME and its completion, in one object: its arguments (it is its
 * own RecvArgs, `a`), the text of its description (built only if a report or an error reads it),
 * its route and its canceller; MPI_Cancel takes it back while no message has matched.
 */
export class Recv extends PointCall implements RecvArgs, Canceller, EventTarget, Describer {
  /** Its ME and route (set when posted). */
  me: MatchEntry | null = null
  ptr = 0
  /** Receive buffer capacity in packed bytes. */
  capacity = 0
  /** Where eager data lands: the user span (contiguous) or a staging buffer; null in timing mode. */
  landing: Uint8Array | null = null
  direct = false
  /** The arguments, as RecvArgs (the receive itself). */
  readonly a: RecvArgs = this
  /**
   * A receive of a sendrecv series (set by the series' post): its status never reaches user code,
   * so its successful status is its own object, refilled at each use and poisoned with it; null
   * until first needed. User receives (a user sendrecv's pooled one too) get fresh ones.
   */
  series = false
  private ownStatus: StatusImpl | null = null
  /** Its ME's options (meOptions), made at its first post. */
  private ownMe: RecvMeOptions | null = null
  /** Its rendezvous data phase, refilled at each message (a pooled receive takes many). */
  dataPhase: DataPhase | null = null

  constructor(
    ep: Endpoint, context: number, bytes: Uint8Array | null, origin: number, count: number, type: Datatype,
    /** World rank, ANY_SOURCE or PROC_NULL. */
    public source: number,
    tag: number,
    readonly localOf: (world: number) => number,
    prefix: string, call: string, peer: number,
  ) {
    super(ep, context, bytes, origin, count, type, tag, prefix, call, peer)
  }

  /** A pooled receive taken again (a series step, see p2p.ts): the constructor's arguments. */
  reuse(
    context: number, bytes: Uint8Array | null, origin: number, count: number, type: Datatype, source: number, tag: number,
    prefix: string, call: string, peer: number,
  ): this {
    this.refill(context, bytes, origin, count, type, tag, prefix, call, peer)
    this.source = source
    return this
  }

  /** The status of a complete receive: the series' own, or a fresh one a user may keep. */
  statusOf(source: number, tag: number, bytes: number): StatusImpl {
    if (!this.series) return new StatusImpl(source, tag, bytes)
    return this.ownStatus?.refill(source, tag, bytes) ?? (this.ownStatus = new StatusImpl(source, tag, bytes))
  }

  /**
   * The options of its ME (read by the NIC until the message has matched and been delivered): its
   * own, refilled at each use of a pooled receive (poison lets them go if the NIC keeps the ME).
   */
  meOptions(): RecvMeOptions {
    return (this.ownMe ??= new RecvMeOptions())
  }

  /** Given back to its pool with its request: values no live receive has, so a stale read shows. */
  poison(): void {
    this.ownStatus?.poison()
    this.dataPhase?.poison()
    // Its ME too: the step observed the receive, so the NIC has delivered its last event. If the
    // NIC keeps the ME (an event log names it), the ME keeps these options: the next post makes new ones.
    const me = this.me
    if (me === null || this.ep.nic.retireMe(me)) this.ownMe?.poison()
    else this.ownMe = null
    this.me = null
    this.ptr = -1
    this.capacity = -1
    this.landing = null
    this.direct = false
    this.source = -3
    this.poisonCall(-3)
  }

  describe(): string {
    const s = this.peer
    const g = this.tag
    return `${this.prefix}${this.call}(source=${s === ANY_SOURCE ? 'ANY_SOURCE' : String(s)}, tag=${g === ANY_TAG ? 'ANY_TAG' : String(g)}, count=${this.count} x ${typeName(this.type)})`
  }

  /** Its route: the ME's events. */
  onHostEvent(e: HostEvent): void {
    onMatched(this, this.ptr, e)
  }

  /** Its description while its ME is linked (no message matched it) and it is the user's own (not a collective's); else null. */
  unmatched(): string | null {
    return this.me !== null && this.me.linked && this.prefix === '' ? this.describe() : null
  }

  /** MPI_Cancel: possible while the ME is still linked (no message has matched it). */
  cancel(): boolean {
    const me = this.me!
    if (!me.linked) return false
    const { ep, a, req } = this
    ep.nic.unlinkMe(me)
    ep.unroute(this.ptr)
    req.complete(new StatusImpl(a.localOf(a.source), a.tag, 0, false, null, true), 0)
    return true
  }
}

/** Posts the receive `r` (its request is r.req from then on). */
export function startRecv(r: Recv): RequestImpl {
  const ep = r.ep
  const a = r.a
  let req = r.req as RequestImpl | undefined
  if (req === undefined) r.req = req = new RequestImpl('recv', r, ep.sim)
  else req.reset(r)
  if (a.source === PROC_NULL) {
    req.complete(new StatusImpl(PROC_NULL, ANY_TAG, 0), 0)
    return req
  }
  const capacity = a.count * a.type.size
  if (ep.trace !== null) req.traceOp = ep.trace.recv(capacity, a.source, goalTag(a.context, a.tag))
  const direct = isContiguous(a.type, a.count)
  const length = direct ? capacity : Math.min(capacity, ep.eagerLimit)
  let landing: Uint8Array | null = null
  if (a.bytes !== null) {
    if (direct) {
      const start = a.origin + typeSpan(a.type, a.count).lo
      landing = a.bytes.subarray(start, start + capacity)
    } else {
      landing = new Uint8Array(length)
    }
  }
  r.capacity = capacity
  r.landing = landing
  r.direct = direct
  const ptr = ep.route(r)
  r.ptr = ptr
  r.me = ep.nic.postMe(r.meOptions().fill(
    matchBits(KIND_EAGER, a.context, a.source === ANY_SOURCE ? 0 : a.source, a.tag === ANY_TAG ? 0 : a.tag),
    receiveIgnoreBits(a.source === ANY_SOURCE, a.tag === ANY_TAG),
    a.source === ANY_SOURCE ? NIC_ANY_SOURCE : a.source,
    landing, length, ptr,
  ))
  req.canceller = r
  return req
}

function onMatched(r: Recv, ptr: number, e: HostEvent): void {
  if (e.kind !== 'put' && e.kind !== 'put-overflow') return
  r.ep.unroute(ptr)
  const h = e.header
  const source = h.source
  // a receive of one tag matched only that tag (lowOf allocates a BigInt)
  const tag = r.a.tag === ANY_TAG ? lowOf(h.matchBits) : r.a.tag
  const sent = h.hdrData
  const received = Math.min(sent, r.capacity)
  const sig = h.userHeader[0] ?? -1
  r.ep.trace?.matched(r.req.traceOp, sent, source, goalTag(r.a.context, tag))
  if (isEager(h.matchBits)) {
    try {
      const hostPs = e.kind === 'put' ? landed(r, r.landing, received) : fromOverflow(r, e, received)
      recordEager(r, source, tag, received, hostPs, e)
      finishRecv(r, source, tag, sent, received, sig, r.ep.overheadPs + hostPs)
    } catch (err) {
      r.req.complete(new StatusImpl(r.a.localOf(source), tag, 0, false, ERR_OTHER), r.ep.overheadPs,
        err instanceof MpiError ? err : new MpiError(ERR_OTHER, `${r.req.description}: ${String(err)}`))
    }
    return
  }
  dataAfterOverhead(r, source, tag, h.userHeader[1]!, sent, received, sig)
}

/**
 * A receive's rendezvous data phase, from its RTS to its data, in one object: the data ME's
 * route and the argument of the two timed steps (the post after o, the CTS). Closures for those
 * made four functions and their contexts per message (~1 KB with the request and ME objects).
 * Kept with its receive and refilled at the next message: nothing holds it after the data's put
 * event (its route is gone then, and the post and the CTS went before the data could come).
 */
class DataPhase implements EventTarget {
  ptr = 0
  source = 0
  tag = 0
  /** The sender's id of its CTS ME (from the RTS): the CTS's match bits. */
  rv = 0
  /** This rank's id of the data ME (the CTS carries it; given back when the data is in). */
  dataId = 0
  sent = 0
  received = 0
  sig = 0
  /** The offloaded plan, or null: the host path (staging, for a partial last element or nothing). */
  plan: ReceivePlan | null = null
  /** The data ME, retired once the data is in (the NIC hands it out again). */
  me: MatchEntry | null = null
  prepPs = 0
  staging: Uint8Array | null = null
  /** Why the strategy could not serve this receive (host unpack instead), or null. */
  unserved: string | null = null
  /** With the run option strictStrategy, the error the receive completes with instead. */
  strict: MpiError | null = null
  /** Its data ME's receive request, refilled per message (made at the first offloaded one). */
  request: DataRequest | null = null

  constructor(readonly r: Recv) {}

  /** Every field as for a new message. */
  fill(source: number, tag: number, rv: number, sent: number, received: number, sig: number): this {
    this.ptr = 0
    this.source = source
    this.tag = tag
    this.rv = rv
    this.dataId = 0
    this.sent = sent
    this.received = received
    this.sig = sig
    this.plan = null
    this.me = null
    this.prepPs = 0
    this.staging = null
    this.unserved = null
    this.strict = null
    return this
  }

  /** Given back with its receive: values no live phase has, so a stale read shows. */
  poison(): void {
    this.fill(-3, -3, -3, -3, -3, -3)
    this.ptr = -1
    this.dataId = -1
    this.request?.poison()
  }

  onHostEvent(e: HostEvent): void {
    onData(this, e)
  }
}

/**
 * A data phase's receive request, refilled per message. The plan may read it until the data is
 * in (a host plan's finish unpacks with it), which is before the phase takes another message.
 */
class DataRequest implements ReceiveRequest {
  nic: Nic = null!
  type: Datatype = null!
  count = 0
  buffer: Uint8Array | null = null
  bufferOffset = 0
  strategy: ReceiveStrategyChoice = 'host'
  onNicMemoryFull: NicMemoryPolicy | undefined = undefined
  epsilon: number | undefined = undefined

  fill(
    nic: Nic, type: Datatype, count: number, buffer: Uint8Array | null, bufferOffset: number, strategy: ReceiveStrategyChoice,
    onNicMemoryFull: NicMemoryPolicy | undefined, epsilon: number | undefined,
  ): this {
    this.nic = nic
    this.type = type
    this.count = count
    this.buffer = buffer
    this.bufferOffset = bufferOffset
    this.strategy = strategy
    this.onNicMemoryFull = onNicMemoryFull
    this.epsilon = epsilon
    return this
  }

  /** Given back with its receive: values no live request has, so a stale read shows. */
  poison(): void {
    this.fill(null!, null!, -3, null, -3, '(poisoned)' as ReceiveStrategyChoice, undefined, NaN)
  }
}

/** Rendezvous: the data ME is posted after the host overhead (an event's argument: no closure). */
function dataAfterOverhead(r: Recv, source: number, tag: number, rv: number, sent: number, received: number, sig: number): void {
  const d = (r.dataPhase ??= new DataPhase(r)).fill(source, tag, rv, sent, received, sig)
  // (through the staged time: a time passed to a call V8 does not inline is boxed, per message)
  const sim = r.ep.sim
  sim.staged[0] = sim.now + r.ep.overheadPs
  sim.atStaged(postData, d)
}

/** Data deposited by the NIC into `landing`: host unpack unless it is the user buffer itself. */
function landed(r: Recv, landing: Uint8Array | null, received: number): number {
  if (r.direct || received === 0) return 0
  const { a } = r
  if (landing !== null && a.bytes !== null) unpackRange(a.type, a.count, landing, 0, a.bytes, a.origin, 0, received)
  return hostUnpackPs(r.ep.profile, a.type, Math.ceil(received / a.type.size))
}

/** An unexpected eager message: the host copies it out of the overflow buffer. */
function fromOverflow(r: Recv, e: PutOverflowEvent, received: number): number {
  const u = e.unexpected
  if (u.storedBytes < Math.min(u.header.length, received)) {
    throw new MpiError(ERR_OTHER, `${r.req.description}: the unexpected-message buffer overflowed; raise the run option unexpectedBufferBytes`)
  }
  if (received === 0) return 0
  const { a } = r
  const overflow = u.me.hostBuffer
  if (overflow !== null && a.bytes !== null) unpackRange(a.type, a.count, overflow, u.hostOffset, a.bytes, a.origin, 0, received)
  return r.direct ? hostCopyPs(r.ep.profile.host, received) : hostUnpackPs(r.ep.profile, a.type, Math.ceil(received / a.type.size))
}

/** Rendezvous: post the data ME with its execution context, then answer CTS. */
function postData(d: DataPhase): void {
  const { r, source, received } = d
  const { ep, a } = r
  const sim = ep.sim
  const ptr = ep.route(d)
  d.ptr = ptr
  d.dataId = ep.takeRendezvousId()
  const matchBitsOfData = matchBits(KIND_DATA, a.context, source, d.dataId)
  let readyAt = sim.now
  // A strategy that cannot serve this receive: host unpack instead (a fallback in the stats), or
  // with the run option strictStrategy an MpiError at the receiving rank once the data is in.
  const whole = received > 0 && received % a.type.size === 0
  if (whole) {
    const strategy = strategyFor(a.type, ep.world.strategy)
    // epsilon is undefined when the type has none, as if absent (chooseDeltaR's ??)
    const request = (d.request ??= new DataRequest()).fill(
      ep.nic, a.type, received / a.type.size, a.bytes, a.origin, strategy, ep.world.onNicMemoryFull, typeEpsilon(a.type),
    )
    // postReceive reads these (copying them into the ME's options) and keeps none: one object
    const me = DATA_ME
    me.matchBits = matchBitsOfData
    me.source = source
    me.userPtr = ptr
    // A layout the strategy refuses whatever the NIC's state is known before planning (no throw
    // per message); any other MpiError of its plan is caught.
    const refused = strategy === 'auto' ? null : receiveStrategy(strategy).refusal?.(a.type, request.count) ?? null
    let posted
    if (refused === null) {
      try {
        posted = postParsedReceive(request, me)
      } catch (err) {
        if (!(err instanceof MpiError) || strategy === FALLBACK_RECEIVE.name) throw err
        posted = postFallback(d, request, me, strategy, err)
      }
    } else {
      posted = postFallback(d, request, me, strategy, refused)
    }
    d.plan = posted.plan
    d.me = posted.me
    d.prepPs = posted.plan.hostPrepPs
    readyAt = posted.readyAt
  } else {
    // the host path for a partial last element (or nothing): the user span or a staging buffer
    if (a.bytes !== null) d.staging = r.direct ? r.landing!.subarray(0, received) : new Uint8Array(received)
    d.me = ep.nic.postMe({ matchBits: matchBitsOfData, source, list: 'priority', useOnce: true, hostBuffer: d.staging, length: received, userPtr: ptr })
  }
  // CTS once the host has made the NIC state and postReceive's one PCIe copy of it has landed
  sim.staged[0] = Math.max(sim.now + d.prepPs, readyAt)
  sim.atStaged(sendCts, d)
}

/**
 * postData's host fallback: `strategy` cannot serve the receive (`why`). The request is refilled
 * with the fallback strategy (it lives as long as the plan reads it, see DataRequest).
 */
function postFallback(d: DataPhase, request: DataRequest, me: typeof DATA_ME, strategy: ReceiveStrategyChoice, why: MpiError): ReturnType<typeof postParsedReceive> {
  const { r } = d
  const { ep, a } = r
  d.unserved = unservedText(strategy, why)
  if (ep.world.strictStrategy) {
    d.strict = new MpiError(ERR_ARG, `${r.req.description} at rank ${ep.rank}: receive strategy '${strategy}' cannot serve ` +
      `${request.count} x ${typeName(a.type)} (${why.message}); run option strictStrategy forbids the host fallback`)
  }
  request.strategy = FALLBACK_RECEIVE.name
  return postParsedReceive(request, me)
}

/** The receive record's reason for a fallback, made once per (strategy, refusal) and kept with the refusal. */
const unservedTexts = new WeakMap<MpiError, { strategy: ReceiveStrategyChoice; text: string }>()
function unservedText(strategy: ReceiveStrategyChoice, why: MpiError): string {
  const kept = unservedTexts.get(why)
  if (kept !== undefined && kept.strategy === strategy) return kept.text
  const text = `strategy '${strategy}' cannot serve this receive: ${why.message}`
  unservedTexts.set(why, { strategy, text })
  return text
}

/** A rendezvous receive's data ME as postData hands it to postReceive, refilled per receive. */
const DATA_ME = { matchBits: 0n, source: 0, list: 'priority' as const, useOnce: true, userPtr: 0 }

/** The CTS of a rendezvous receive, carrying the bytes it accepts. */
function sendCts(d: DataPhase): void {
  const { ep, a } = d.r
  // nothing waits for the CTS to leave: no send event
  const put = CTS_PUT.fill(d.source, matchBits(KIND_CTS, a.context, ep.rank, d.rv), 0, d.received, null)
  // the data's match bits: the id of the data ME, in the word where the RTS has the CTS ME's
  put.userHeader[1] = d.dataId
  ep.nic.put(put)
}

/**
 * The CTS's options (no send event), refilled per message. Two header words as the RTS's and an
 * eager message's: the NIC's pooled headers keep their copy's length (another length reallocates).
 */
const CTS_PUT = new ScratchPut(false, 2)

/** The data ME's events: the data is in (or the NIC failed the message). */
function onData(d: DataPhase, e: HostEvent): void {
  const { r, source, tag, received, plan } = d
  const { ep, a } = r
  const sim = ep.sim
  if (e.kind === 'error') {
    ep.unroute(d.ptr)
    ep.releaseRendezvousId(d.dataId)
    r.req.complete(new StatusImpl(a.localOf(source), tag, 0, false, ERR_OTHER), ep.overheadPs,
      new MpiError(ERR_OTHER, `${r.req.description}: the NIC failed the message from rank ${source}: ${e.message}`))
    return
  }
  if (e.kind !== 'put') return
  ep.unroute(d.ptr)
  // the data ME has matched: no message can take it, so its id may serve another one
  ep.releaseRendezvousId(d.dataId)
  // nothing reads the data ME again (the plan keeps its own state): the NIC may reuse it
  const retired = ep.nic.retireMe(d.me!)
  d.me = null
  const hostPs = plan === null ? landed(r, d.staging, received) : plan.finish()
  if (plan !== null) {
    record(r, source, tag, received, plan, hostPs, d.prepPs, e, d.unserved)
    // Read no more: back to its strategy's pool, unless the NIC kept the ME (whose context
    // points at the plan's spec).
    d.plan = null
    if (retired) recyclePlan(plan)
  }
  if (d.strict !== null) {
    r.req.complete(new StatusImpl(a.localOf(source), tag, received, false, ERR_ARG), ep.overheadPs + hostPs, d.strict)
    return
  }
  finishRecv(r, source, tag, d.sent, received, d.sig, ep.overheadPs + hostPs)
}

function record(
  r: Recv, source: number, tag: number, bytes: number, plan: ReceivePlan, hostPs: number, prepPs: number, e: PutEvent, unserved: string | null,
): void {
  const stats = r.ep.world.stats
  const fallback = unserved ?? plan.fallback
  if (!stats.keepsRecords) {
    stats.tally(plan.strategy, fallback !== null, bytes, e.time - e.firstByteAt, hostPs)
    return
  }
  stats.add({
    rank: r.ep.rank, source, tag, bytes, strategy: plan.strategy, fallback, processingPs: e.time - e.firstByteAt, hostPs, prepPs, nicMemBytes: plan.nicMemBytes,
  })
}

/** An eager receive: host path (copy or unpack from where the NIC put it). */
function recordEager(r: Recv, source: number, tag: number, bytes: number, hostPs: number, e: PutEvent | PutOverflowEvent): void {
  // An unexpected message was processed into the overflow buffer before this receive existed.
  const processingPs = e.kind === 'put' ? e.time - e.firstByteAt : 0
  const stats = r.ep.world.stats
  if (!stats.keepsRecords) {
    stats.tally(hostReceive.name, false, bytes, processingPs, hostPs)
    return
  }
  stats.add({
    rank: r.ep.rank, source, tag, bytes, strategy: hostReceive.name, fallback: null, processingPs, hostPs, prepPs: 0, nicMemBytes: 0,
  })
}

function finishRecv(r: Recv, source: number, tag: number, sent: number, received: number, sig: number, hostPs: number): void {
  const { req, a } = r
  source = a.localOf(source)
  if (sent > r.capacity) {
    req.complete(new StatusImpl(source, tag, received, true, ERR_TRUNCATE), hostPs, new MpiError(ERR_TRUNCATE,
      `${req.description}: message of ${sent} B from rank ${source} (tag ${tag}) truncated to the ${r.capacity} B receive buffer ` +
      `(${a.count} x ${typeName(a.type)})`))
    return
  }
  const mismatch = received > 0 ? signatureMismatch(sig, signatureCode(a.type)) : null
  if (mismatch !== null) {
    req.complete(new StatusImpl(source, tag, received, false, ERR_TYPE), hostPs, new MpiError(ERR_TYPE,
      `${req.description}: type signature mismatch: rank ${source} sent ${mismatch[0]} elements, received as ${mismatch[1]}`))
    return
  }
  req.complete(r.statusOf(source, tag, received), hostPs)
}

