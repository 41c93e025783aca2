// The booking pass of the DMA engine (dma-engine.ts): books deferred requests from the lanes
// (deferred-lanes.ts) in (time, sequence) order and tells the sinks, the common passes in
// bookRuns (booking-runs.ts), the others here; the state it books into is booking-core.ts's. The
// engine on top issues requests, defers them to the lanes and runs the leads' events.

import type { Ps } from '../sim/time.js'
import { DmaError } from './booking-core.js'
import { BookingRuns, RUNS_DONE, RUNS_GENERAL, RUNS_WIRE } from './booking-runs.js'
import { DEFERRED_NOTIFY, DEFERRED_RUN, DEFERRED_WRITE } from './deferred-lanes.js'

export { checkSize, DmaError, type DmaRunSink, type DmaWriteSink } from './booking-core.js'

export abstract class DmaBooking<T> extends BookingRuns<T> {
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
  protected bookBefore(seq: number): void {
    const q = this.deferred
    // Requests are taken while they come before (until, after): (until, seq) included. (A sink
    // that uses the engine runs a booking pass of its own inside this one: bookUntil is set again
    // before each call.)
    const until = this.bookUntil
    const after = seq + 1
    if (this.depthSeries !== null) {
      this.bookGeneral(after, false)
    } else {
      // bookRuns books the common passes; what it stops at, bookGeneral books (one pass).
      for (;;) {
        this.bookUntil = until
        const r = this.bookRuns(after)
        if (r === RUNS_DONE) break
        if (r === RUNS_GENERAL) {
          // it books the front lane's head at least: a pass that booked nothing would repeat forever
          const size = q.size
          this.bookUntil = until
          this.bookGeneral(after, true)
          if (q.size === size) throw new DmaError('DMA booking made no progress (an engine bug)')
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
  private bookGeneral(after: number, once: boolean): void {
    const until = this.bookUntil
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
          this.issueAt = t
          this.book(this.readCh, bytes)
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
        this.toldDone = sDone
        this.tell(tag as T, sBytes, sOffset, DEFERRED_WRITE | DEFERRED_NOTIFY)
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
}
