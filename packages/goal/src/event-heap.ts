// The simulator's active queue: a binary min-heap of event slots ordered by (time, ts), where
// ts is the insertion stamp LogGOPSim uses to keep equal-time events in a fixed order. Slots
// live in typed arrays and are recycled, so running the queue allocates nothing.

export class EventHeap {
  /** Per slot: event type, time, insertion stamp, operation id. */
  readonly type: Uint8Array
  readonly time: Float64Array
  readonly ts: Float64Array
  readonly op: Int32Array
  private readonly heap: Int32Array
  private readonly free: Int32Array
  private freeTop: number
  private count = 0

  constructor(capacity: number) {
    this.type = new Uint8Array(capacity)
    this.time = new Float64Array(capacity)
    this.ts = new Float64Array(capacity)
    this.op = new Int32Array(capacity)
    this.heap = new Int32Array(capacity)
    this.free = new Int32Array(capacity)
    for (let i = 0; i < capacity; i++) this.free[i] = capacity - 1 - i
    this.freeTop = capacity
  }

  get size(): number {
    return this.count
  }

  /** A fresh slot to fill and `push`. */
  alloc(): number {
    if (this.freeTop === 0) throw new RangeError('event heap capacity exceeded')
    return this.free[--this.freeTop]!
  }

  release(slot: number): void {
    this.free[this.freeTop++] = slot
  }

  push(slot: number): void {
    const heap = this.heap
    let i = this.count++
    while (i > 0) {
      const parent = (i - 1) >> 1
      const p = heap[parent]!
      if (!this.before(slot, p)) break
      heap[i] = p
      i = parent
    }
    heap[i] = slot
  }

  /** Removes and returns the earliest slot (the slot stays allocated). */
  pop(): number {
    const heap = this.heap
    const top = heap[0]!
    const last = heap[--this.count]!
    const n = this.count
    let i = 0
    for (;;) {
      let child = 2 * i + 1
      if (child >= n) break
      const right = child + 1
      if (right < n && this.before(heap[right]!, heap[child]!)) child = right
      const c = heap[child]!
      if (!this.before(c, last)) break
      heap[i] = c
      i = child
    }
    if (n > 0) heap[i] = last
    return top
  }

  private before(a: number, b: number): boolean {
    const ta = this.time[a]!
    const tb = this.time[b]!
    return ta < tb || (ta === tb && this.ts[a]! < this.ts[b]!)
  }
}
