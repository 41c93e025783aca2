// The NIC's DMA engine. Requests are served FIFO per direction (writes NIC->host, reads
// host->NIC); each occupies its direction of the link for PcieModel.wirePs(bytes) and completes
// one latency later, so many are in flight at once (pipelined) and throughput is bound by the
// link. At most maxOutstanding requests per direction are in flight: request i cannot start
// before request i - maxOutstanding has completed. Because service is FIFO and deterministic,
// a request's completion time is known when it is issued:
//   start_i    = max(t_i, linkFree, done_{i - maxOutstanding})
//   linkFree   = start_i + wirePs(bytes_i)
//   done_i     = linkFree + latency          (write: latencyNs, read: readLatencyNs)
// Queue depth = requests issued and not yet complete (both directions). It is recorded lazily:
// completions are retired into the time series whenever a new request is booked, so a request
// costs no event unless the caller wants a completion callback. Call finish() before reading the
// series at the end of a run.
//
// Handlers run ahead of the event that runs them and issue DMAs at later times (writeAt,
// readAt). Such a request is kept in its HPU's lane and booked, at its own issue time, when the
// engine is next used or the handler ends (settle): in the order of (issue time, sequence number)
// that one event per request would have run in, so the link sees the same order and every
// completion time is the same, without an event per DMA block: a lane's first request of a
// batch (its lead) has one event, which books the requests before it; later requests wait in
// the lane (and a request that wants a host event has an event, so that its event is posted at
// its own time). A lead issued by a handler at its very end rides on the handler's end event
// (beginRide/endRide/rideDone): its event would run right before that one, same time, adjacent
// sequence numbers, so the end event runs it first, counted as an event of its own.
//
// This file issues requests, defers them to the lanes and runs the leads' events; the channels,
// the depth record and the pass that books the lanes' requests are in dma-booking.ts (with
// booking-core.ts and booking-runs.ts).

import { quietEvent, type Simulator } from '../sim/simulator.js'
import type { Ps } from '../sim/time.js'
import type { TimeSeries } from '../stats/time-series.js'
import { DEFERRED_NOTIFY, DEFERRED_RUN, DEFERRED_WRITE } from './deferred-lanes.js'
import { checkSize, DmaBooking, DmaError, type DmaRunSink, type DmaWriteSink } from './dma-booking.js'
import type { DmaChannel } from './dma-channel.js'
import type { PcieModel } from './pcie.js'

export { DmaError, type DmaRunSink, type DmaWriteSink } from './dma-booking.js'

export type DmaDone<A> = (arg: A) => void

export interface DmaEngineOptions<T> {
  /** Lanes of deferred requests (one per HPU); default 1. */
  readonly lanes?: number
  readonly onWrite?: DmaWriteSink<T>
  readonly onWriteRun?: DmaRunSink<T>
  /**
   * Keep the queue-depth series (default true). Two samples per request: a run of millions of
   * small DMAs that never reads `depth` saves their memory; the peak is kept either way.
   */
  readonly keepSeries?: boolean
}

export class DmaEngine<T = unknown> extends DmaBooking<T> {
  /**
   * Riding leads (beginRide .. endRide .. rideDone): the lane of the handler running now, the
   * number reserved for its lead's event while that event is not pushed (-1: none), and per lane
   * the number of a lead event that rides on the handler's end event (-1: none).
   */
  private rideLane = -1
  private rideSeq = -1
  private readonly ridden: Float64Array
  private readonly settleFn = quietEvent(() => this.settle())
  private readonly leadFn = quietEvent((lane: number) => this.bookLead(lane))

  constructor(sim: Simulator, pcie: PcieModel, options: DmaEngineOptions<T> = {}) {
    super(sim, pcie, options.lanes ?? 1, options.onWrite ?? null, options.onWriteRun ?? null, options.keepSeries !== false)
    this.ridden = new Float64Array(options.lanes ?? 1).fill(-1)
  }

