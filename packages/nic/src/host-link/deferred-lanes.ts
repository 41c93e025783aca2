// DMA requests issued for a later time than the present: a handler runs ahead on its own clock
// and issues its DMAs at times past the event that runs it. Each HPU is a lane whose requests
// come in time order, so a lane is a FIFO; the engine takes requests from the lanes in (time,
// sequence) order, the order separate events at those times would have run in. The lanes' heads
// meet in a tournament (winner) tree: each inner node holds the earlier of its two children, with
// its time and sequence number copied in, so the next request is at the root and taking it
// replays one leaf-to-root path of log2(lanes) comparisons, with no indirection per comparison
// (the lanes of busy HPUs interleave in time, so runs from one lane are short and every request
// pays that path). Requests live in typed arrays, linked per lane through a free list: issuing
// one allocates nothing.
//
// A lane's first request of a batch is its lead: it is kept apart, in per-lane fields, and the
// engine books it from one simulator event at its issue time (for a handler with one DMA, as the
// copy handler, that event would run right before the handler's end event, and rides on it, see
// DmaEngine.endRide; it costs less than a pass through the tournament); the lead's event also
// books the queued requests of other lanes that come before it.

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
  /**
   * The tournament: node 1 is the root, node i's children are 2i and 2i+1, lane l's leaf is
   * `leaves + l`. Per node: the winning lane and its head's time and sequence number (an empty
   * lane's leaf holds Infinity).
   */
  private readonly leaves: number
  private readonly winTime: Float64Array
  private readonly winSeq: Float64Array
  private readonly winLane: Int32Array
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
    let leaves = 1
    while (leaves < lanes) leaves *= 2
    this.leaves = leaves
    this.winTime = new Float64Array(2 * leaves).fill(Infinity)
    this.winSeq = new Float64Array(2 * leaves).fill(Infinity)
    this.winLane = new Int32Array(2 * leaves)
    for (let l = 0; l < leaves; l++) this.winLane[leaves + l] = l
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
      this.time[r] = this.leadTime[lane]!
      this.seq[r] = this.leadSeq[lane]!
      this.bytes[r] = this.leadBytes[lane]!
      this.hostOffset[r] = this.leadOffset[lane]!
      this.flags[r] = this.leadFlags[lane]!
      this.tag[r] = this.leadTag[lane]!
      this.next[r] = this.head[lane]!
      if (this.head[lane] === -1) this.tail[lane] = r
      this.head[lane] = r
      this.size++
      this.takeLead(lane)
      this.replay(lane)
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
      this.replay(lane)
    }
    return true
  }

  /** The earliest request in (time, sequence) order (the queue must not be empty). */
  first(): number {
    return this.head[this.winLane[1]!]!
  }

  /** Sequence number of the earliest request (Infinity when none). */
  get earliestSeq(): number {
    return this.winSeq[1]!
  }

  /** Removes the earliest request (read its fields first). */
  shiftFirst(): void {
    const lane = this.winLane[1]!
    const r = this.head[lane]!
    const n = this.next[r]!
    this.tag[r] = null
    this.free[this.freeTop++] = r
    this.size--
    this.head[lane] = n
    if (n < 0) this.tail[lane] = -1
    this.replay(lane)
  }

  /** `lane`'s head changed: sets its leaf and plays its path to the root again. */
  private replay(lane: number): void {
    const T = this.winTime
    const S = this.winSeq
    const L = this.winLane
    let i = this.leaves + lane
    const h = this.head[lane]!
    if (h < 0) {
      T[i] = Infinity
      S[i] = Infinity
    } else {
      T[i] = this.time[h]!
      S[i] = this.seq[h]!
    }
    while (i > 1) {
      const j = i ^ 1
      const ti = T[i]!
      const tj = T[j]!
      const w = ti < tj || (ti === tj && S[i]! < S[j]!) ? i : j
      i >>= 1
      T[i] = T[w]!
      S[i] = S[w]!
      L[i] = L[w]!
    }
    this.earliest = T[1]!
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
