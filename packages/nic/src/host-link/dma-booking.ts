// The booking core of the DMA engine (dma-engine.ts): the two channels, the queue-depth record,
// and the pass that books deferred requests from the lanes (deferred-lanes.ts) in (time,
// sequence) order and tells the sinks. The engine on top issues requests, defers them to the
// lanes and runs the leads' events.

import type { Simulator } from '../sim/simulator.js'
import type { Ps } from '../sim/time.js'
import { TimeSeries } from '../stats/time-series.js'
import { DEFERRED_NOTIFY, DEFERRED_RUN, DEFERRED_UNIFORM, DEFERRED_WRITE, DeferredLanes } from './deferred-lanes.js'
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

// bookRuns' results (a lane to put back in the order is >= 0) and the head runs it books.
const RUNS_DONE = -1
const RUNS_GENERAL = -2
const RUNS_WIRE = -3
const RUNS_MASK = DEFERRED_WRITE | DEFERRED_NOTIFY | DEFERRED_RUN | DEFERRED_UNIFORM
const RUNS_FLAGS = DEFERRED_WRITE | DEFERRED_RUN | DEFERRED_UNIFORM
const RUNS_SCAN = 4

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
  /** bookRuns' write size and its time on the link (pcie.wirePs); -1: none yet. */
  private runBytes = -1
  private runWire: Ps = 0

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
   * Books deferred requests before (until, seq) in (time, sequence) order: bookRuns the common
   * passes, bookGeneral (one pass) what bookRuns stops at, bookGeneral alone when the depth series
   * is kept. Either takes the earliest lane out of the order, books its head, and its next
   * requests while they come before the runner-up's head (the new earliest) and the bound; then
   * the lane goes back in by its new head.
   * A write that wants a host event ends its lane's batch: its sink may use the engine, so it
   * hears of the write once the lanes are consistent. For other writes the sinks must not use the
   * engine: a write of writeAt is heard of at once, a run's writes when the run ends, and a run
   * left part-way before this returns (or a host-event write is heard of).
   */
  protected bookDeferred(until: Ps, seq: number): void {
    const q = this.deferred
    // Requests are taken while they come before (until, after): (until, seq) included.
    const after = seq + 1
    if (this.depthSeries !== null) {
      this.bookGeneral(until, after, false)
    } else {
      // bookRuns books the common passes; what it stops at, bookGeneral books (one pass).
      for (;;) {
        const r = this.bookRuns(until, after)
        if (r === RUNS_DONE) break
        if (r === RUNS_GENERAL) {
          this.bookGeneral(until, after, true)
        } else if (r === RUNS_WIRE) {
          const b = q.lane[q.order[q.front]!]!.headBytes
          this.runWire = this.pcie.wirePs(b)
          this.runBytes = b
        } else {
          q.insert(r)
        }
      }
      this.syncEarliest()
    }
    if (q.pendingCount > 0) this.flushRunSinks()
  }

  /**
   * bookDeferred's passes, all of them (once false) or one (once true), any request: reads,
   * writes of writeAt, host-event writes, runs' last writes, a depth series kept.
   */
  private bookGeneral(until: Ps, after: number, once: boolean): void {
    const q = this.deferred
    const pcie = this.pcie
    const wl = pcie.writeLatencyPs
    const wch = this.writeCh
    const wp = wch.pending
    const rp = this.readCh.pending
    // The write channel and the depth record in locals too (what this.book(wch, ...) and retire
    // do, inline), written back (out) before anything else can see them and read again (in)
    // after what may have used the engine.
    const win = wch.window
    const wlen = win.length
    const series = this.depthSeries
    let linkFree = wch.linkFree
    let slot = wch.slot
    let issued = wch.issued
    let wbytes = wch.bytes
    let outstanding = this.outstanding
    let depthAt = this.depthAt
    let depthPeak = this.depthPeak
    // pcie.wirePs of the last size seen
    let wireBytes = -1
    let wire = 0
    // The order of the lanes' heads, its front and length kept in locals for the whole pass (the
    // lanes taking turns, a lane goes back in at the back: one comparison, three stores); written
    // back before a host-event write's sink hears of it and at the end.
    const order = q.order
    const OT = q.orderTime
    const OS = q.orderSeq
    const omask = q.mask
    let front = q.front
    let waiting = q.waiting
    let size = q.size
    const lanes = q.lane
    const sinkDone = q.sinkDone
    // The next pass's lane (the runner-up) is read a pass ahead: its object and the time of its
    // request after the head, so that their loads (often cache misses: hundreds of NICs' lanes)
    // overlap this pass's work. pLane -1: none read.
    let pLane = -1
    let pL = lanes[0]!
    let pT = 0
    while (waiting > 0) {
      let t = OT[front]!
      // The head's sequence number, then the next request's.
      let hs = OS[front]!
      if (t > until || (t === until && hs >= after)) break
      const lane = order[front]!
      front = (front + 1) & omask
      waiting--
      // The bound: the runner-up's head (the new front), or (until, after) if that comes first.
      let bt = Infinity
      let bs = Infinity
      if (waiting > 0) {
        bt = OT[front]!
        bs = OS[front]!
      }
      if (until < bt || (until === bt && after < bs)) {
        bt = until
        bs = after
      }
      const L = lane === pLane ? pL : lanes[lane]!
      const rt = L.reqTime
      const mask = L.reqMask
      let h = L.reqHead
      // the slot after the head, and its time (read a pass ahead if this lane was the runner-up)
      const h1 = (h + 1) & mask
      const t1 = lane === pLane ? pT : rt[h1]!
      if (waiting > 0) {
        pLane = order[front]!
        pL = lanes[pLane]!
        pT = pL.reqTime[(pL.reqHead + 1) & pL.reqMask]!
      } else {
        pLane = -1
      }
      const n0 = L.reqCount
      let n = n0
      // The head run's state (see Lane): requests left, flags, size when uniform (else -1), tag.
      let left = L.left
      let flags = L.headFlags
      let ub = L.headBytes
      let tag = L.headTag
      // Completion time of the last write taken of a run list that its sink has not heard of.
      let last = sinkDone[lane]!
      let single = false
      let sBytes = 0
      let sOffset = 0
      let sDone = 0
      // The head is taken whatever the bound: it was the earliest.
      for (;;) {
        const at = h
        const bytes = ub >= 0 ? ub : L.reqBytes[at]!
        h = (h + 1) & mask
        n--
        hs++
        if ((flags & DEFERRED_WRITE) === 0) {
          // A read books the read channel: of the locals only the depth record changes.
          this.storeBooking(linkFree, slot, issued, wbytes, outstanding, depthAt, depthPeak)
          this.book(this.readCh, t, bytes, pcie.readLatencyPs)
          outstanding = this.outstanding
          depthAt = this.depthAt
          depthPeak = this.depthPeak
        } else {
          // this.book(wch, t, bytes, wl): the depth record's check, retire(t), the channel's book
          if (t < depthAt) {
            this.storeBooking(linkFree, slot, issued, wbytes, outstanding, depthAt, depthPeak)
            q.front = front
            q.waiting = waiting
            throw new DmaError('DMA issued after finish(): the depth series is closed')
          }
          for (;;) {
            const tw = wp.first
            const tr = rp.first
            if (tw <= tr) {
              if (tw > t) break
              wp.shift()
              depthAt = tw
            } else {
              if (tr > t) break
              rp.shift()
              depthAt = tr
            }
            outstanding--
            if (series !== null) series.record(depthAt, outstanding)
          }
          if (bytes !== wireBytes) {
            wire = pcie.wirePs(bytes)
            wireBytes = bytes
          }
          // DmaChannel.book: start = max(t, linkFree, the window's slot)
          let start = t > linkFree ? t : linkFree
          const w = win[slot]!
          if (w > start) start = w
          linkFree = start + wire
          const done = linkFree + wl
          win[slot] = done
          if (++slot === wlen) slot = 0
          issued++
          wbytes += bytes
          wp.push(done)
          depthAt = t
          if (++outstanding > depthPeak) depthPeak = outstanding
          if (series !== null) series.record(t, outstanding)
          if ((flags & DEFERRED_RUN) !== 0) {
            last = done
          } else if ((flags & DEFERRED_NOTIFY) === 0) {
            // a write of writeAt without host event: heard of at once, in booking order
            if (this.onWrite !== null) {
              this.storeBooking(linkFree, slot, issued, wbytes, outstanding, depthAt, depthPeak)
              this.onWrite(tag as T, done, bytes, L.reqOffset[at]!, false)
            }
          } else {
            single = true
            sBytes = bytes
            sOffset = L.reqOffset[at]!
            sDone = done
          }
        }
        if (--left === 0) {
          if ((flags & DEFERRED_RUN) !== 0 && this.onWriteRun !== null) {
            this.storeBooking(linkFree, slot, issued, wbytes, outstanding, depthAt, depthPeak)
            this.onWriteRun(tag as T, last)
          }
          last = -1
          L.shiftRun()
          left = L.left
          if (single || n === 0) break
          flags = L.headFlags
          ub = L.headBytes
          tag = L.headTag
          hs = L.runSeq[L.runHead]!
        }
        t = h === h1 ? t1 : rt[h]!
        if (!(t < bt || (t === bt && hs < bs))) break
      }
      size -= n0 - n
      // An emptied lane starts again at slot 0: the next handler's run (a lane is mostly empty
      // when its HPU starts one) reuses the slots the last one wrote, which may still be cached.
      L.reqHead = n === 0 ? 0 : h
      L.reqCount = n
      L.left = left
      sinkDone[lane] = last
      if (last >= 0 && !L.sinkPending) {
        L.sinkPending = true
        q.pending[q.pendingCount++] = lane
      }
      if (single) {
        // Its sink may use the engine: the lanes are made consistent first.
        q.front = front
        q.waiting = waiting
        q.size = size
        if (n > 0) q.insert(lane)
        this.syncEarliest()
        this.storeBooking(linkFree, slot, issued, wbytes, outstanding, depthAt, depthPeak)
        this.flushRunSinks()
        this.tell(tag as T, sDone, sBytes, sOffset, DEFERRED_WRITE | DEFERRED_NOTIFY)
        pLane = -1
        linkFree = wch.linkFree
        slot = wch.slot
        issued = wch.issued
        wbytes = wch.bytes
        outstanding = this.outstanding
        depthAt = this.depthAt
        depthPeak = this.depthPeak
        front = q.front
        waiting = q.waiting
        size = q.size
      } else if (n > 0) {
        // The lane's new head: t, numbered hs (the loop left on the bound).
        const s = hs
        const b = (front + waiting - 1) & omask
        if (waiting === 0 || OT[b]! < t || (OT[b]! === t && OS[b]! < s)) {
          const k = (front + waiting) & omask
          order[k] = lane
          OT[k] = t
          OS[k] = s
          waiting++
        } else {
          q.front = front
          q.waiting = waiting
          q.insertAt(lane, t, s)
          front = q.front
          waiting = q.waiting
        }
      }
      if (once) break
    }
    this.storeBooking(linkFree, slot, issued, wbytes, outstanding, depthAt, depthPeak)
    q.front = front
    q.waiting = waiting
    q.size = size
    this.syncEarliest()
  }

  /**
   * The common passes, without a call in the loop (calls would make the compiler check every
   * array's map, length and base again on each pass): a lane whose head run is a run list's
   * writes of the size runBytes, not its last write (its sink is told then), no read's completion
   * to retire before it, room in the completion ring, no depth series. Each pass books as
   * bookGeneral would. Returns RUNS_DONE when nothing before (until, after) is left; else it
   * stopped, the lanes consistent, at what bookGeneral books (RUNS_GENERAL: the front lane's head
   * is not one of these), at a new size (RUNS_WIRE: the front lane's head run's size is not
   * runBytes), or at a lane (returned, >= 0) that goes back in the order by q.insert.
   */
  private bookRuns(until: Ps, after: number): number {
    const q = this.deferred
    const wch = this.writeCh
    const win = wch.window
    const wlen = win.length
    // The write channel's completion ring, inline (its push without growing: the pass stops on a full ring)
    const ring = wch.pending
    const pb = ring.buf
    const plen = pb.length
    const pm = plen - 1
    let ph = ring.head
    let pn = ring.size
    let tw = ring.first
    // The pass stops before a request at or after the read channel's first completion: the
    // retiring of reads is left to bookGeneral.
    const tr = this.readCh.pending.first
    const wl = this.pcie.writeLatencyPs
    const bytes = this.runBytes
    const wire = this.runWire
    let linkFree = wch.linkFree
    let slot = wch.slot
    let outstanding = this.outstanding
    let depthAt = this.depthAt
    let depthPeak = this.depthPeak
    // Requests booked: issued, bytes and the lanes' size are updated by it at the end.
    let booked = 0
    const order = q.order
    const OT = q.orderTime
    const OS = q.orderSeq
    const omask = q.mask
    let front = q.front
    let waiting = q.waiting
    const lanes = q.lane
    const sinkDone = q.sinkDone
    // The times booked do not go back: only the first can come before the depth record's last
    // (after finish()), which bookGeneral reports.
    if (waiting > 0 && OT[front]! < depthAt) return RUNS_GENERAL
    // The runner-up read a pass ahead, as in bookGeneral.
    let pLane = -1
    let pL = lanes[0]!
    let pT = 0
    let stop = RUNS_DONE
    while (waiting > 0) {
      let t = OT[front]!
      let hs = OS[front]!
      if (t > until || (t === until && hs >= after)) break
      const lane = order[front]!
      const L = lane === pLane ? pL : lanes[lane]!
      if ((L.headFlags & RUNS_MASK) !== RUNS_FLAGS) {
        stop = RUNS_GENERAL
        break
      }
      if (L.headBytes !== bytes) {
        stop = RUNS_WIRE
        break
      }
      front = (front + 1) & omask
      waiting--
      let bt = Infinity
      let bs = Infinity
      if (waiting > 0) {
        bt = OT[front]!
        bs = OS[front]!
      }
      if (until < bt || (until === bt && after < bs)) {
        bt = until
        bs = after
      }
      const rt = L.reqTime
      const mask = L.reqMask
      let h = L.reqHead
      const h1 = (h + 1) & mask
      const t1 = lane === pLane ? pT : rt[h1]!
      if (waiting > 0) {
        pLane = order[front]!
        pL = lanes[pLane]!
        pT = pL.reqTime[(pL.reqHead + 1) & pL.reqMask]!
      } else {
        pLane = -1
      }
      const left0 = L.left
      let left = left0
      let last = 0
      for (;;) {
        // the run's last write (its sink hears of the run), or a read's completion to retire
        if (left === 1 || t >= tr) {
          stop = RUNS_GENERAL
          break
        }
        // retire(t): the write channel's completions at or before t (no series to record them in)
        while (tw <= t) {
          ph = (ph + 1) & pm
          tw = --pn === 0 ? Infinity : pb[ph]!
          outstanding--
        }
        if (pn === plen) {
          stop = RUNS_GENERAL
          break
        }
        // DmaChannel.book: start = max(t, linkFree, the window's slot)
        let start = t > linkFree ? t : linkFree
        const w = win[slot]!
        if (w > start) start = w
        linkFree = start + wire
        const done = linkFree + wl
        win[slot] = done
        if (++slot === wlen) slot = 0
        pb[(ph + pn) & pm] = done
        if (pn++ === 0) tw = done
        depthAt = t
        if (++outstanding > depthPeak) depthPeak = outstanding
        last = done
        h = (h + 1) & mask
        hs++
        left--
        t = h === h1 ? t1 : rt[h]!
        if (!(t < bt || (t === bt && hs < bs))) break
      }
      const took = left0 - left
      if (took > 0) {
        booked += took
        // never emptied: the run's last write is bookGeneral's
        L.reqHead = h
        L.reqCount -= took
        L.left = left
        sinkDone[lane] = last
        if (!L.sinkPending) {
          L.sinkPending = true
          q.pending[q.pendingCount++] = lane
        }
      }
      if (stop !== RUNS_DONE) {
        // Stopped before its head (t, hs), which comes before the runner-up: back at the front.
        front = (front - 1) & omask
        order[front] = lane
        OT[front] = t
        OS[front] = hs
        waiting++
        break
      }
      // Back in the order by its new head: at the back when it is the latest (the lanes take
      // turns), else after the last head that comes before it, looked for from the back among
      // the last RUNS_SCAN (a quarter of the passes of 16 HPUs: one or two), else by q.insert.
      let m = 0
      for (;;) {
        const j = (front + waiting - 1 - m) & omask
        if (m === waiting || OT[j]! < t || (OT[j]! === t && OS[j]! < hs)) break
        if (++m > RUNS_SCAN) break
      }
      if (m > RUNS_SCAN) {
        stop = lane
        break
      }
      // the m heads after it move one slot toward the back
      let to = (front + waiting) & omask
      for (let i = 0; i < m; i++) {
        const from = (to - 1) & omask
        order[to] = order[from]!
        OT[to] = OT[from]!
        OS[to] = OS[from]!
        to = from
      }
      order[to] = lane
      OT[to] = t
      OS[to] = hs
      waiting++
    }
    wch.linkFree = linkFree
    wch.slot = slot
    wch.issued += booked
    wch.bytes += booked * bytes
    ring.head = ph
    ring.size = pn
    ring.first = tw
    this.outstanding = outstanding
    this.depthAt = depthAt
    this.depthPeak = depthPeak
    q.front = front
    q.waiting = waiting
    q.size -= booked
    return stop
  }

  /** Writes bookDeferred's locals back: the write channel's state and the depth record. */
  private storeBooking(linkFree: Ps, slot: number, issued: number, bytes: number, outstanding: number, depthAt: Ps, depthPeak: number): void {
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
  private syncEarliest(): void {
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
