// The state of the DMA engine's booking (dma-booking.ts): the two channels, the queue-depth
// record, the lanes and the sinks, with what the booking passes share: a request booked at once,
// the depth record, the sinks told.

import type { Simulator } from '../sim/simulator.js'
import type { Ps } from '../sim/time.js'
import { TimeSeries } from '../stats/time-series.js'
import { DEFERRED_NOTIFY, DEFERRED_RUN, DeferredLanes } from './deferred-lanes.js'
import { DmaChannel } from './dma-channel.js'
import type { PcieModel } from './pcie.js'

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

export class DmaError extends Error {
  override readonly name = 'DmaError'
}

export function checkSize(bytes: number): void {
  if (!(bytes >= 0) || !Number.isInteger(bytes)) throw new DmaError(`DMA size must be a non-negative integer, got ${bytes}`)
}

export abstract class BookingCore<T> {
  readonly pcie: PcieModel
  protected readonly sim: Simulator
  protected readonly writeCh: DmaChannel
  protected readonly readCh: DmaChannel
  /** null when the series is not kept (keepSeries: false). */
  protected readonly depthSeries: TimeSeries | null
  /** Time of the latest queue-depth sample (kept or not), and the highest depth so far. */
  protected depthAt: Ps = 0
  protected depthPeak = 0
  protected outstanding = 0
  protected readonly deferred: DeferredLanes<T>
  protected readonly onWrite: DmaWriteSink<T> | null
  protected readonly onWriteRun: DmaRunSink<T> | null

  constructor(sim: Simulator, pcie: PcieModel, lanes: number, onWrite: DmaWriteSink<T> | null, onWriteRun: DmaRunSink<T> | null, keepSeries: boolean) {
    this.sim = sim
    this.pcie = pcie
    this.writeCh = new DmaChannel(pcie.params.maxOutstanding, pcie.writeLatencyPs)
    this.readCh = new DmaChannel(pcie.params.maxOutstanding, pcie.readLatencyPs)
    this.deferred = new DeferredLanes<T>(lanes)
    this.onWrite = onWrite
    this.onWriteRun = onWriteRun
    this.depthSeries = keepSeries ? new TimeSeries(0, 256) : null
  }

  /**
   * Books every deferred request that comes before the present in (time, sequence) order. The
   * engine does so itself before it is used; call it when a handler ends, so that the sink has
   * heard of the handler's writes by then.
   */
  settle(): void {
    // earliest is Infinity when nothing waits.
    const sim = this.sim
    if (this.deferred.earliest <= sim.now) this.bookDeferredNow()
  }

  /**
   * The time bound of the booking pass running (bookDeferred's `until`). The pass's loops are far
   * too large for V8 to inline, and a time past 2^31 ps passed to a call it does not inline is
   * boxed: the callers set it here (bookDeferredNow, the per-request one, reads the clock itself).
   */
  protected bookUntil: Ps = 0

  /** Books deferred requests before (until, seq) in (time, sequence) order (DmaBooking). */
  protected bookDeferred(until: Ps, seq: number): void {
    this.bookUntil = until
    this.bookBefore(seq)
  }

  /** bookDeferred(now, the running event's number), passing no time (see bookUntil). */
  protected bookDeferredNow(): void {
    this.bookUntil = this.sim.now
    this.bookBefore(this.sim.seq)
  }

  /** bookDeferred(bookUntil, seq): the booking pass. */
  protected abstract bookBefore(seq: number): void

  /**
   * The issue time of the next book call. (A field, not an argument: V8 does not inline book into
   * every caller, and a time past 2^31 ps passed to a call it does not inline is boxed.)
   */
  protected issueAt: Ps = 0

  /**
   * Books a request issued at issueAt (not before any booked so far); its completion time goes to
   * ch.bookedDone.
   */
  protected book(ch: DmaChannel, bytes: number): void {
    const at = this.issueAt
    if (at < this.depthAt) throw new DmaError('DMA issued after finish(): the depth series is closed')
    this.retire(at)
    ch.book(at, this.pcie.wirePs(bytes), bytes)
    this.recordDepth(at, ++this.outstanding)
  }

  /** A queue-depth sample: into the series when it is kept; the peak either way. */
  protected recordDepth(t: Ps, depth: number): void {
    this.depthAt = t
    if (depth > this.depthPeak) this.depthPeak = depth
    if (this.depthSeries !== null) this.depthSeries.record(t, depth)
  }

  /**
   * The completion time of the write the next tell call reports. (A field, not an argument: a lead
   * per packet is told, and a time past 2^31 ps passed to a call V8 does not inline is boxed.)
   */
  protected toldDone: Ps = 0

  /** The sink hears of a booked write, done at toldDone. */
  protected tell(tag: T, bytes: number, hostOffset: number, flags: number): void {
    const done = this.toldDone
    if ((flags & DEFERRED_RUN) !== 0) {
      if (this.onWriteRun !== null) this.onWriteRun(tag, done)
    } else if (this.onWrite !== null) {
      this.onWrite(tag, done, bytes, hostOffset, (flags & DEFERRED_NOTIFY) !== 0)
    }
  }
  /** Writes bookDeferred's locals back: the write channel's state and the depth record. */
  protected storeBooking(linkFree: Ps, slot: number, issued: number, bytes: number, outstanding: number, depthAt: Ps, depthPeak: number): void {
    const wch = this.writeCh
    wch.linkFree = linkFree
    wch.slot = slot
    wch.issued = issued
    wch.bytes = bytes
    this.outstanding = outstanding
    this.depthAt = depthAt
    this.depthPeak = depthPeak
  }

  /** Sets the lanes' earliest head from the order's front. */
  protected syncEarliest(): void {
    const q = this.deferred
    if (q.waiting > 0) {
      q.earliest = q.orderTime[q.front]!
      q.earliestSeq = q.orderSeq[q.front]!
    } else {
      q.earliest = Infinity
      q.earliestSeq = Infinity
    }
  }

  /** The run sink hears of the writes taken of runs left part-way. */
  protected flushRunSinks(): void {
    const q = this.deferred
    const sink = this.onWriteRun
    for (let i = 0; i < q.pendingCount; i++) {
      const lane = q.pending[i]!
      const L = q.lane[lane]!
      L.sinkPending = false
      const done = q.sinkDone[lane]!
      if (done < 0) continue
      if (sink !== null) sink(L.headTag as T, done)
      q.sinkDone[lane] = -1
    }
    q.pendingCount = 0
  }

  protected peek(ch: DmaChannel, bytes: number, latency: Ps): Ps {
    return ch.nextStart(this.sim.now) + this.pcie.wirePs(bytes) + latency
  }

  protected project(ch: DmaChannel, t: Ps, bytes: number, latency: Ps): Ps {
    const start = ch.nextStart(this.sim.now)
    return (t > start ? t : start) + this.pcie.wirePs(bytes) + latency
  }

  protected lastDone(ch: DmaChannel): Ps {
    return ch.issued === 0 ? 0 : ch.linkFree + (ch === this.writeCh ? this.pcie.writeLatencyPs : this.pcie.readLatencyPs)
  }

  /** Moves completions at or before `until` into the depth series, in time order. */
  protected retire(until: Ps): void {
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
