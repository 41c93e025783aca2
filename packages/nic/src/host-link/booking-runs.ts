// The common passes of the DMA engine's booking (DmaBooking.bookDeferred, dma-booking.ts): a lane
// whose head run is a run list's writes of one size, booked in a loop without calls.

import type { Ps } from '../sim/time.js'
import { DEFERRED_NOTIFY, DEFERRED_RUN, DEFERRED_UNIFORM, DEFERRED_WRITE } from './deferred-lanes.js'
import { BookingCore } from './booking-core.js'

// bookRuns' results (a lane to put back in the order is >= 0) and the head runs it books.
export const RUNS_DONE = -1
export const RUNS_GENERAL = -2
export const RUNS_WIRE = -3
const RUNS_MASK = DEFERRED_WRITE | DEFERRED_NOTIFY | DEFERRED_RUN | DEFERRED_UNIFORM
const RUNS_FLAGS = DEFERRED_WRITE | DEFERRED_RUN | DEFERRED_UNIFORM
const RUNS_SCAN = 4

export abstract class BookingRuns<T> extends BookingCore<T> {
  /** bookRuns' write size and its time on the link (pcie.wirePs); -1: none yet. */
  protected runBytes = -1
  protected runWire: Ps = 0

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
  protected bookRuns(after: number): number {
    const until = this.bookUntil
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
    // Times read from fields unboxed once (x * 1 is x, see ut below): else a field's number,
    // boxed, is checked and unboxed where it is used, in the loop.
    let tw = ring.first * 1
    // The pass stops before a request at or after the read channel's first completion: the
    // retiring of reads is left to bookGeneral.
    const tr = this.readCh.pending.first * 1
    const wl = this.pcie.writeLatencyPs * 1
    const bytes = this.runBytes
    const wire = this.runWire * 1
    let linkFree = wch.linkFree * 1
    let slot = wch.slot
    let outstanding = this.outstanding
    let depthAt = this.depthAt * 1
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
    // The bound as unboxed numbers (x * 1 is x): as parameters they stay tagged, each comparison
    // would check and unbox them, and the bound's phi, merging them, would box one per pass (an
    // allocation, which also makes the compiler check every array's map again on each pass).
    const ut = until * 1
    const af = after * 1
    while (waiting > 0) {
      let t = OT[front]!
      let hs = OS[front]!
      if (t > ut || (t === ut && hs >= af)) break
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
      if (ut < bt || (ut === bt && af < bs)) {
        bt = ut
        bs = af
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
}
