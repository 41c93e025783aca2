// NIC memory for execution contexts: a first-fit allocator over [0, capacity) with a sorted free
// list and coalescing on free, so fragmentation is real (a request can fail although enough bytes
// are free in total). Occupancy is recorded over simulated time with its peak.

import { insertAt, removeAt } from '../net/list-at.js'
import type { Ps } from '../sim/time.js'
import { TimeSeries } from '../stats/time-series.js'

/** NIC memory cannot hold an allocation; carries the free and largest free byte counts. */
export class NicMemoryError extends Error {
  override readonly name = 'NicMemoryError'
  constructor(readonly requested: number, readonly free: number, readonly largestFree: number) {
    super(`NIC memory exhausted: requested ${requested} B, ${free} B free, largest free block ${largestFree} B`)
  }
}

/** Allocation granule: every block starts and ends on this boundary. */
export const NIC_MEM_ALIGN = 64

export class NicMemory {
  // Free blocks sorted by offset; parallel arrays keep it small and simple.
  private freeOff: number[]
  private freeLen: number[]
  // Allocated blocks sorted by offset, for free(): a Map rehashed its table as blocks came and
  // went (about 50 B per offloaded receive); a handful of blocks are live at a time.
  private readonly usedOff: number[] = []
  private readonly usedLen: number[] = []
  used = 0
  readonly occupancy = new TimeSeries(0)

  constructor(readonly capacity: number) {
    this.freeOff = [0]
    this.freeLen = [capacity - (capacity % NIC_MEM_ALIGN)]
  }

  get peak(): number {
    return this.occupancy.peak
  }

  get largestFree(): number {
    let m = 0
    for (const l of this.freeLen) if (l > m) m = l
    return m
  }

  /**
   * The time of the alloc or free running, for the occupancy record: set by alloc and free, or
   * read from the clock by allocNow and freeNow. (A time past 2^31 ps passed to a call V8 does not
   * inline is boxed: twice per offloaded receive, from the NIC's calls.)
   */
  private at: Ps = 0

  /** Allocates `bytes` (rounded up to the granule) at time `now`, or throws NicMemoryError. */
  alloc(bytes: number, now: Ps): number {
    this.at = now
    return this.allocAt(bytes)
  }

  /** alloc(bytes, clock.now). */
  allocNow(bytes: number, clock: { readonly now: Ps }): number {
    this.at = clock.now
    return this.allocAt(bytes)
  }

  private allocAt(bytes: number): number {
    const size = Math.max(NIC_MEM_ALIGN, Math.ceil(bytes / NIC_MEM_ALIGN) * NIC_MEM_ALIGN)
    for (let i = 0; i < this.freeOff.length; i++) {
      const len = this.freeLen[i]!
      if (len < size) continue
      const off = this.freeOff[i]!
      if (len === size) {
        removeAt(this.freeOff, i)
        removeAt(this.freeLen, i)
      } else {
        this.freeOff[i] = off + size
        this.freeLen[i] = len - size
      }
      const u = this.usedIndex(off)
      insertAt(this.usedOff, u, off)
      insertAt(this.usedLen, u, size)
      this.used += size
      this.occupancy.recordTime = this.at
      this.occupancy.recordValue(this.used)
      return off
    }
    throw new NicMemoryError(size, this.capacity - this.used, this.largestFree)
  }

  /** Returns a block to the free list at time `now`, merging it with free neighbours. */
  free(offset: number, now: Ps): void {
    this.at = now
    this.freeAt(offset)
  }

  /** free(offset, clock.now). */
  freeNow(offset: number, clock: { readonly now: Ps }): void {
    this.at = clock.now
    this.freeAt(offset)
  }

  private freeAt(offset: number): void {
    const u = this.usedIndex(offset)
    if (this.usedOff[u] !== offset) throw new Error(`NIC memory: free of unallocated offset ${offset}`)
    const size = this.usedLen[u]!
    removeAt(this.usedOff, u)
    removeAt(this.usedLen, u)
    this.used -= size
    let i = 0
    while (i < this.freeOff.length && this.freeOff[i]! < offset) i++
    insertAt(this.freeOff, i, offset)
    insertAt(this.freeLen, i, size)
    if (i + 1 < this.freeOff.length && offset + size === this.freeOff[i + 1]) {
      this.freeLen[i] = this.freeLen[i]! + this.freeLen[i + 1]!
      removeAt(this.freeOff, i + 1)
      removeAt(this.freeLen, i + 1)
    }
    if (i > 0 && this.freeOff[i - 1]! + this.freeLen[i - 1]! === offset) {
      this.freeLen[i - 1] = this.freeLen[i - 1]! + this.freeLen[i]!
      removeAt(this.freeOff, i)
      removeAt(this.freeLen, i)
    }
    this.occupancy.recordTime = this.at
    this.occupancy.recordValue(this.used)
  }

  /** Index of the first allocated block at or after `offset` (binary search). */
  private usedIndex(offset: number): number {
    const a = this.usedOff
    let lo = 0
    let hi = a.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (a[mid]! < offset) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}
