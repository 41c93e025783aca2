// DMA requests issued for a later time than the present: a handler runs ahead on its own clock
// and issues its DMAs at times past the event that runs it. Each HPU is a lane whose requests
// come in time order, so a lane is a FIFO; the engine takes requests from the lanes in (time,
// sequence) order, the order separate events at those times would have run in. It finds the lane
// with the earliest head by a scan of the lane heads (a few per NIC: one per HPU) and then takes
// that lane's requests for as long as they come before every other lane's head, so the usual
// case (the requests of the handler that just ended) costs one scan. Requests live in typed
// arrays, linked per lane through a free list: issuing one allocates nothing.
//
// A lane's first request of a batch is its lead: it is kept apart, in per-lane fields, and the
// engine books it from one simulator event at its issue time (for a handler with one DMA, as the
// copy handler, that event runs back to back with the handler's end, which costs next to
// nothing); the lead's event also books the queued requests that come before it.

import type { Ps } from '../sim/time.js'

/** Flags of a deferred request. */
export const DEFERRED_WRITE = 1
export const DEFERRED_NOTIFY = 2

export class DeferredLanes<T> {
  /** Per request: issue time, sequence number, size, host offset, flags, tag, next in its lane. */
  time: Float64Array
  seq: Float64Array
  bytes: Float64Array
  hostOffset: Float64Array
  flags: Uint8Array
  tag: (T | null)[]
  private next: Int32Array
  private free: Int32Array
  private freeTop = 0
  private used = 0
  private readonly head: Int32Array
  private readonly tail: Int32Array
  /** Per lane: its head's time and sequence number (Infinity when empty), scanned by firstLane. */
  private readonly headTime: Float64Array
  private readonly headSeq: Float64Array
  /** Set by firstLane: the earliest head among the other lanes. */
  otherTime: Ps = Infinity
  otherSeq = Infinity
  /** Per lane: its lead request, when leadBusy (time, sequence, size, host offset, flags, tag). */
  readonly leadBusy: Uint8Array
  readonly leadTime: Float64Array
  readonly leadSeq: Float64Array
  readonly leadBytes: Float64Array
  readonly leadOffset: Float64Array
  readonly leadFlags: Uint8Array
  readonly leadTag: (T | null)[]
  /** Requests queued over all lanes (leads not counted). */
  size = 0
  /** Issue time of the earliest request (Infinity when none): the engine's fast exit. */
  earliest: Ps = Infinity

  constructor(readonly lanes: number, capacity = 64) {
    this.head = new Int32Array(lanes).fill(-1)
    this.tail = new Int32Array(lanes).fill(-1)
    this.headTime = new Float64Array(lanes).fill(Infinity)
    this.headSeq = new Float64Array(lanes).fill(Infinity)
    this.leadBusy = new Uint8Array(lanes)
    this.leadTime = new Float64Array(lanes)
    this.leadSeq = new Float64Array(lanes)
    this.leadBytes = new Float64Array(lanes)
    this.leadOffset = new Float64Array(lanes)
    this.leadFlags = new Uint8Array(lanes)
    this.leadTag = new Array<T | null>(lanes).fill(null)
    this.time = new Float64Array(capacity)
    this.seq = new Float64Array(capacity)
    this.bytes = new Float64Array(capacity)
    this.hostOffset = new Float64Array(capacity)
    this.flags = new Uint8Array(capacity)
    this.next = new Int32Array(capacity)
    this.free = new Int32Array(capacity)
    this.tag = new Array<T | null>(capacity).fill(null)
  }

  /** True when `lane` has neither a lead nor queued requests: the next request leads. */
  canLead(lane: number): boolean {
    return this.leadBusy[lane] === 0 && this.head[lane] === -1
  }

  setLead(lane: number, t: Ps, seq: number, bytes: number, hostOffset: number, flags: number, tag: T | null): void {
    this.leadBusy[lane] = 1
    this.leadTime[lane] = t
    this.leadSeq[lane] = seq
    this.leadBytes[lane] = bytes
    this.leadOffset[lane] = hostOffset
    this.leadFlags[lane] = flags
    this.leadTag[lane] = tag
  }

  /** Clears `lane`'s lead (read its fields first). */
  takeLead(lane: number): void {
    this.leadBusy[lane] = 0
    this.leadTag[lane] = null
  }

