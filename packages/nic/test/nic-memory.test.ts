// NIC memory's first-fit allocator against a model that keeps one flag per 64 B granule: random
// allocations and frees must give the same offsets, the same bytes in use and the same largest
// free block; a free of an offset not allocated throws.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NIC_MEM_ALIGN, NicMemory, NicMemoryError } from '../src/nic/nic-memory.js'

const GRANULES = 64

/** First fit over granule flags: the lowest run of free granules long enough. */
class GranuleModel {
  readonly busy = new Uint8Array(GRANULES)
  readonly sizes = new Map<number, number>()
  alloc(bytes: number): number | null {
    const n = Math.max(1, Math.ceil(bytes / NIC_MEM_ALIGN))
    for (let g = 0; g + n <= GRANULES; g++) {
      let k = 0
      while (k < n && this.busy[g + k] === 0) k++
      if (k === n) {
        this.busy.fill(1, g, g + n)
        this.sizes.set(g * NIC_MEM_ALIGN, n)
        return g * NIC_MEM_ALIGN
      }
    }
    return null
  }
  free(off: number): void {
    const n = this.sizes.get(off)!
    this.sizes.delete(off)
    this.busy.fill(0, off / NIC_MEM_ALIGN, off / NIC_MEM_ALIGN + n)
  }
  get largestFree(): number {
    let best = 0
    let run = 0
    for (const b of this.busy) { run = b === 0 ? run + 1 : 0; best = Math.max(best, run) }
    return best * NIC_MEM_ALIGN
  }
}

describe('NIC memory', () => {
  it('allocates and frees as first fit over granules does (random sequences)', () => {
    const op = fc.oneof(
      fc.record({ alloc: fc.integer({ min: 0, max: 12 * NIC_MEM_ALIGN }) }),
      fc.record({ free: fc.nat() }),
    )
    fc.assert(fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
      const mem = new NicMemory(GRANULES * NIC_MEM_ALIGN)
      const model = new GranuleModel()
      const live: number[] = []
      for (const o of ops) {
        if ('alloc' in o) {
          const want = model.alloc(o.alloc)
          if (want === null) {
            expect(() => mem.alloc(o.alloc, 0)).toThrow(NicMemoryError)
          } else {
            expect(mem.alloc(o.alloc, 0)).toBe(want)
            live.push(want)
          }
        } else if (live.length > 0) {
          const off = live.splice(o.free % live.length, 1)[0]!
          mem.free(off, 0)
          model.free(off)
        }
        expect(mem.used).toBe(model.busy.reduce((a, b) => a + b, 0) * NIC_MEM_ALIGN)
        expect(mem.largestFree).toBe(model.largestFree)
      }
    }))
  })

  it('refuses to free an offset it did not hand out', () => {
    const mem = new NicMemory(GRANULES * NIC_MEM_ALIGN)
    const a = mem.alloc(100, 0)
    expect(a).toBe(0)
    expect(mem.alloc(64, 0)).toBe(128)
    expect(() => mem.free(64, 0)).toThrow(/unallocated offset 64/)
    mem.free(a, 0)
    expect(() => mem.free(a, 0)).toThrow(/unallocated offset 0/)
    expect(mem.used).toBe(64)
  })
})
