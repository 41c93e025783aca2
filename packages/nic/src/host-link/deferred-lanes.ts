// DMA requests issued for a later time than the present: a handler runs ahead on its own clock
// and issues its DMAs at times past the event that runs it. Each HPU is a lane whose requests
// come in time order, so a lane is a FIFO; the engine takes requests from the lanes in (time,
// sequence) order, the order separate events at those times would have run in. The lanes' heads
// meet in a tournament (winner) tree: each inner node holds the earlier of its two children, with
// its time and sequence number copied in, so the next request is at the root.
//
// A lane keeps its requests in two rings of its own (contiguous, so a lane's requests booked one
// after another sit side by side in memory): per request its issue time and size; per run of
// requests issued together (one writeAt, or a handler's run list: writeRunAt) the sequence number
// of its first request (a run's numbers are consecutive), its length, flags, host offset and tag,
// plus a cursor into the head run. The engine takes a lane's requests while they come before the
// runner-up (the best head among the other lanes: the siblings along the lane's leaf-to-root path)
// and plays the lane's path again once, not once per request.
//
// A lane's first request of a batch is its lead: it is kept apart, in the lane's lead fields, and
// the engine books it from one simulator event at its issue time (for a handler with one DMA, as
// the copy handler, that event would run right before the handler's end event, and rides on it,
// see DmaEngine.endRide; it costs less than a pass through the tournament); the lead's event also
// books the queued requests of other lanes that come before it.

import type { Ps } from '../sim/time.js'

/** Flags of a deferred request. */
export const DEFERRED_WRITE = 1
export const DEFERRED_NOTIFY = 2
/** A request of a run list (writeRunAt): its sink hears of it with the others of its run, in one call. */
export const DEFERRED_RUN = 4

/** One HPU's deferred requests. The engine reads and advances the rings in place. */
export class Lane<T> {
  /** Requests: [issue time, bytes] per slot of a ring of reqMask + 1 slots, reqCount from reqHead. */
  req = new Float64Array(2 * 64)
  reqMask = 63
  reqHead = 0
  reqCount = 0
  /** Issue time of the last request queued (the lane's times never go back). */
  tailTime: Ps = -Infinity
  /** Runs: ring of runMask + 1 slots, runCount from runHead; `cursor` requests of the head run are taken. */
  runSeq = new Float64Array(16)
  runLength = new Int32Array(16)
  runFlags = new Uint8Array(16)
  runOffset = new Float64Array(16)
  runTag: (T | null)[] = new Array<T | null>(16).fill(null)
  runMask = 15
  runHead = 0
  runCount = 0
  cursor = 0
  /** The lead request, when leadBusy (time, sequence, size, host offset, flags, tag). */
  leadBusy = false
  leadTime: Ps = 0
  leadSeq = 0
  leadBytes = 0
  leadOffset = 0
  leadFlags = 0
  leadTag: T | null = null

  /** The time a new request must not be before: the last queued one's, or the lead's. */
  lastTime(): Ps {
    return this.reqCount > 0 || this.leadBusy ? this.tailTime : -Infinity
  }

  /** Room for `n` more requests and one more run. */
  reserve(n: number): void {
    if (this.reqCount + n > this.reqMask + 1) this.growRequests(this.reqCount + n)
    if (this.runCount === this.runMask + 1) this.growRuns()
  }

  /** Appends a run's record (its requests are written by the caller). */
  pushRun(seq: number, length: number, flags: number, hostOffset: number, tag: T | null): void {
    const k = (this.runHead + this.runCount) & this.runMask
    this.runSeq[k] = seq
    this.runLength[k] = length
    this.runFlags[k] = flags
    this.runOffset[k] = hostOffset
    this.runTag[k] = tag
    this.runCount++
  }

  /** Drops the head run (all its requests were taken). */
  shiftRun(): void {
    this.runTag[this.runHead] = null
    this.runHead = (this.runHead + 1) & this.runMask
    this.runCount--
    this.cursor = 0
  }

