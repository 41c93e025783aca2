// A binary min-heap of events ordered by (time, sequence). Events live in parallel arrays indexed
// by slot; freed slots are reused, so steady-state scheduling allocates nothing.

export type EventFn = (arg: any) => void

export class EventHeap {
  private time = new Float64Array(1024)
  private seq = new Float64Array(1024)
  private fn: (EventFn | undefined)[] = new Array(1024)
  private arg: unknown[] = new Array(1024)
  private heap = new Int32Array(1024)
  private free = new Int32Array(1024)
  private freeTop = 0
  private nextSlot = 0
  private nextSeq = 0
  size = 0

  push(time: number, fn: EventFn, arg: unknown): void {
    const slot = this.allocSlot()
    this.time[slot] = time
    this.seq[slot] = this.nextSeq++
    this.fn[slot] = fn
    this.arg[slot] = arg
    let i = this.size++
    const heap = this.heap
    // sift up
    while (i > 0) {
      const parent = (i - 1) >> 1
      const p = heap[parent]!
      if (!this.less(slot, p)) break
      heap[i] = p
      i = parent
    }
    heap[i] = slot
  }

  /** Time of the earliest event; only valid when size > 0. */
  peekTime(): number {
    return this.time[this.heap[0]!]!
  }

  /** Removes the earliest event and runs it; returns its time. */
  popAndRun(): number {
    const heap = this.heap
    const top = heap[0]!
    const last = heap[--this.size]!
    if (this.size > 0) this.siftDown(last)
    const t = this.time[top]!
    const fn = this.fn[top]!
    const arg = this.arg[top]
    this.fn[top] = undefined
    this.arg[top] = undefined
    this.free[this.freeTop++] = top
    fn(arg)
    return t
  }

  private siftDown(slot: number): void {
    const heap = this.heap
    const n = this.size
    let i = 0
    for (;;) {
      let child = 2 * i + 1
      if (child >= n) break
      const right = child + 1
      if (right < n && this.less(heap[right]!, heap[child]!)) child = right
      const c = heap[child]!
      if (!this.less(c, slot)) break
      heap[i] = c
      i = child
    }
    heap[i] = slot
  }

  private less(a: number, b: number): boolean {
    const ta = this.time[a]!
    const tb = this.time[b]!
    return ta < tb || (ta === tb && this.seq[a]! < this.seq[b]!)
  }

  private allocSlot(): number {
    if (this.freeTop > 0) return this.free[--this.freeTop]!
    const slot = this.nextSlot++
    if (slot >= this.time.length) this.grow()
    return slot
  }

  private grow(): void {
    const n = this.time.length * 2
    const grow64 = (a: Float64Array) => { const b = new Float64Array(n); b.set(a); return b }
    const grow32 = (a: Int32Array) => { const b = new Int32Array(n); b.set(a); return b }
    this.time = grow64(this.time)
    this.seq = grow64(this.seq)
    this.heap = grow32(this.heap)
    this.free = grow32(this.free)
    this.fn.length = n
    this.arg.length = n
  }
}
