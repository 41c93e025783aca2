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
// No request has an event of its own (unless it wants a host event): the engine books them in
// that order whenever it is used, and the NIC uses it when a handler ends, by which time every
// request of the handler has come due. Booking later than the issue time changes nothing, as
// every reader of the engine books what is due first.

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
  /** Requests queued over all lanes. */
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
    this.time = new Float64Array(capacity)
    this.seq = new Float64Array(capacity)
    this.bytes = new Float64Array(capacity)
    this.hostOffset = new Float64Array(capacity)
    this.flags = new Uint8Array(capacity)
    this.next = new Int32Array(capacity)
    this.free = new Int32Array(capacity)
    this.tag = new Array<T | null>(capacity).fill(null)
  }

  /** Appends a request to `lane`; `t` must not be before the lane's last request. */
  push(lane: number, t: Ps, seq: number, bytes: number, hostOffset: number, flags: number, tag: T | null): boolean {
    const last = this.tail[lane]
    if (last === undefined) return false
    if (last >= 0 && this.time[last]! > t) return false
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