  private growRequests(need: number): void {
    let slots = 2 * (this.reqMask + 1)
    while (slots < need) slots *= 2
    const next = new Float64Array(2 * slots)
    for (let i = 0; i < this.reqCount; i++) {
      const k = (this.reqHead + i) & this.reqMask
      next[2 * i] = this.req[2 * k]!
      next[2 * i + 1] = this.req[2 * k + 1]!
    }
    this.req = next
    this.reqMask = slots - 1
    this.reqHead = 0
  }

  private growRuns(): void {
    const slots = 2 * (this.runMask + 1)
    const seq = new Float64Array(slots)
    const length = new Int32Array(slots)
    const flags = new Uint8Array(slots)
    const offset = new Float64Array(slots)
    const tag = new Array<T | null>(slots).fill(null)
    for (let i = 0; i < this.runCount; i++) {
      const k = (this.runHead + i) & this.runMask
      seq[i] = this.runSeq[k]!
      length[i] = this.runLength[k]!
      flags[i] = this.runFlags[k]!
      offset[i] = this.runOffset[k]!
      tag[i] = this.runTag[k]!
    }
    this.runSeq = seq
    this.runLength = length
    this.runFlags = flags
    this.runOffset = offset
    this.runTag = tag
    this.runMask = slots - 1
    this.runHead = 0
  }
}

export class DeferredLanes<T> {
  readonly lane: Lane<T>[] = []
  /**
   * The tournament: node 1 is the root, node i's children are 2i and 2i+1, lane l's leaf is
   * `leaves + l`. Per node: the winning lane and its head's time and sequence number (an empty
   * lane's leaf holds Infinity).
   */
  private readonly leaves: number
  private readonly winTime: Float64Array
  private readonly winSeq: Float64Array
  private readonly winLane: Int32Array
  /** Requests queued over all lanes (leads not counted). */
  size = 0
  /** Issue time of the earliest request (Infinity when none): the engine's fast exit. */
  earliest: Ps = Infinity
  /** What runnerUp found: the earliest head among the other lanes (Infinity when none). */
  upTime: Ps = Infinity
  upSeq = Infinity

  constructor(readonly lanes: number) {
    for (let l = 0; l < lanes; l++) this.lane.push(new Lane<T>())
    let leaves = 1
    while (leaves < lanes) leaves *= 2
    this.leaves = leaves
    this.winTime = new Float64Array(2 * leaves).fill(Infinity)
    this.winSeq = new Float64Array(2 * leaves).fill(Infinity)
    this.winLane = new Int32Array(2 * leaves)
    for (let l = 0; l < leaves; l++) this.winLane[leaves + l] = l
  }

  /** True when `lane` has neither a lead nor queued requests: the next request leads. */
  canLead(lane: number): boolean {
    const L = this.lane[lane]
    return L !== undefined && !L.leadBusy && L.reqCount === 0
  }

  setLead(lane: number, t: Ps, seq: number, bytes: number, hostOffset: number, flags: number, tag: T | null): void {
    const L = this.lane[lane]!
    L.leadBusy = true
    L.leadTime = t
    L.leadSeq = seq
    L.leadBytes = bytes
    L.leadOffset = hostOffset
    L.leadFlags = flags
    L.leadTag = tag
    L.tailTime = t
  }

  /** Clears `lane`'s lead (read its fields first). */
  takeLead(lane: number): void {
    const L = this.lane[lane]!
    L.leadBusy = false
    L.leadTag = null
  }

