// A binary min-heap of events ordered by (time, sequence). The keys live in typed arrays indexed
// by heap position, so sifting moves plain numbers and compares without an indirection; each
// event's function and argument stay in a slot (freed slots are reused), which the heap position
// points to. Steady-state scheduling allocates nothing.
//
// Events pushed one right after the other for the same time form one group under one heap node:
// no other event can fall between them in (time, sequence) order, so they run back to back
// anyway (e.g. a handler's last DMA and its end). A group costs one sift instead of one per event.
//
// The latest group pushed is held outside the heap until the next push or pop. It has the highest
// sequence number of all, so it runs next exactly when its time is below the heap's earliest
// (often: a packet's next step a few ns later); then it never enters the heap at all. A number
// taken with reserveSeq closes it (an event may be pushed under that number later: pushReserved).

export type EventFn = (arg: any) => void

export class EventHeap {
  /** time, sequence number and first slot of the group at each heap position */
  private time: Float64Array
  private seq: Float64Array
  private slotAt: Int32Array
  private nodes = 0
  /**
   * per slot: function, argument and the next slot of its group (-1 at the end). A group's events
   * have consecutive sequence numbers (a push joins the held group only right after the one
   * before it, and reserveSeq closes the group), so a slot needs no number of its own: the k-th
   * event of a group has its node's number plus k (the simulator counts them).
   */
  private fn: (EventFn | undefined)[]
  private arg: unknown[]
  private next: Int32Array
  private free: Int32Array
  private freeTop = 0
  private nextSlot = 0
  private nextSeq = 0
  /** The held group (latest pushes, not in the heap): first and last slot (-1: none), time, seq. */
  private heldHead = -1
  private heldTail = -1
  private heldTime = 0
  private heldSeq = 0
  /** Time and sequence number of the group popDue took last. */
  private poppedTime = 0
  private poppedSeq = 0
  /**
   * The time of the group being inserted, for insertKey, and of the next pushReserved. The loops of
   * insertKey and siftDown are too large for V8 to inline into every caller, and a time past 2^31
   * ps passed to a call it does not inline is boxed (16 B an event): the callers pass it in this
   * field instead, and siftDown reads the group it places from the arrays.
   */
  insertTime = 0

  constructor(capacity = 256) {
    this.time = new Float64Array(capacity)
    this.seq = new Float64Array(capacity)
    this.slotAt = new Int32Array(capacity)
    this.next = new Int32Array(capacity)
    this.free = new Int32Array(capacity)
    this.fn = new Array<EventFn | undefined>(capacity).fill(undefined)
    this.arg = new Array<unknown>(capacity).fill(undefined)
  }

  /** The time of the next pushStaged (Simulator.staged is this array). */
  readonly staged = new Float64Array(1)

  /** push(staged[0], fn, arg): no number crosses the call, whatever V8 inlines. */
  pushStaged(fn: EventFn, arg: unknown): void {
    this.push(this.staged[0]!, fn, arg)
  }

  push(time: number, fn: EventFn, arg: unknown): void {
    const slot = this.claimSlot(fn, arg)
    const seq = this.nextSeq++
    if (this.heldHead >= 0) {
      if (time === this.heldTime) {
        this.next[this.heldTail] = slot
        this.heldTail = slot
        return
      }
      this.insertHeld()
    }
    this.heldHead = slot
    this.heldTail = slot
    this.heldTime = time
    this.heldSeq = seq
  }

  /** Time of the group popDue took last. */
  get lastTime(): number {
    return this.poppedTime
  }

  /** Sequence number of the group popDue took last (its first event's). */
  get lastSeq(): number {
    return this.poppedSeq
  }

  /** Events queued. */
  get size(): number {
    return this.nextSlot - this.freeTop
  }

  /**
   * Removes the earliest group if it is due at or before `until` and returns its first slot (see
   * take), else returns -1. One look at the held group and the root decides both (the loop's
   * peek and pop in one). A held group that is not the earliest stays held: it still has the
   * highest sequence number of all, and goes into the heap at the next push for another time.
   */
  popDue(until: number): number {
    const T = this.time
    const n = this.nodes
    const held = this.heldHead
    if (held >= 0 && (n === 0 || this.heldTime < T[0]!)) {
      if (this.heldTime > until) return -1
      this.heldHead = -1
      this.poppedTime = this.heldTime
      this.poppedSeq = this.heldSeq
      return held
    }
    if (n === 0) return -1
    const t = T[0]!
    if (t > until) return -1
    this.poppedTime = t
    this.poppedSeq = this.seq[0]!
    const slot = this.slotAt[0]!
    this.nodes = n - 1
    if (n > 1) this.siftDown(n - 1)
    return slot
  }

