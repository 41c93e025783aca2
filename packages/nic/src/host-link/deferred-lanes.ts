// DMA requests issued for a later time than the present: a handler runs ahead on its own clock
// and issues its DMAs at times past the event that runs it. Each HPU is a lane whose requests
// come in time order, so a lane is a FIFO; the engine takes requests from the lanes in (time,
// sequence) order, the order separate events at those times would have run in.
//
// A lane keeps its requests in rings of its own (contiguous, so a lane's requests booked one
// after another sit side by side in memory): per request its issue time, size and host offset,
// each in a ring of its own, and per run of requests issued together (one writeAt, or a
// handler's run list: writeRunAt) the sequence number of its first request (a run's numbers are
// consecutive), its length, flags, size, host offset and tag, plus how many requests of the
// head run are left (with the head run's record copied into the lane). A run list whose writes
// all have one size (DEFERRED_UNIFORM) keeps that size in its run record and writes only the
// time ring: 8 B per request to write and read back instead of 24 (the lanes of hundreds of
// simulated NICs do not stay in the caches between issue and booking). The lanes with queued
// requests are kept in the order of their heads (see DeferredLanes.order): the engine takes the
// first lane out, takes its requests while they come before the runner-up (the new first lane),
// and puts it back by its new head.
//
// A lane's first request of a batch is its lead: it is kept apart, in the lane's lead fields, and
// the engine books it from one simulator event at its issue time (for a handler with one DMA, as
// the copy handler, that event would run right before the handler's end event, and rides on it,
// see DmaEngine.endRide; it costs less than a pass through the order); the lead's event also
// books the queued requests of other lanes that come before it.

import type { Ps } from '../sim/time.js'

/** Flags of a deferred request. */
export const DEFERRED_WRITE = 1
export const DEFERRED_NOTIFY = 2
/** A request of a run list (writeRunAt): its sink hears of it with the others of its run, in one call. */
export const DEFERRED_RUN = 4
/** A run whose requests all have the run's size (runBytes): their slots of the size ring are not written. */
export const DEFERRED_UNIFORM = 8

const NO_F64 = new Float64Array(0)
const NO_I32 = new Int32Array(0)
const NO_U8 = new Uint8Array(0)

/** One HPU's deferred requests. The engine reads and advances the rings in place. */
export class Lane<T> {
  // The fields the booking pass reads for every request come first (the object's first cache
  // lines; none holds a double, which would be a box of its own): the time ring, the head, and
  // the head run's state (left, flags, size, tag: copied from its record when it becomes the
  // head, so that a pass does not read the run rings).
  /**
   * Requests: issue time, bytes and host offset per slot of three rings of reqMask + 1 slots,
   * reqCount from reqHead (a run list's writes leave the host offset unset: their sink does not
   * take it; a DEFERRED_UNIFORM run's writes leave the size unset too).
   */
  // The rings start empty (shared zero-length arrays, never written) and are made at the first
  // request, then double: a NIC has a lane per HPU, and with thousands of simulated NICs most
  // lanes never queue a request (bench scale --ranks 4096 has 65,536 lanes).
  reqTime = NO_F64
  reqMask = -1
  reqHead = 0
  reqCount = 0
  /** Requests of the head run not taken yet (0 when there is no run). */
  left = 0
  /** The head run's flags, its size when DEFERRED_UNIFORM (else -1), its tag. */
  headFlags = 0
  headBytes = -1
  headTag: T | null = null
  reqBytes = NO_F64
  reqOffset = NO_F64
  /** Whether the lane is in DeferredLanes.pending (its sinkDone may wait for the sink). */
  sinkPending = false
  /** Issue time of the last request queued (the lane's times never go back). */
  tailTime: Ps = -Infinity
  /** Runs: ring of runMask + 1 slots, runCount from runHead; all but `left` requests of the head run are taken. */
  runSeq = NO_F64
  runLength = NO_I32
  runFlags = NO_U8
  runOffset = NO_F64
  runBytes = NO_F64
  runTag: (T | null)[] = []
  runMask = -1
  runHead = 0
  runCount = 0
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
  pushRun(seq: number, length: number, flags: number, hostOffset: number, bytes: number, tag: T | null): void {
    const k = (this.runHead + this.runCount) & this.runMask
    this.runSeq[k] = seq
    this.runLength[k] = length
    this.runFlags[k] = flags
    this.runOffset[k] = hostOffset
    this.runBytes[k] = bytes
    this.runTag[k] = tag
    if (this.runCount++ === 0) this.loadHead()
  }

