// One direction of the PCIe link as the DMA engine books it: FIFO service on the link, at most
// maxOutstanding requests in flight, and the completion times not yet retired into the engine's
// queue-depth series.

import type { Ps } from '../sim/time.js'

/**
 * FIFO of pending completion times of one direction (growable ring, no per-request garbage).
 * Times are pushed in order (the link serves FIFO), so the head is the earliest.
 */
export class CompletionRing {
  // buf, head and size are advanced in place by the booking pass's run loop too
  // (BookingRuns.bookRuns), which grows the ring by push() only.
  buf = new Float64Array(64)
  head = 0
  size = 0
  /** The head's completion time, Infinity when empty (a field: read on every request). */
  first: Ps = Infinity

  push(t: Ps): void {
    if (this.size === this.buf.length) this.grow()
    this.buf[(this.head + this.size) & (this.buf.length - 1)] = t
    if (this.size++ === 0) this.first = t
  }

  /** Drops the head (the ring must not be empty). */
  shift(): void {
    this.head = (this.head + 1) & (this.buf.length - 1)
    this.size--
    this.first = this.size === 0 ? Infinity : this.buf[this.head]!
  }

  private grow(): void {
    const next = new Float64Array(this.buf.length * 2)
    for (let i = 0; i < this.size; i++) next[i] = this.buf[(this.head + i) & (this.buf.length - 1)]!
    this.buf = next
    this.head = 0
  }
}

/** One direction of the link: FIFO service plus the outstanding-request window. */
export class DmaChannel {
  linkFree: Ps = 0
  issued = 0
  bytes = 0
  readonly pending = new CompletionRing()
  // window and slot are advanced in place by the booking passes too (bookGeneral, bookRuns).
  /** done time of the last maxOutstanding requests, indexed by request number mod window. */
  readonly window: Float64Array
  /** issued mod window length (kept as a counter: no division per request) */
  slot = 0
  /**
   * Completion time of the request booked last. (A field, not book's return value: a time past
   * 2^31 ps returned from a call V8 does not inline is boxed, 16 B a request.)
   */
  bookedDone: Ps = 0

  /** `latencyPs`: from the end of a request's wire time to its completion. */
  constructor(maxOutstanding: number, readonly latencyPs: Ps) {
    this.window = new Float64Array(maxOutstanding)
  }

  /** When the next request could start on the link if issued at `now`. */
  nextStart(now: Ps): Ps {
    const free = now > this.linkFree ? now : this.linkFree
    const w = this.window[this.slot]!
    return free > w ? free : w
  }

  /** Books a request; its completion time goes to bookedDone. */
  book(now: Ps, wire: Ps, bytes: number): void {
    const start = this.nextStart(now)
    this.linkFree = start + wire
    const done = this.linkFree + this.latencyPs
    this.window[this.slot] = done
    if (++this.slot === this.window.length) this.slot = 0
    this.issued++
    this.bytes += bytes
    this.pending.push(done)
    this.bookedDone = done
  }
}
