import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { BYTE, FLOAT32, indexedBlock, vector } from '@spinmpi/ddt'
import { resolveProfile } from '@spinmpi/nic'
import { LastLevelCache, hostUnpackTraffic } from '../src/internal.js'

const sc19 = resolveProfile('sc19')

/** Reference LRU: per set, an array of lines ordered from least to most recently used. */
function referenceMisses(lines: readonly number[], sets: number, ways: number): number {
  const state = new Map<number, number[]>()
  let misses = 0
  for (const line of lines) {
    const set = ((line % sets) + sets) % sets
    const row = state.get(set) ?? []
    const at = row.indexOf(line)
    if (at >= 0) row.splice(at, 1)
    else {
      misses++
      if (row.length === ways) row.shift()
    }
    row.push(line)
    state.set(set, row)
  }
  return misses
}

describe('LastLevelCache', () => {
  it('evicts the least recently used line of a full set', () => {
    // 4 lines of 64 B in 2 ways: 2 sets; lines 0, 2, 4 all map to set 0
    const c = new LastLevelCache(256, 2, 64)
    expect(c.sets).toBe(2)
    expect([c.access(0), c.access(2), c.access(0), c.access(4)]).toEqual([false, false, true, false])
    // 2 was the least recently used of {0, 2} when 4 came in
    expect([c.access(0), c.access(2)]).toEqual([true, false])
    expect([c.hits, c.misses]).toEqual([2, 4])
  })

  it('counts a negative line number as a line like any other', () => {
    const c = new LastLevelCache(256, 2, 64)
    expect([c.access(-1), c.access(-1)]).toEqual([false, true])
  })

  it('rejects a geometry with fewer lines than ways', () => {
    expect(() => new LastLevelCache(64, 2, 64)).toThrow(RangeError)
  })

  it('matches a reference LRU on random line streams', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.array(fc.integer({ min: -40, max: 40 }), { maxLength: 300 }),
      (sets, ways, lines) => {
        const c = new LastLevelCache(sets * ways * 64, ways, 64)
        for (const line of lines) c.access(line)
        expect(c.misses).toBe(referenceMisses(lines, sets, ways))
        expect(c.hits + c.misses).toBe(lines.length)
      },
    ))
  })
})

describe('hostUnpackTraffic (SC19 Fig. 17 count)', () => {
  it('a dense vector that fits the LLC misses each packed and each user line once', () => {
    // 64 blocks of 2 KiB, stride 4 KiB: 2048 packed lines, 2048 user lines
    const t = vector(64, 2048, 4096, BYTE).commit()
    expect(hostUnpackTraffic(sc19, t, 1)).toEqual({ depositBytes: 131072, llcMisses: 4096, bytes: 131072 + 4096 * 64 })
  })

  it('4-byte blocks one per line cost a whole line each', () => {
    // 512 floats, one every 64 B: 32 packed lines, 512 user lines
    const t = vector(512, 1, 16, FLOAT32).commit()
    expect(hostUnpackTraffic(sc19, t, 1).llcMisses).toBe(32 + 512)
  })

  it('revisiting a line still in the LLC is free; a working set beyond it is not', () => {
    // the same 64 B line 1000 times: one user-line miss, packed lines 4000 B / 64 = 63 (rounded up)
    const again = indexedBlock(1, new Array<number>(1000).fill(0), FLOAT32).commit()
    expect(hostUnpackTraffic(sc19, again, 1).llcMisses).toBe(1 + 63)
    // two passes over 16 MiB of lines (twice the LLC): the second pass misses again
    const lines = 16 * 1024 * 1024 / 64
    const displs = Array.from({ length: 2 * lines }, (_v, i) => (i % lines) * 16)
    const twice = indexedBlock(1, displs, FLOAT32).commit()
    const packedLines = (displs.length * 4) / 64
    expect(hostUnpackTraffic(sc19, twice, 1).llcMisses).toBe(packedLines + 2 * lines)
  })

  it('never counts fewer misses than distinct lines, nor more than one per line touch', () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: 4095 }), { minLength: 1, maxLength: 200 }),
      (displs) => {
        const t = indexedBlock(1, displs, FLOAT32).commit()
        const traffic = hostUnpackTraffic(sc19, t, 1)
        const distinct = new Set(displs.map((d) => Math.floor((d * 4) / 64))).size
        const packed = Math.ceil((displs.length * 4) / 64)
        expect(traffic.llcMisses).toBe(distinct + packed)
        expect(traffic.depositBytes).toBe(displs.length * 4)
      },
    ))
  })
})