  /** Moves every lead to the front of its lane's queue (for booking everything at once). */
  queueLeads(): void {
    for (let lane = 0; lane < this.head.length; lane++) {
      if (this.leadBusy[lane] === 0) continue
      if (this.freeTop === 0 && this.used === this.time.length) this.grow()
      const r = this.freeTop > 0 ? this.free[--this.freeTop]! : this.used++
      const t = this.leadTime[lane]!
      this.time[r] = t
      this.seq[r] = this.leadSeq[lane]!
      this.bytes[r] = this.leadBytes[lane]!
      this.hostOffset[r] = this.leadOffset[lane]!
      this.flags[r] = this.leadFlags[lane]!
      this.tag[r] = this.leadTag[lane]!
      this.next[r] = this.head[lane]!
      if (this.head[lane] === -1) this.tail[lane] = r
      this.head[lane] = r
      this.headTime[lane] = t
      this.headSeq[lane] = this.leadSeq[lane]!
      if (t < this.earliest) this.earliest = t
      this.size++
      this.takeLead(lane)
    }
  }

  /** Appends a request to `lane`; `t` must not be before the lane's lead or last request. */
  push(lane: number, t: Ps, seq: number, bytes: number, hostOffset: number, flags: number, tag: T | null): boolean {
    const last = this.tail[lane]
    if (last === undefined) return false
    if (last >= 0 ? this.time[last]! > t : this.leadBusy[lane] === 1 && this.leadTime[lane]! > t) return false
    if (this.freeTop === 0 && this.used === this.time.length) this.grow()
    const r = this.freeTop > 0 ? this.free[--this.freeTop]! : this.used++
    this.time[r] = t
    this.seq[r] = seq
    this.bytes[r] = bytes
    this.hostOffset[r] = hostOffset
    this.flags[r] = flags
    this.tag[r] = tag
    this.next[r] = -1
    this.tail[lane] = r
    this.size++
    if (last >= 0) {
      this.next[last] = r
    } else {
      this.head[lane] = r
      this.headTime[lane] = t
      this.headSeq[lane] = seq
      if (t < this.earliest) this.earliest = t
    }
    return true
  }

  /**
   * The lane whose head comes first in (time, sequence) order (the queue must not be empty);
   * otherTime/otherSeq are then the earliest head of the other lanes.
   */
  firstLane(): number {
    const ht = this.headTime
    const hs = this.headSeq
    let best = 0
    let bt = ht[0]!
    let bs = hs[0]!
    let ot = Infinity
    let os = Infinity
    for (let l = 1; l < ht.length; l++) {
      const t = ht[l]!
      if (t > ot) continue
      const s = hs[l]!
      if (t < bt || (t === bt && s < bs)) {
        ot = bt
        os = bs
        best = l
        bt = t
        bs = s
      } else if (t < ot || (t === ot && s < os)) {
        ot = t
        os = s
      }
    }
    this.otherTime = ot
    this.otherSeq = os
    return best
  }

  /** The head request of `lane`, or -1 when it is empty. */
  headOf(lane: number): number {
    return this.head[lane]!
  }

  /** Removes the head request of `lane` (read its fields first). */
  shift(lane: number): void {
    const r = this.head[lane]!
    const n = this.next[r]!
    this.tag[r] = null
    this.free[this.freeTop++] = r
    this.size--
    this.head[lane] = n
    if (n >= 0) {
      this.headTime[lane] = this.time[n]!
      this.headSeq[lane] = this.seq[n]!
    } else {
      this.tail[lane] = -1
      this.headTime[lane] = Infinity
      this.headSeq[lane] = Infinity
    }
  }

  private grow(): void {
    const n = this.time.length * 2
    const g64 = (a: Float64Array) => { const b = new Float64Array(n); b.set(a); return b }
    const g32 = (a: Int32Array) => { const b = new Int32Array(n); b.set(a); return b }
    this.time = g64(this.time)
    this.seq = g64(this.seq)
    this.bytes = g64(this.bytes)
    this.hostOffset = g64(this.hostOffset)
    const f = new Uint8Array(n)
    f.set(this.flags)
    this.flags = f
    this.next = g32(this.next)
    this.free = g32(this.free)
    for (let i = this.tag.length; i < n; i++) this.tag.push(null)
  }
}