  /**
   * Completion time of the request issued last (write, read, writeNow, readNow; writeAt and readAt:
   * for a request deferred to a later issue time, the projection they return). The per-packet
   * callers read it here: a time past 2^31 ps returned from a call V8 does not inline is boxed
   * (16 B a request), and a field read is not.
   */
  completion: Ps = 0
  /**
   * The issue time of the next writeAtRequest or readAtRequest: writeAt and readAt without a time
   * argument, for the handlers' per-block calls (see completion).
   */
  requestAt: Ps = 0

  /**
   * Writes `bytes` from the NIC to host memory (0 is legal: it still sends a TLP). Returns the
   * time the data is in host memory; `done(arg)` runs then, if given.
   */
  write<A>(bytes: number, done?: DmaDone<A>, arg?: A): Ps {
    this.issue(this.writeCh, bytes)
    const t = this.completion
    if (done !== undefined) this.sim.at(t, done, arg as A)
    return t
  }

  /** Reads `bytes` of host memory into the NIC. Returns the time the data is on the NIC. */
  read<A>(bytes: number, done?: DmaDone<A>, arg?: A): Ps {
    this.issue(this.readCh, bytes)
    const t = this.completion
    if (done !== undefined) this.sim.at(t, done, arg as A)
    return t
  }

  /** As write(bytes), with the completion time left in `completion`. */
  writeNow(bytes: number): void {
    this.issue(this.writeCh, bytes)
  }

  /** As read(bytes), with the completion time left in `completion`. */
  readNow(bytes: number): void {
    this.issue(this.readCh, bytes)
  }

  /**
   * A write issued at `t` (not before now) from `lane`, whose issue times never go back. Booked at
   * `t`; the write sink hears of it then, with `tag` (`notify`: the caller wants a host event). At
   * or before now it is booked at once and its completion time returned; later, the time
   * projectWrite gives (what the issuer can know now).
   */
  writeAt(t: Ps, bytes: number, lane: number, tag: T, hostOffset: number, notify: boolean): Ps {
    this.requestAt = t
    this.writeAtRequest(bytes, lane, tag, hostOffset, notify)
    return this.completion
  }

  /** As writeAt, for a read (no sink). */
  readAt(t: Ps, bytes: number, lane: number): Ps {
    this.requestAt = t
    this.readAtRequest(bytes, lane)
    return this.completion
  }

  /** writeAt(requestAt, ...), its result left in `completion`. */
  writeAtRequest(bytes: number, lane: number, tag: T, hostOffset: number, notify: boolean): void {
    const t = this.requestAt
    const now = this.sim.now
    if (t <= now) {
      this.issue(this.writeCh, bytes)
      if (this.onWrite !== null) this.onWrite(tag, this.completion, bytes, hostOffset, notify)
      return
    }
    if (this.deferred.earliest <= now) {
      this.bookDeferredNow()
      this.requestAt = t // (a sink told during the pass may have issued a request of its own)
    }
    this.defer(lane, bytes, hostOffset, notify ? DEFERRED_WRITE | DEFERRED_NOTIFY : DEFERRED_WRITE, tag)
    this.projectRequest(this.writeCh, bytes)
  }

  /** readAt(requestAt, ...), its result left in `completion`. */
  readAtRequest(bytes: number, lane: number): void {
    const t = this.requestAt
    const now = this.sim.now
    if (t <= now) {
      this.issue(this.readCh, bytes)
      return
    }
    if (this.deferred.earliest <= now) {
      this.bookDeferredNow()
      this.requestAt = t
    }
    this.defer(lane, bytes, 0, 0, null)
    this.projectRequest(this.readCh, bytes)
  }

  /**
   * A run list: `count` writes without host event issued from `lane` at times[0 .. count) (never
   * going back, not before the lane's last request), of sizes[sizeAt + i * sizeStride] bytes, for
   * `tag`. Booked exactly as `count` calls of writeAt(times[i], size, lane, tag, _, false) would
   * book them (the same sequence numbers, each write at its own time in (time, sequence) order),
   * without a call per write; onWriteRun hears of them (rather than onWrite), in groups. Neither
   * array is kept.
   */
  writeRunAt(lane: number, tag: T, count: number, times: Float64Array, sizes: Float64Array, sizeAt: number, sizeStride: number): void {
    // mask -1: times is read from 0 on, without wrapping
    this.issueRun(lane, tag, count, times, 0, -1, sizes, sizeAt, sizeStride, false, false)
  }

