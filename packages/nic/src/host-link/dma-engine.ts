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

import { quietEvent, type Simulator } from '../sim/simulator.js'
import type { Ps } from '../sim/time.js'
import { TimeSeries } from '../stats/time-series.js'
import { DEFERRED_NOTIFY, DEFERRED_RUN, DEFERRED_WRITE, DeferredLanes } from './deferred-lanes.js'
import { DmaChannel } from './dma-channel.js'
import type { PcieModel } from './pcie.js'

export type DmaDone<A> = (arg: A) => void

/**
 * Told of every write issued with writeAt when it is booked: its tag, completion time, size. For
 * a write without host event (notify false) it must not use the engine.
 */
export type DmaWriteSink<T> = (tag: T, done: Ps, bytes: number, hostOffset: number, notify: boolean) => void

/**
 * Told of the writes of a run list (writeRunAt) in groups booked back to back: their tag and the
 * completion time of the group's last write (the latest: the link serves writes in order).
 */
export type DmaRunSink<T> = (tag: T, lastDone: Ps) => void

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

export class DmaError extends Error {
  override readonly name = 'DmaError'
}

export class DmaEngine<T = unknown> {
  readonly pcie: PcieModel
  private readonly sim: Simulator
  private readonly writeCh: DmaChannel
  private readonly readCh: DmaChannel
  /** null when the series is not kept (keepSeries: false). */
  private readonly depthSeries: TimeSeries | null
  /** Time of the latest queue-depth sample (kept or not), and the highest depth so far. */
  private depthAt: Ps = 0
  private depthPeak = 0
  private outstanding = 0
  private readonly deferred: DeferredLanes<T>
  private readonly onWrite: DmaWriteSink<T> | null
  private readonly onWriteRun: DmaRunSink<T> | null
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
    this.sim = sim
    this.pcie = pcie
    this.writeCh = new DmaChannel(pcie.params.maxOutstanding)
    this.readCh = new DmaChannel(pcie.params.maxOutstanding)
    this.deferred = new DeferredLanes<T>(options.lanes ?? 1)
    this.ridden = new Float64Array(options.lanes ?? 1).fill(-1)
    this.onWrite = options.onWrite ?? null
    this.onWriteRun = options.onWriteRun ?? null
    this.depthSeries = options.keepSeries === false ? null : new TimeSeries(0, 256)
  }

  /**
   * Writes `bytes` from the NIC to host memory (0 is legal: it still sends a TLP). Returns the
   * time the data is in host memory; `done(arg)` runs then, if given.
   */
  write<A>(bytes: number, done?: DmaDone<A>, arg?: A): Ps {
    return this.issue(this.writeCh, bytes, this.pcie.writeLatencyPs, done, arg)
  }

  /** Reads `bytes` of host memory into the NIC. Returns the time the data is on the NIC. */
  read<A>(bytes: number, done?: DmaDone<A>, arg?: A): Ps {
    return this.issue(this.readCh, bytes, this.pcie.readLatencyPs, done, arg)
  }

  /**
   * A write issued at `t` (not before now) from `lane`, whose issue times never go back. Booked at
   * `t`; the write sink hears of it then, with `tag` (`notify`: the caller wants a host event). At
   * or before now it is booked at once and its completion time returned; later, the time
   * projectWrite gives (what the issuer can know now).
   */
  writeAt(t: Ps, bytes: number, lane: number, tag: T, hostOffset: number, notify: boolean): Ps {
    const now = this.sim.now
    if (t <= now) {
      const done = this.write(bytes)
      if (this.onWrite !== null) this.onWrite(tag, done, bytes, hostOffset, notify)
      return done
    }
    if (this.deferred.earliest <= now) this.bookDeferred(now, this.sim.seq)
    this.defer(lane, t, bytes, hostOffset, notify ? DEFERRED_WRITE | DEFERRED_NOTIFY : DEFERRED_WRITE, tag)
    return this.project(this.writeCh, t, bytes, this.pcie.writeLatencyPs)
  }

  /** As writeAt, for a read (no sink). */
  readAt(t: Ps, bytes: number, lane: number): Ps {
    const now = this.sim.now
    if (t <= now) return this.read(bytes)
    if (this.deferred.earliest <= now) this.bookDeferred(now, this.sim.seq)
    this.defer(lane, t, bytes, 0, 0, null)
    return this.project(this.readCh, t, bytes, this.pcie.readLatencyPs)
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
    const now = this.sim.now
    let i = 0
    let last = -1
    let s = sizeAt
    // Writes at or before now (a prefix: the times do not go back) are booked at once.
    for (; i < count && times[i]! <= now; i++, s += sizeStride) last = this.write(sizes[s]!)
    if (last >= 0 && this.onWriteRun !== null) this.onWriteRun(tag, last)
    if (i === count) return
    const q = this.deferred
    if (q.earliest <= now) this.bookDeferred(now, this.sim.seq)
    const flags = DEFERRED_WRITE | DEFERRED_RUN
    if (q.canLead(lane)) {
      checkSize(sizes[s]!)
      this.lead(lane, times[i]!, sizes[s]!, 0, flags, tag)
      i++
      s += sizeStride
      if (i === count) return
    }
    // One number per write, as writeAt would take them: consecutive, nothing reserves in between.
    const seq = this.sim.reserveSeq()
    for (let k = i + 1; k < count; k++) this.sim.reserveSeq()
    const bad = q.pushRun(lane, seq, flags, tag, count - i, times, i, sizes, s, sizeStride)
    if (bad >= 0) checkSize(sizes[s + (bad - i) * sizeStride]!)
    if (bad !== -1) {
      throw new DmaError(`deferred DMA run on lane ${lane} at ${times[Math.max(i, bad)]} ps: no such lane, or a time before the lane's last request`)
    }
  }

  /**
   * Books every deferred request that comes before the present in (time, sequence) order. The
   * engine does so itself before it is used; call it when a handler ends, so that the sink has
   * heard of the handler's writes by then.
   */
  settle(): void {
    // earliest is Infinity when nothing waits.
    const sim = this.sim
    if (this.deferred.earliest <= sim.now) this.bookDeferred(sim.now, sim.seq)
  }

  /**
   * A handler starts on HPU `lane` within the running event. Its first lead's event is not pushed
   * at once: endRide decides whether the handler's end event can carry it.
   */
  beginRide(lane: number): void {
    this.rideLane = lane
  }

  /**
   * The handler of beginRide returned and ends at `end`; its end event is pushed right after this
   * call. A lead issued at `end` whose event number is the one just before that end event's
   * would have run back to back with it, with nothing between (same time, adjacent numbers): it
   * rides on it (rideDone books it, as its own event would have). Otherwise its event is pushed
   * now under its reserved number, where it would have run anyway.
   */
  endRide(end: Ps): void {
    const lane = this.rideLane
    const seq = this.rideSeq
    this.rideLane = -1
    if (seq < 0) return
    this.rideSeq = -1
    const t = this.deferred.lane[lane]!.leadTime
    if (t === end && this.sim.upcomingSeq === seq + 1) this.ridden[lane] = seq
    else this.sim.atReserved(t, seq, this.leadFn, lane)
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

  private issue<A>(ch: DmaChannel, bytes: number, latency: Ps, done: DmaDone<A> | undefined, arg: A | undefined): Ps {
    checkSize(bytes)
    this.settle()
    const t = this.book(ch, this.sim.now, bytes, latency)
    if (done !== undefined) this.sim.at(t, done, arg as A)
    return t
  }

  /** Books a request issued at `at` (not before any booked so far). */
  private book(ch: DmaChannel, at: Ps, bytes: number, latency: Ps): Ps {
    if (at < this.depthAt) throw new DmaError('DMA issued after finish(): the depth series is closed')
    this.retire(at)
    const t = ch.book(at, this.pcie.wirePs(bytes), latency, bytes)
    this.recordDepth(at, ++this.outstanding)
    return t
  }

  /** A queue-depth sample: into the series when it is kept; the peak either way. */
  private recordDepth(t: Ps, depth: number): void {
    this.depthAt = t
    if (depth > this.depthPeak) this.depthPeak = depth
    if (this.depthSeries !== null) this.depthSeries.record(t, depth)
  }

  private defer(lane: number, t: Ps, bytes: number, hostOffset: number, flags: number, tag: T | null): void {
    checkSize(bytes)
    const q = this.deferred
    if (q.canLead(lane)) {
      this.lead(lane, t, bytes, hostOffset, flags, tag)
      return
    }
    // The sequence number an event scheduled now would get: the request is ordered among the
    // events as that event would be.
    const seq = this.sim.reserveSeq()
    if (!q.push(lane, t, seq, bytes, hostOffset, flags, tag)) {
      throw new DmaError(`deferred DMA on lane ${lane} at ${t} ps: no such lane, or before the lane's last request`)
    }
    // A request that wants a host event gets a real event, so its event is posted at its own time.
    if ((flags & DEFERRED_NOTIFY) !== 0) this.sim.at(t, this.settleFn)
  }

  /** Makes a request `lane`'s lead, with its event. */
  private lead(lane: number, t: Ps, bytes: number, hostOffset: number, flags: number, tag: T | null): void {
    const seq = this.sim.reserveSeq()
    this.deferred.setLead(lane, t, seq, bytes, hostOffset, flags, tag)
    // Its event takes the next number: no other event can fall between the two. Inside a
    // handler (beginRide) the number is reserved and the push left to endRide.
    if (lane === this.rideLane && this.rideSeq < 0) this.rideSeq = this.sim.reserveSeq()
    else this.sim.at(t, this.leadFn, lane)
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
      this.book(this.readCh, t, bytes, this.pcie.readLatencyPs)
      return
    }
    const done = this.book(this.writeCh, t, bytes, this.pcie.writeLatencyPs)
    this.tell(tag, done, bytes, hostOffset, flags)
  }

  /** The sink hears of a booked write. */
  private tell(tag: T, done: Ps, bytes: number, hostOffset: number, flags: number): void {
    if ((flags & DEFERRED_RUN) !== 0) {
      if (this.onWriteRun !== null) this.onWriteRun(tag, done)
    } else if (this.onWrite !== null) {
      this.onWrite(tag, done, bytes, hostOffset, (flags & DEFERRED_NOTIFY) !== 0)
    }
  }

  /**
   * Books deferred requests before (until, seq) in (time, sequence) order. The earliest lane is
   * taken out of the order; its head is booked, and its next requests while they come before the
   * runner-up's head (the new earliest) and the bound; then it goes back in by its new head.
   * A write that wants a host event ends its lane's batch: its sink may use the engine, so it
   * hears of the write once the lanes are consistent. For other writes the sinks must not use the
   * engine: a write of writeAt is heard of at once, a run's writes when the run ends, and a run
   * left part-way before this returns (or a host-event write is heard of).
   */
  private bookDeferred(until: Ps, seq: number): void {
    const q = this.deferred
    // Requests are taken while they come before (until, after): (until, seq) included.
    const after = seq + 1
    const pcie = this.pcie
    const wl = pcie.writeLatencyPs
    const wch = this.writeCh
    const wp = wch.pending
    const rp = this.readCh.pending
    while (q.waiting > 0) {
      let t = q.earliest
      if (t > until || (t === until && q.earliestSeq >= after)) break
      const lane = q.takeFront()
      let bt = q.earliest
      let bs = q.earliestSeq
      if (until < bt || (until === bt && after < bs)) {
        bt = until
        bs = after
      }
      const L = q.lane[lane]!
      const req = L.req
      const mask = L.reqMask
      let h = L.reqHead
      let n = L.reqCount
      let cursor = L.cursor
      let run = L.runHead
      let runSeq = L.runSeq[run]!
      let runLength = L.runLength[run]!
      let flags = L.runFlags[run]!
      let tag = L.runTag[run]!
      // Completion time of the last write taken of a run list that its sink has not heard of.
      let last = L.sinkDone
      let single = false
      let sBytes = 0
      let sOffset = 0
      let sDone = 0
      // The head is taken whatever the bound: it was the earliest.
      for (;;) {
        const bytes = req[3 * h + 1]!
        const off = req[3 * h + 2]!
        h = (h + 1) & mask
        n--
        cursor++
        if ((flags & DEFERRED_WRITE) === 0) {
          this.book(this.readCh, t, bytes, pcie.readLatencyPs)
        } else {
          // this.book(wch, t, bytes, wl), with the retire pass only when a completion is due
          if (t < this.depthAt) throw new DmaError('DMA issued after finish(): the depth series is closed')
          if (wp.first <= t || rp.first <= t) this.retire(t)
          const done = wch.book(t, pcie.wirePs(bytes), wl, bytes)
          this.recordDepth(t, ++this.outstanding)
          if ((flags & DEFERRED_RUN) !== 0) {
            last = done
          } else if ((flags & DEFERRED_NOTIFY) === 0) {
            // a write of writeAt without host event: heard of at once, in booking order
            if (this.onWrite !== null) this.onWrite(tag as T, done, bytes, off, false)
          } else {
            single = true
            sBytes = bytes
            sOffset = off
            sDone = done
          }
        }
        if (cursor === runLength) {
          if ((flags & DEFERRED_RUN) !== 0 && this.onWriteRun !== null) this.onWriteRun(tag as T, last)
          last = -1
          L.shiftRun()
          cursor = 0
          if (single || n === 0) break
          run = L.runHead
          runSeq = L.runSeq[run]!
          runLength = L.runLength[run]!
          flags = L.runFlags[run]!
          tag = L.runTag[run]!
        }
        t = req[3 * h]!
        if (!(t < bt || (t === bt && runSeq + cursor < bs))) break
      }
      q.size -= L.reqCount - n
      L.reqHead = h
      L.reqCount = n
      L.cursor = cursor
      L.sinkDone = last
      if (last >= 0 && !L.sinkPending) {
        L.sinkPending = true
        q.pending[q.pendingCount++] = lane
      }
      if (n > 0) q.insert(lane)
      if (single) {
        this.flushRunSinks()
        this.tell(tag as T, sDone, sBytes, sOffset, DEFERRED_WRITE | DEFERRED_NOTIFY)
      }
    }
    if (q.pendingCount > 0) this.flushRunSinks()
  }

  /** The run sink hears of the writes taken of runs left part-way. */
  private flushRunSinks(): void {
    const q = this.deferred
    const sink = this.onWriteRun
    for (let i = 0; i < q.pendingCount; i++) {
      const L = q.lane[q.pending[i]!]!
      L.sinkPending = false
      if (L.sinkDone < 0) continue
      if (sink !== null) sink(L.runTag[L.runHead] as T, L.sinkDone)
      L.sinkDone = -1
    }
    q.pendingCount = 0
  }

  private peek(ch: DmaChannel, bytes: number, latency: Ps): Ps {
    return ch.nextStart(this.sim.now) + this.pcie.wirePs(bytes) + latency
  }

  private project(ch: DmaChannel, t: Ps, bytes: number, latency: Ps): Ps {
    const start = ch.nextStart(this.sim.now)
    return (t > start ? t : start) + this.pcie.wirePs(bytes) + latency
  }

  private lastDone(ch: DmaChannel): Ps {
    return ch.issued === 0 ? 0 : ch.linkFree + (ch === this.writeCh ? this.pcie.writeLatencyPs : this.pcie.readLatencyPs)
  }

  /** Moves completions at or before `until` into the depth series, in time order. */
  private retire(until: Ps): void {
    const w = this.writeCh.pending
    const r = this.readCh.pending
    for (;;) {
      const tw = w.first
      const tr = r.first
      let t: Ps
      if (tw <= tr) {
        if (tw > until || tw === Infinity) return
        t = tw
        w.shift()
      } else {
        if (tr > until) return
        t = tr
        r.shift()
      }
      this.recordDepth(t, --this.outstanding)
    }
  }
}

function checkSize(bytes: number): void {
  if (!(bytes >= 0) || !Number.isInteger(bytes)) throw new DmaError(`DMA size must be a non-negative integer, got ${bytes}`)
}
