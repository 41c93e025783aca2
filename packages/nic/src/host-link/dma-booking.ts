// The booking core of the DMA engine (dma-engine.ts): the two channels, the queue-depth record,
// and the pass that books deferred requests from the lanes (deferred-lanes.ts) in (time,
// sequence) order and tells the sinks. The engine on top issues requests, defers them to the
// lanes and runs the leads' events.

import type { Simulator } from '../sim/simulator.js'
import type { Ps } from '../sim/time.js'
import { TimeSeries } from '../stats/time-series.js'
import { DEFERRED_NOTIFY, DEFERRED_RUN, DEFERRED_WRITE, DeferredLanes } from './deferred-lanes.js'
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

export abstract class DmaBooking<T> {
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
    this.writeCh = new DmaChannel(pcie.params.maxOutstanding)
    this.readCh = new DmaChannel(pcie.params.maxOutstanding)
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
    if (this.deferred.earliest <= sim.now) this.bookDeferred(sim.now, sim.seq)
  }

  /** Books a request issued at `at` (not before any booked so far). */
  protected book(ch: DmaChannel, at: Ps, bytes: number, latency: Ps): Ps {
    if (at < this.depthAt) throw new DmaError('DMA issued after finish(): the depth series is closed')
    this.retire(at)
    const t = ch.book(at, this.pcie.wirePs(bytes), latency, bytes)
    this.recordDepth(at, ++this.outstanding)
    return t
  }

  /** A queue-depth sample: into the series when it is kept; the peak either way. */
  protected recordDepth(t: Ps, depth: number): void {
    this.depthAt = t
    if (depth > this.depthPeak) this.depthPeak = depth
    if (this.depthSeries !== null) this.depthSeries.record(t, depth)
  }

  /** The sink hears of a booked write. */
  protected tell(tag: T, done: Ps, bytes: number, hostOffset: number, flags: number): void {
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
  protected bookDeferred(until: Ps, seq: number): void {
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
  protected flushRunSinks(): void {
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