  /**
   * The run list of writeRunAt (inPlace false: its times at times[at ..], copied into the lane)
   * or of endRun (inPlace true: at slot `at` of the lane's time ring, `mask` its mask).
   */
  private issueRun(
    lane: number, tag: T, count: number, times: Float64Array, at: number, mask: number,
    sizes: Float64Array, sizeAt: number, sizeStride: number, checked: boolean, inPlace: boolean,
  ): void {
    const now = this.sim.now
    let i = 0
    let k = at
    let last = -1
    let s = sizeAt
    // Writes at or before now (a prefix: the times do not go back) are booked at once.
    for (; i < count && times[k]! <= now; i++, s += sizeStride, k = (k + 1) & mask) {
      this.issue(this.writeCh, sizes[s]!)
      last = this.completion
    }
    if (last >= 0 && this.onWriteRun !== null) this.onWriteRun(tag, last)
    if (i === count) return
    const q = this.deferred
    if (q.earliest <= now) this.bookDeferredNow()
    const flags = DEFERRED_WRITE | DEFERRED_RUN
    if (q.canLead(lane)) {
      checkSize(sizes[s]!)
      this.requestAt = times[k]!
      this.lead(lane, sizes[s]!, 0, flags, tag)
      i++
      s += sizeStride
      k = (k + 1) & mask
      if (i === count) return
    }
    // One number per write, as writeAt would take them: consecutive, nothing reserves in between.
    const seq = this.sim.reserveSeqs(count - i)
    const bad = inPlace
      ? q.pushRunInPlace(lane, seq, flags, tag, count - i, k, sizes, s, sizeStride, checked)
      : q.pushRun(lane, seq, flags, tag, count - i, times, k, sizes, s, sizeStride)
    if (bad >= 0) checkSize(sizes[s + bad * sizeStride]!)
    if (bad !== -1) {
      throw new DmaError(`deferred DMA run on lane ${lane} at ${times[(k + Math.max(bad, 0)) & mask]} ps: no such lane, or a time before the lane's last request`)
    }
  }

  /**
   * A run list whose issue times the caller writes in place, into the lane's time ring, instead of
   * into an array that writeRunAt copies: beginRun(lane, count) returns the array to write the
   * i-th time at slot (runAt + i) & runMask of (for i < count); endRun(lane, tag, m, …) then
   * issues the first m of them (m <= count) exactly as writeRunAt(lane, tag, m, those times, …)
   * would. Nothing else may use the engine in between (the handler's loop does not). What comes
   * before the present is booked in endRun, where writeRunAt books it: the lane's queue may get
   * shorter from the front then (its end stays), or empty (the run's slots then become its head).
   */
  beginRun(lane: number, count: number): Float64Array {
    const q = this.deferred
    const L = q.lane[lane]
    if (L === undefined || count === 0) return this.scratchFor(count)
    L.reserve(count)
    this.runLane = lane
    this.runAt = (L.reqHead + L.reqCount) & L.reqMask
    this.runMask = L.reqMask
    return L.reqTime
  }

  /** Slot of the first time of beginRun's run, and the mask of the array it returned. */
  runAt = 0
  runMask = 0
  /** The lane whose ring beginRun returned (-1: it returned the scratch array). */
  private runLane = -1
  private scratch = new Float64Array(0)

  private scratchFor(count: number): Float64Array {
    let slots = 16
    while (slots < count) slots *= 2
    if (this.scratch.length < slots) this.scratch = new Float64Array(slots)
    this.runLane = -1
    this.runAt = 0
    this.runMask = this.scratch.length - 1
    return this.scratch
  }

