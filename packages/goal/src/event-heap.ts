// The simulator's active queue: a min-heap of event slots ordered by (time, ts), where ts is
// the insertion stamp LogGOPSim uses to keep equal-time events in a fixed order (stamps are
// unique, so the order is total and any correct heap pops the same sequence). Slots live in
// typed arrays and are recycled, so running the queue allocates nothing. The heap is 4-ary and
// keeps each entry's (time, ts) next to its position, so a sift touches one cache line per
// level instead of chasing slot indices across large arrays.

export class EventHeap {
  /** Per slot: event type, time, insertion stamp, operation id. */
  type: Uint8Array
  time: Float64Array
  ts: Float64Array
  op: Int32Array
  /** Per heap position: (time, ts) interleaved, and the slot. */
  private keys: Float64Array
  private slots: Int32Array
  private free: Int32Array
  private freeTop: number
  private count = 0

  constructor(capacity: number) {
    this.type = new Uint8Array(capacity)
    this.time = new Float64Array(capacity)
    this.ts = new Float64Array(capacity)
    this.op = new Int32Array(capacity)
    this.keys = new Float64Array(2 * capacity)
    this.slots = new Int32Array(capacity)
    this.free = new Int32Array(capacity)
    for (let i = 0; i < capacity; i++) this.free[i] = capacity - 1 - i
    this.freeTop = capacity
  }

  get size(): number {
    return this.count
  }

  /** A fresh slot to fill and `push`. */
  alloc(): number {
    if (this.freeTop === 0) this.grow()
    return this.free[--this.freeTop]!
  }

  /** Doubles the capacity (all slots are in use); callers re-read the slot arrays after alloc. */
  private grow(): void {
    const old = this.type.length
    const cap = 2 * old
    const copy = <T extends Uint8Array | Float64Array | Int32Array>(a: T, n: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n)
      b.set(a)
      return b
    }
    this.type = copy(this.type, cap)
    this.time = copy(this.time, cap)
    this.ts = copy(this.ts, cap)
    this.op = copy(this.op, cap)
    this.keys = copy(this.keys, 2 * cap)
    this.slots = copy(this.slots, cap)
    this.free = new Int32Array(cap)
    for (let i = 0; i < cap - old; i++) this.free[i] = cap - 1 - i
    this.freeTop = cap - old
  }

  release(slot: number): void {
    this.free[this.freeTop++] = slot
  }

  /** Queues a slot with its current time and ts. */
  push(slot: number): void {
    const keys = this.keys
    const slots = this.slots
    const time = this.time[slot]!
    const ts = this.ts[slot]!
    let i = this.count++
    while (i > 0) {
      const parent = (i - 1) >> 2
      const pt = keys[2 * parent]!
      if (pt < time || (pt === time && keys[2 * parent + 1]! < ts)) break
      keys[2 * i] = pt
      keys[2 * i + 1] = keys[2 * parent + 1]!
      slots[i] = slots[parent]!
      i = parent
    }
    keys[2 * i] = time
    keys[2 * i + 1] = ts
    slots[i] = slot
  }

  /** Removes and returns the earliest slot (the slot stays allocated). */
  pop(): number {
    const keys = this.keys
    const slots = this.slots
    const top = slots[0]!
    const n = --this.count
    if (n === 0) return top
    const time = keys[2 * n]!
    const ts = keys[2 * n + 1]!
    const slot = slots[n]!
    let i = 0
    for (;;) {
      const first = 4 * i + 1
      if (first >= n) break
      const end = first + 4 < n ? first + 4 : n
      let best = first
      let bt = keys[2 * first]!
      let bs = keys[2 * first + 1]!
      for (let c = first + 1; c < end; c++) {
        const ct = keys[2 * c]!
        if (ct < bt || (ct === bt && keys[2 * c + 1]! < bs)) {
          best = c
          bt = ct
          bs = keys[2 * c + 1]!
        }
      }
      if (time < bt || (time === bt && ts < bs)) break
      keys[2 * i] = bt
      keys[2 * i + 1] = bs
      slots[i] = slots[best]!
      i = best
    }
    keys[2 * i] = time
    keys[2 * i + 1] = ts
    slots[i] = slot
    return top
  }
}