  /** Requests of the head run taken so far. */
  get cursor(): number {
    return this.runCount === 0 ? 0 : this.runLength[this.runHead]! - this.left
  }

  /** Copies the head run's record into the head fields (there must be a run). */
  loadHead(): void {
    const k = this.runHead
    this.left = this.runLength[k]!
    const flags = this.runFlags[k]!
    this.headFlags = flags
    this.headBytes = (flags & DEFERRED_UNIFORM) !== 0 ? this.runBytes[k]! : -1
    this.headTag = this.runTag[k]!
  }

  /** Drops the head run (all its requests were taken); the next one, if any, becomes the head. */
  shiftRun(): void {
    this.runTag[this.runHead] = null
    this.runHead = (this.runHead + 1) & this.runMask
    if (--this.runCount > 0) {
      this.loadHead()
    } else {
      this.runHead = 0
      this.left = 0
      this.headTag = null
    }
  }

  private growRequests(need: number): void {
    let slots = this.reqMask < 0 ? 4 : 2 * (this.reqMask + 1)
    while (slots < need) slots *= 2
    const time = new Float64Array(slots)
    const bytes = new Float64Array(slots)
    const offset = new Float64Array(slots)
    for (let i = 0; i < this.reqCount; i++) {
      const k = (this.reqHead + i) & this.reqMask
      time[i] = this.reqTime[k]!
      bytes[i] = this.reqBytes[k]!
      offset[i] = this.reqOffset[k]!
    }
    this.reqTime = time
    this.reqBytes = bytes
    this.reqOffset = offset
    this.reqMask = slots - 1
    this.reqHead = 0
  }

  private growRuns(): void {
    const slots = this.runMask < 0 ? 4 : 2 * (this.runMask + 1)
    const seq = new Float64Array(slots)
    const length = new Int32Array(slots)
    const flags = new Uint8Array(slots)
    const offset = new Float64Array(slots)
    const runBytes = new Float64Array(slots)
    const tag = new Array<T | null>(slots).fill(null)
    for (let i = 0; i < this.runCount; i++) {
      const k = (this.runHead + i) & this.runMask
      seq[i] = this.runSeq[k]!
      length[i] = this.runLength[k]!
      flags[i] = this.runFlags[k]!
      offset[i] = this.runOffset[k]!
      runBytes[i] = this.runBytes[k]!
      tag[i] = this.runTag[k]!
    }
    this.runSeq = seq
    this.runLength = length
    this.runFlags = flags
    this.runOffset = offset
    this.runBytes = runBytes
    this.runTag = tag
    this.runMask = slots - 1
    this.runHead = 0
  }
}

export class DeferredLanes<T> {
  readonly lane: Lane<T>[] = []
  /**
   * The lanes that have queued requests, in the (time, sequence) order of their heads: a ring of
   * order.length slots, `waiting` of them from `front`, each slot a lane and its head's time and
   * sequence number. The front is the next request; taken out (takeFront), the new front is the
   * runner-up. A lane whose head changed goes back in from the back (insert): lanes of busy HPUs
   * interleave in a round, so its head is usually the latest, one comparison.
   */
  // Read and advanced in place by the engine's booking passes (dma-booking.ts, booking-runs.ts),
  // which write front, waiting, earliest and earliestSeq back before anything else can see them.
  readonly order: Int32Array
  readonly orderTime: Float64Array
  readonly orderSeq: Float64Array
  readonly mask: number
  front = 0
  waiting = 0
  /** Requests queued over all lanes (leads not counted). */
  size = 0
  /** Issue time of the earliest request (Infinity when none): the engine's fast exit. */
  earliest: Ps = Infinity
  /** Sequence number of the earliest request (Infinity when none). */
  earliestSeq = Infinity
  /** Lanes whose sinkDone may wait for the sink (pendingCount of them). */
  readonly pending: Int32Array
  pendingCount = 0
  /**
   * Per lane, the completion time of the last write taken of a run list's head run that its
   * sink has not heard of yet (-1: none). An array: a lane's object holds no double.
   */
  readonly sinkDone: Float64Array

