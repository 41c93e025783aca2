// Virtual bases for measuring, one compact host array for data-mode runs; the typemap is the
// same under both placements, and pack/unpack work on the compact memory.

import { describe, expect, it } from 'vitest'
import { flatten, pack, packSize, unpack } from '@spinmpi/ddt'
import { HOST_ALIGN, REGION_SPACING, VIRTUAL_BASE, compactLayout, hostMemory, regionOf, sw4Workload, virtualBases, workloads, type Workload } from '../src/index.js'

describe('virtual bases', () => {
  it('puts region k at 2^40 + k·2^36', () => {
    expect(virtualBases([{ name: 'a', bytes: 1 }, { name: 'b', bytes: 1 }, { name: 'c', bytes: 1 }])).toEqual([2 ** 40, 2 ** 40 + 2 ** 36, 2 ** 40 + 2 ** 37])
    expect(VIRTUAL_BASE + 9 * REGION_SPACING).toBeLessThan(Number.MAX_SAFE_INTEGER)
  })

  it('rejects a region larger than its slot', () => {
    expect(() => virtualBases([{ name: 'huge', bytes: REGION_SPACING + 1 }])).toThrow(/huge/)
  })

  it('every workload sits at the virtual bases', () => {
    for (const w of workloads()) expect(w.bases).toEqual(virtualBases(w.regions))
  })
})

describe('compact layout', () => {
  it('aligns each region to a cache line with a guard line between (hand example)', () => {
    // 100 B → [0,100); next at align(100)+64 = 192; 64 B → [192,256); next at 256+64 = 320.
    expect(compactLayout([{ name: 'a', bytes: 100 }, { name: 'b', bytes: 64 }, { name: 'c', bytes: 1 }])).toEqual({ bases: [0, 192, 320], bytes: 384 })
    expect(HOST_ALIGN).toBe(64)
  })

  it('gives the same runs as the virtual placement, translated region by region', () => {
    for (const w of workloads()) {
      // The placement hostMemory() would make, without allocating the (up to 100 MB) array.
      const layout = compactLayout(w.regions)
      const host = { bases: layout.bases, placement: w.place(layout.bases) }
      const v = flatten(w.type, w.count)
      const h = flatten(host.placement.type, host.placement.count)
      expect(h.length).toBe(v.length)
      let moved = 0
      for (let i = 0; i < v.length; i++) {
        if (h.lengths[i] !== v.lengths[i]) moved++
        const k = regionOf(w, w.origin + v.offsets[i])
        if (k < 0 || host.placement.origin + h.offsets[i] !== w.origin + v.offsets[i] - w.bases[k] + host.bases[k]) moved++
      }
      expect(moved).toBe(0)
    }
  })
})

/** The smallest input of each app (and side), to keep data-mode checks quick; SW4lite's only
 * input is 100 MB, so a 12×12×10 grid of the same kernel stands in for it. */
function smallest(): Workload[] {
  const best = new Map<string, Workload>()
  const small = sw4Workload({ ni: 12, nj: 12, nk: 10, direction: 'x' }, { bytes: 0, blocks: 0, gamma: 0, gammaDigits: 0, handler: 'vector' })
  for (const w of [...workloads().filter((x) => x.app !== 'SW4LITE'), small]) {
    const key = `${w.app}/${w.side}`
    const cur = best.get(key)
    if (cur === undefined || w.regions.reduce((a, r) => a + r.bytes, 0) < cur.regions.reduce((a, r) => a + r.bytes, 0)) best.set(key, w)
  }
  return [...best.values()]
}

it('hostMemory allocates the compact layout', () => {
  const w = workloads().find((x) => x.app === 'LAMMPS')
  if (w === undefined) throw new Error('no LAMMPS workload')
  const host = hostMemory(w)
  expect(host.memory.length).toBe(compactLayout(w.regions).bytes)
  expect(host.bases).toEqual(compactLayout(w.regions).bases)
})

describe('data mode on the compact memory', () => {
  for (const w of smallest()) {
    it(`${w.app} ${w.input} (${w.side}): pack gathers the runs, unpack scatters them back`, () => {
      const { memory, placement } = hostMemory(w)
      for (let i = 0; i < memory.length; i++) memory[i] = (i * 31 + 7) & 255
      const runs = flatten(placement.type, placement.count)
      const size = packSize(placement.type, placement.count)
      const expected = new Uint8Array(size)
      let at = 0
      for (const [off, len] of runs) {
        const from = placement.origin + off
        expected.set(memory.subarray(from, from + len), at)
        at += len
      }
      const packed = new Uint8Array(size)
      expect(pack(placement.type, placement.count, memory, placement.origin, packed)).toBe(size)
      expect(packed).toEqual(expected)

      const target = new Uint8Array(memory.length)
      unpack(placement.type, placement.count, packed, 0, target, placement.origin)
      const touched = new Uint8Array(memory.length)
      for (const [off, len] of runs) touched.fill(1, placement.origin + off, placement.origin + off + len)
      let wrong = 0
      for (let i = 0; i < memory.length; i++) if (target[i] !== (touched[i] ? memory[i] : 0)) wrong++
      expect(wrong).toBe(0)
    })
  }
})