  /** The function of a popped group's `slot` (read it and argOf before take). */
  fnOf(slot: number): EventFn {
    return this.fn[slot]!
  }

  argOf(slot: number): unknown {
    return this.arg[slot]
  }

  /**
   * Takes the sequence number the next push would get, without an event: something that is
   * ordered among the events as if it had been scheduled now (a deferred DMA request).
   */
  reserveSeq(): number {
    // The held group is closed: a later push for its time must not join it, or it would run
    // before an event pushed later under this number (pushReserved).
    if (this.heldHead >= 0) {
      this.insertHeld()
      this.heldHead = -1
    }
    return this.nextSeq++
  }

  /** As `n` calls of reserveSeq (n >= 1): takes n consecutive numbers, returns the first. */
  reserveSeqs(n: number): number {
    const seq = this.reserveSeq()
    this.nextSeq += n - 1
    return seq
  }

  /** The sequence number the next push or reserveSeq will take. */
  get upcomingSeq(): number {
    return this.nextSeq
  }

  /**
   * Queues `fn(arg)` at insertTime under a sequence number taken earlier with reserveSeq: an event
   * whose push was put off (see DmaEngine's riding leads). It goes straight into the heap as a
   * node of its own; the held group, pushed later, has higher numbers and stays held.
   */
  pushReserved(seq: number, fn: EventFn, arg: unknown): void {
    const slot = this.claimSlot(fn, arg)
    this.insertKey(seq, slot)
  }

  /** A free slot holding `fn(arg)`, not linked to any group yet. */
  private claimSlot(fn: EventFn, arg: unknown): number {
    const slot = this.freeTop > 0 ? this.free[--this.freeTop]! : this.newSlot()
    this.fn[slot] = fn
    this.arg[slot] = arg
    this.next[slot] = -1
    return slot
  }

  /** A slot never used yet (the arrays grow when every slot is in use). */
  private newSlot(): number {
    if (this.nextSlot === this.fn.length) this.grow()
    return this.nextSlot++
  }

  /** Frees `slot` of a popped group; returns the next slot of the group, or -1. */
  take(slot: number): number {
    this.fn[slot] = undefined
    this.arg[slot] = undefined
    this.free[this.freeTop++] = slot
    return this.next[slot]!
  }

  /**
   * Puts back the rest of the last popped group (from `slot` on, whose event has number `seq`),
   * e.g. when an event threw.
   */
  restoreGroup(slot: number, seq: number): void {
    this.insertTime = this.poppedTime
    this.insertKey(seq, slot)
  }

  /** Inserts the held group (from its fields: no time crosses a call). */
  private insertHeld(): void {
    this.insertTime = this.heldTime
    this.insertKey(this.heldSeq, this.heldHead)
  }

  /** Inserts the group (insertTime, seq, slot). */
  private insertKey(seq: number, slot: number): void {
    const time = this.insertTime
    const T = this.time
    const S = this.seq
    const H = this.slotAt
    let i = this.nodes++
    while (i > 0) {
      const parent = (i - 1) >> 1
      const tp = T[parent]!
      if (tp < time || (tp === time && S[parent]! < seq)) break
      T[i] = tp
      S[i] = S[parent]!
      H[i] = H[parent]!
      i = parent
    }
    T[i] = time
    S[i] = seq
    H[i] = slot
  }

  /** Places the group at position n (just past the heap's n nodes) from the root down. */
  private siftDown(n: number): void {
    const T = this.time
    const S = this.seq
    const H = this.slotAt
    const lt = T[n]!
    const ls = S[n]!
    const lh = H[n]!
    let i = 0
    for (;;) {
      let c = 2 * i + 1
      if (c >= n) break
      let ct = T[c]!
      let cs = S[c]!
      const r = c + 1
      if (r < n) {
        const rt = T[r]!
        if (rt < ct || (rt === ct && S[r]! < cs)) {
          c = r
          ct = rt
          cs = S[r]!
        }
      }
      if (lt < ct || (lt === ct && ls < cs)) break
      T[i] = ct
      S[i] = cs
      H[i] = H[c]!
      i = c
    }
    T[i] = lt
    S[i] = ls
    H[i] = lh
  }

  private grow(): void {
    const n = this.fn.length * 2
    const grow64 = (a: Float64Array) => { const b = new Float64Array(n); b.set(a); return b }
    const grow32 = (a: Int32Array) => { const b = new Int32Array(n); b.set(a); return b }
    this.time = grow64(this.time)
    this.seq = grow64(this.seq)
    this.slotAt = grow32(this.slotAt)
    this.next = grow32(this.next)
    this.free = grow32(this.free)
    for (let i = this.fn.length; i < n; i++) {
      this.fn.push(undefined)
      this.arg.push(undefined)
    }
  }
}