  /**
   * Issues the first `count` times of beginRun's run, of sizes[sizeAt + i * sizeStride] bytes, for
   * `tag` (see beginRun). `checked`: the caller saw the `count` times not go back and every size
   * equal to the first, a non-negative integer (then the times are not read again but the first).
   */
  endRun(lane: number, tag: T, count: number, sizes: Float64Array, sizeAt: number, sizeStride: number, checked = false): void {
    if (this.runLane !== lane) {
      // beginRun gave the scratch array (from slot 0): the copying path
      this.writeRunAt(lane, tag, count, this.scratch, sizes, sizeAt, sizeStride)
      return
    }
    this.runLane = -1
    const L = this.deferred.lane[lane]!
    this.issueRun(lane, tag, count, L.reqTime, this.runAt, L.reqMask, sizes, sizeAt, sizeStride, checked, true)
  }

  /**
   * A handler starts on HPU `lane` within the running event. Its first lead's event is not pushed
   * at once: endRide decides whether the handler's end event can carry it.
   */
  beginRide(lane: number): void {
    this.rideLane = lane
  }

  /**
   * The handler of beginRide returned and ends at end[0]; its end event is pushed right after this
   * call. A lead issued at `end` whose event number is the one just before that end event's
   * would have run back to back with it, with nothing between (same time, adjacent numbers): it
   * rides on it (rideDone books it, as its own event would have). Otherwise its event is pushed
   * now under its reserved number, where it would have run anyway.
   */
  endRide(endAt: Float64Array): void {
    const end = endAt[0]!
    const lane = this.rideLane
    const seq = this.rideSeq
    this.rideLane = -1
    if (seq < 0) return
    this.rideSeq = -1
    const t = this.deferred.lane[lane]!.leadTime
    if (t === end && this.sim.upcomingSeq === seq + 1) this.ridden[lane] = seq
    else {
      this.sim.staged[0] = t
      this.sim.atReservedStaged(seq, this.leadFn, lane)
      // endAt may be the simulator's staged array itself (the scheduler's clock): the end goes back
      endAt[0] = end
    }
  }

  /**
   * First thing of the end event of the handler on `lane`: the lead's event riding on it, if any
   * (its number is the one right before the running event's; another handler's end on the lane
   * leaves it alone).
   */
  rideDone(lane: number): void {
    const seq = this.ridden[lane]!
    if (seq < 0 || seq !== this.sim.seq - 1) return
    this.ridden[lane] = -1
    this.sim.runRider(seq, this.leadFn, lane)
  }

  /** Completion time a write of `bytes` issued now would get, without issuing it. */
  peekWrite(bytes: number): Ps {
    this.settle()
    return this.peek(this.writeCh, bytes, this.pcie.writeLatencyPs)
  }

  /**
   * Completion time of a write of `bytes` to be issued at `t` (not before now), as the engine
   * stands now: requests booked between now and `t` are not seen.
   */
  projectWrite(t: Ps, bytes: number): Ps {
    this.settle()
    return this.project(this.writeCh, t, bytes, this.pcie.writeLatencyPs)
  }

  /** As projectWrite, for a read. */
  projectRead(t: Ps, bytes: number): Ps {
    this.settle()
    return this.project(this.readCh, t, bytes, this.pcie.readLatencyPs)
  }

  /** Completion time a read of `bytes` issued now would get, without issuing it. */
  peekRead(bytes: number): Ps {
    this.settle()
    return this.peek(this.readCh, bytes, this.pcie.readLatencyPs)
  }

  get writes(): number {
    this.settle()
    return this.writeCh.issued
  }

  get reads(): number {
    this.settle()
    return this.readCh.issued
  }

  get bytesWritten(): number {
    this.settle()
    return this.writeCh.bytes
  }

  get bytesRead(): number {
    this.settle()
    return this.readCh.bytes
  }

  /** Requests issued and not complete at the current simulated time. */
  get depthNow(): number {
    this.settle()
    this.retire(this.sim.now)
    return this.outstanding
  }