  /** Moves every lead to the front of its lane's queue (for booking everything at once). */
  queueLeads(): void {
    for (let lane = 0; lane < this.lanes; lane++) {
      const L = this.lane[lane]!
      if (!L.leadBusy) continue
      // A lane's queued requests come after its lead, so none of them was taken yet.
      if (L.cursor !== 0) throw new Error(`deferred lane ${lane}: requests taken before the lane's lead`)
      L.reserve(1)
      L.reqHead = (L.reqHead - 1) & L.reqMask
      L.req[2 * L.reqHead] = L.leadTime
      L.req[2 * L.reqHead + 1] = L.leadBytes
      L.reqCount++
      L.runHead = (L.runHead - 1) & L.runMask
      L.runCount++
      const k = L.runHead
      L.runSeq[k] = L.leadSeq
      L.runLength[k] = 1
      L.runFlags[k] = L.leadFlags
      L.runOffset[k] = L.leadOffset
      L.runTag[k] = L.leadTag
      this.size++
      this.takeLead(lane)
      this.replay(lane)
    }
  }

  /** Appends a request to `lane`; `t` must not be before the lane's lead or last request. */
  push(lane: number, t: Ps, seq: number, bytes: number, hostOffset: number, flags: number, tag: T | null): boolean {
    const L = this.lane[lane]
    if (L === undefined || L.lastTime() > t) return false
    L.reserve(1)
    const k = (L.reqHead + L.reqCount) & L.reqMask
    L.req[2 * k] = t
    L.req[2 * k + 1] = bytes
    L.reqCount++
    L.tailTime = t
    L.pushRun(seq, 1, flags, hostOffset, tag)
    this.size++
    if (L.reqCount === 1) this.replay(lane)
    return true
  }

  /**
   * Appends `count` requests to `lane` as one run numbered from `seq`: issue times times[from ..
   * from + count), sizes sizes[sizeAt + i * sizeStride]. False (nothing queued) when the lane does
   * not exist or the times go back; sizes must have been checked.
   */
  pushRun(
    lane: number, seq: number, flags: number, tag: T | null, count: number,
    times: Float64Array, from: number, sizes: Float64Array, sizeAt: number, sizeStride: number,
  ): boolean {
    const L = this.lane[lane]
    if (L === undefined) return false
    L.reserve(count)
    const req = L.req
    const mask = L.reqMask
    let k = (L.reqHead + L.reqCount) & mask
    let last = L.lastTime()
    let s = sizeAt
    for (let i = from, end = from + count; i < end; i++) {
      const t = times[i]!
      if (!(t >= last)) return false
      last = t
      req[2 * k] = t
      req[2 * k + 1] = sizes[s]!
      k = (k + 1) & mask
      s += sizeStride
    }
    L.tailTime = last
    L.pushRun(seq, count, flags, 0, tag)
    const first = L.reqCount === 0
    L.reqCount += count
    this.size += count
    if (first) this.replay(lane)
    return true
  }

  /** The lane of the earliest request (the queue must not be empty). */
  get winner(): number {
    return this.winLane[1]!
  }

  /** Sequence number of the earliest request (Infinity when none). */
  get earliestSeq(): number {
    return this.winSeq[1]!
  }

  /**
   * Sets upTime/upSeq to the earliest head among the lanes other than `lane` (the winner): the
   * best of the siblings along its leaf-to-root path.
   */
  runnerUp(lane: number): void {
    const T = this.winTime
    const S = this.winSeq
    let bt = Infinity
    let bs = Infinity
    for (let i = this.leaves + lane; i > 1; i >>= 1) {
      const j = i ^ 1
      const t = T[j]!
      if (t < bt || (t === bt && S[j]! < bs)) {
        bt = t
        bs = S[j]!
      }
    }
    this.upTime = bt
    this.upSeq = bs
  }

  /** `lane`'s head changed: sets its leaf and plays its path to the root again. */
  replay(lane: number): void {
    const T = this.winTime
    const S = this.winSeq
    const L = this.winLane
    let i = this.leaves + lane
    const q = this.lane[lane]!
    if (q.reqCount === 0) {
      T[i] = Infinity
      S[i] = Infinity
    } else {
      T[i] = q.req[2 * q.reqHead]!
      S[i] = q.runSeq[q.runHead]! + q.cursor
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
}