  constructor(readonly lanes: number) {
    for (let l = 0; l < lanes; l++) this.lane.push(new Lane<T>())
    this.pending = new Int32Array(lanes)
    this.sinkDone = new Float64Array(lanes).fill(-1)
    let slots = 1
    while (slots < lanes) slots *= 2
    this.order = new Int32Array(slots)
    this.orderTime = new Float64Array(slots)
    this.orderSeq = new Float64Array(slots)
    this.mask = slots - 1
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
      if (L.reqCount > 0) this.remove(lane)
      L.reserve(1)
      L.reqHead = (L.reqHead - 1) & L.reqMask
      L.reqTime[L.reqHead] = L.leadTime
      L.reqBytes[L.reqHead] = L.leadBytes
      L.reqOffset[L.reqHead] = L.leadOffset
      L.reqCount++
      L.runHead = (L.runHead - 1) & L.runMask
      L.runCount++
      const k = L.runHead
      L.runSeq[k] = L.leadSeq
      L.runLength[k] = 1
      L.runFlags[k] = L.leadFlags
      L.runOffset[k] = L.leadOffset
      L.runBytes[k] = L.leadBytes
      L.runTag[k] = L.leadTag
      L.loadHead()
      this.size++
      this.takeLead(lane)
      this.insert(lane)
    }
  }

  /**
   * Appends a request to `lane`; `t` must not be before the lane's lead or last request. A request
   * without host event that follows the lane's last run of single requests with the same flags
   * and tag and the next sequence number joins that run.
   */
  push(lane: number, t: Ps, seq: number, bytes: number, hostOffset: number, flags: number, tag: T | null): boolean {
    const L = this.lane[lane]
    if (L === undefined || L.lastTime() > t) return false
    L.reserve(1)
    const k = (L.reqHead + L.reqCount) & L.reqMask
    L.reqTime[k] = t
    L.reqBytes[k] = bytes
    L.reqOffset[k] = hostOffset
    L.reqCount++
    L.tailTime = t
    const last = (L.runHead + L.runCount - 1) & L.runMask
    if (
      L.runCount > 0 && (flags & (DEFERRED_NOTIFY | DEFERRED_RUN)) === 0 && L.runFlags[last] === flags &&
      L.runTag[last] === tag && L.runSeq[last]! + L.runLength[last]! === seq
    ) {
      L.runLength[last] = L.runLength[last]! + 1
      if (L.runCount === 1) L.left++
    } else {
      L.pushRun(seq, 1, flags, hostOffset, bytes, tag)
    }
    this.size++
    if (L.reqCount === 1) this.insert(lane)
    return true
  }

  /**
   * Appends `count` requests to `lane` as one run numbered from `seq`: issue times times[from ..
   * from + count), sizes sizes[sizeAt + i * sizeStride]. Returns -1 when queued; else nothing is
   * queued and it returns i, the request (from 0) whose time goes back or whose size is not a
   * non-negative integer, or -2 when the lane does not exist.
   */
  pushRun(
    lane: number, seq: number, flags: number, tag: T | null, count: number,
    times: Float64Array, from: number, sizes: Float64Array, sizeAt: number, sizeStride: number,
  ): number {
    const L = this.lane[lane]
    if (L === undefined) return -2
    // The times go after the lane's last request, where pushRunInPlace takes them.
    L.reserve(count)
    const mask = L.reqMask
    const at = (L.reqHead + L.reqCount) & mask
    for (let j = 0; j < count; j++) L.reqTime[(at + j) & mask] = times[from + j]!
    return this.pushRunInPlace(lane, seq, flags, tag, count, at, sizes, sizeAt, sizeStride, false)
  }

  /**
   * As pushRun, for `count` issue times already in the lane's time ring from slot `at` on (written
   * there by the caller after reserve(count)); they are moved to the end of the lane's queue if
   * they are not there. Returns -1 when queued; else nothing is queued and it returns the index
   * (from 0) of a request whose time goes back or whose size is not a non-negative integer.
   * `checked`: the caller saw the times not go back and every size equal to the first (a valid
   * one): only the first time is checked, against the lane's last.
   */
  pushRunInPlace(
    lane: number, seq: number, flags: number, tag: T | null, count: number, at: number,
    sizes: Float64Array, sizeAt: number, sizeStride: number, checked: boolean,
  ): number {
    const L = this.lane[lane]!
    const mask = L.reqMask
    const time = L.reqTime
    let k0 = at
    if (L.reqCount === 0) {
      L.reqHead = at
    } else {
      const end = (L.reqHead + L.reqCount) & mask
      if (end !== at) {
        for (let j = 0; j < count; j++) time[(end + j) & mask] = time[(at + j) & mask]!
        k0 = end
      }
    }
    let last = L.lastTime()
    const b0 = sizes[sizeAt]!
    if (!(b0 >= 0 && Number.isInteger(b0) && time[k0]! >= last)) return 0
    if (checked) {
      L.tailTime = time[(k0 + count - 1) & mask]!
      return this.commitRun(L, lane, seq, count, flags | DEFERRED_UNIFORM, b0, tag)
    }
    let uniform = true
    let k = k0
    let s = sizeAt
    for (let j = 0; j < count; j++) {
      const t = time[k]!
      if (!(t >= last)) return j
      const b = sizes[s]!
      if (b !== b0) {
        if (!(b >= 0 && Number.isInteger(b))) return j
        if (uniform) {
          uniform = false
          for (let m = k0; m !== k; m = (m + 1) & mask) L.reqBytes[m] = b0
        }
      }
      if (!uniform) L.reqBytes[k] = b
      last = t
      k = (k + 1) & mask
      s += sizeStride
    }
    L.tailTime = last
    return this.commitRun(L, lane, seq, count, uniform ? flags | DEFERRED_UNIFORM : flags, b0, tag)
  }

  /**
   * Queues the `count` requests written after the lane's last as one run (pushRunInPlace), the
   * lane's tailTime set to the last one's time by the caller (no time crosses this call: a time
   * past 2^31 ps passed to a call V8 does not inline is boxed).
   */
  private commitRun(L: Lane<T>, lane: number, seq: number, count: number, flags: number, bytes: number, tag: T | null): number {
    L.pushRun(seq, count, flags, 0, bytes, tag)
    const first = L.reqCount === 0
    L.reqCount += count
    this.size += count
    if (first) this.insert(lane)
    return -1
  }

  /** Takes the lane of the earliest request out of the order (there must be one): earliest is then the runner-up's. */
  takeFront(): number {
    const lane = this.order[this.front]!
    this.front = (this.front + 1) & this.mask
    if (--this.waiting === 0) {
      this.earliest = Infinity
      this.earliestSeq = Infinity
    } else {
      this.earliest = this.orderTime[this.front]!
      this.earliestSeq = this.orderSeq[this.front]!
    }
    return lane
  }

  /**
   * Puts `lane` (not in the order, with queued requests) in by its head: at the back after one
   * comparison when it is the latest (lanes taking turns), else where a binary search puts it,
   * moving the shorter side of the ring by one slot.
   */
  insert(lane: number): void {
    const L = this.lane[lane]!
    this.insertAt(lane, L.reqTime[L.reqHead]!, L.runSeq[L.runHead]! + L.cursor)
  }

  /** As insert, with the lane's head time `t` and sequence number `s` given. */
  insertAt(lane: number, t: Ps, s: number): void {
    const order = this.order
    const T = this.orderTime
    const S = this.orderSeq
    const mask = this.mask
    const front = this.front
    const n = this.waiting
    // p: how many waiting heads come before the new one
    let p = n
    if (n > 0) {
      const b = (front + n - 1) & mask
      if (!(T[b]! < t || (T[b]! === t && S[b]! < s))) {
        let lo = 0
        let hi = n - 1
        while (lo < hi) {
          const mid = (lo + hi) >> 1
          const k = (front + mid) & mask
          if (T[k]! < t || (T[k]! === t && S[k]! < s)) lo = mid + 1
          else hi = mid
        }
        p = lo
      }
    }
    let at: number
    if (p < n - p) {
      // the p heads before it move one slot toward the front
      const nf = (front - 1) & mask
      for (let i = 0; i < p; i++) {
        const from = (front + i) & mask
        const to = (nf + i) & mask
        order[to] = order[from]!
        T[to] = T[from]!
        S[to] = S[from]!
      }
      this.front = nf
      at = (nf + p) & mask
    } else {
      // the n - p heads after it move one slot toward the back
      for (let i = n - 1; i >= p; i--) {
        const from = (front + i) & mask
        const to = (from + 1) & mask
        order[to] = order[from]!
        T[to] = T[from]!
        S[to] = S[from]!
      }
      at = (front + p) & mask
    }
    order[at] = lane
    T[at] = t
    S[at] = s
    this.waiting = n + 1
    if (p === 0) {
      this.earliest = t
      this.earliestSeq = s
    }
  }

  /** Takes `lane` out of the order (it must be there). */
  private remove(lane: number): void {
    const order = this.order
    const T = this.orderTime
    const S = this.orderSeq
    const mask = this.mask
    let i = 0
    while (order[(this.front + i) & mask] !== lane) i++
    for (; i < this.waiting - 1; i++) {
      const k = (this.front + i) & mask
      const n = (k + 1) & mask
      order[k] = order[n]!
      T[k] = T[n]!
      S[k] = S[n]!
    }
    this.waiting--
    this.earliest = this.waiting === 0 ? Infinity : T[this.front]!
    this.earliestSeq = this.waiting === 0 ? Infinity : S[this.front]!
  }
}