  /** Highest queue depth reached so far. */
  get peakDepth(): number {
    this.settle()
    return this.depthPeak
  }

  /** Queue depth over time, settled up to now (call finish() first at the end of a run). */
  get depth(): TimeSeries {
    const series = this.depthSeries
    if (series === null) throw new DmaError('the queue-depth series is not kept (keepSeries: false)')
    this.settle()
    this.retire(this.sim.now)
    return series
  }

  /** Time the last issued request completes (0 if none). */
  get drainTime(): Ps {
    this.settle()
    return Math.max(this.lastDone(this.writeCh), this.lastDone(this.readCh))
  }

  /** Books every deferred request and retires everything into the depth series; issue nothing earlier afterwards. */
  finish(): void {
    this.deferred.queueLeads()
    this.bookDeferred(Infinity, Infinity)
    this.retire(Infinity)
  }

  /** Books a request issued now; its completion time goes to `completion`. */
  private issue(ch: DmaChannel, bytes: number): void {
    checkSize(bytes)
    this.settle()
    this.issueAt = this.sim.now
    this.book(ch, bytes)
    this.completion = ch.bookedDone
  }

  /** Defers a request issued at requestAt (no time crosses the call: see completion). */
  private defer(lane: number, bytes: number, hostOffset: number, flags: number, tag: T | null): void {
    checkSize(bytes)
    const q = this.deferred
    if (q.canLead(lane)) {
      this.lead(lane, bytes, hostOffset, flags, tag)
      return
    }
    const t = this.requestAt
    // The sequence number an event scheduled now would get: the request is ordered among the
    // events as that event would be.
    const seq = this.sim.reserveSeq()
    if (!q.push(lane, t, seq, bytes, hostOffset, flags, tag)) {
      throw new DmaError(`deferred DMA on lane ${lane} at ${t} ps: no such lane, or before the lane's last request`)
    }
    // A request that wants a host event gets a real event, so its event is posted at its own time.
    if ((flags & DEFERRED_NOTIFY) !== 0) {
      this.sim.staged[0] = t
      this.sim.atStaged(this.settleFn)
    }
  }

  /** Makes a request issued at requestAt `lane`'s lead, with its event. */
  private lead(lane: number, bytes: number, hostOffset: number, flags: number, tag: T | null): void {
    const t = this.requestAt
    const seq = this.sim.reserveSeq()
    this.deferred.setLead(lane, t, seq, bytes, hostOffset, flags, tag)
    // Its event takes the next number: no other event can fall between the two. Inside a
    // handler (beginRide) the number is reserved and the push left to endRide.
    if (lane === this.rideLane && this.rideSeq < 0) this.rideSeq = this.sim.reserveSeq()
    else {
      this.sim.staged[0] = t
      this.sim.atStaged(this.leadFn, lane)
    }
  }

  /** completion = project(ch, requestAt, bytes): written out, no time crossing a call. */
  private projectRequest(ch: DmaChannel, bytes: number): void {
    const now = this.sim.now
    const free = now > ch.linkFree ? now : ch.linkFree
    const w = ch.window[ch.slot]!
    const start = free > w ? free : w
    const t = this.requestAt
    this.completion = (t > start ? t : start) + this.pcie.wirePs(bytes) + ch.latencyPs
  }

  /** The event of `lane`'s lead: books the queued requests before it, then the lead. */
  private bookLead(lane: number): void {
    const L = this.deferred.lane[lane]!
    if (!L.leadBusy) return // finish() booked it
    this.settle()
    const t = L.leadTime
    const bytes = L.leadBytes
    const flags = L.leadFlags
    const hostOffset = L.leadOffset
    const tag = L.leadTag as T
    this.deferred.takeLead(lane)
    if ((flags & DEFERRED_WRITE) === 0) {
      this.issueAt = t
      this.book(this.readCh, bytes)
      return
    }
    this.issueAt = t
    this.book(this.writeCh, bytes)
    this.toldDone = this.writeCh.bookedDone
    this.tell(tag, bytes, hostOffset, flags)
  }
}
