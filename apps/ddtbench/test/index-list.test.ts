// The seeded index lists: DDTBench's swap pass, deterministic for a seed.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Rand32, adjacentPairs, lammpsList, shuffledIndices, specfemCmLists, specfemOcList, workloads } from '../src/index.js'

describe('Rand32', () => {
  it('is deterministic and depends on the seed', () => {
    const a = new Rand32(7), b = new Rand32(7), c = new Rand32(8)
    const xs = Array.from({ length: 8 }, () => a.next())
    expect(Array.from({ length: 8 }, () => b.next())).toEqual(xs)
    expect(Array.from({ length: 8 }, () => c.next())).not.toEqual(xs)
    for (const x of xs) expect(Number.isInteger(x) && x >= 0 && x < 2 ** 32).toBe(true)
  })
})

describe('shuffledIndices', () => {
  it('draws distinct indices in [0, range)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(), (range, frac, seed) => {
      const count = Math.floor(frac * range)
      const list = shuffledIndices(new Rand32(seed), range, count)
      expect(list.length).toBe(count)
      expect(new Set(list).size).toBe(count)
      for (const i of list) expect(i >= 0 && i < range).toBe(true)
    }))
  })

  it('keeps the whole range as a permutation when count = range', () => {
    const list = shuffledIndices(new Rand32(3), 100, 100)
    expect(Array.from(list).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i))
  })

  it('does the swap pass with rand() % G (hand-traced for G = 3)', () => {
    const r = new Rand32(11)
    const j = [r.next() % 3, r.next() % 3, r.next() % 3]
    const a = [1, 2, 3]
    for (let i = 0; i < 3; i++) [a[i], a[j[i]]] = [a[j[i]], a[i]]
    expect(Array.from(shuffledIndices(new Rand32(11), 3, 3))).toEqual(a.map((x) => x - 1))
  })

  it('rejects bad ranges and counts', () => {
    expect(() => shuffledIndices(new Rand32(1), 0, 0)).toThrow(/range/)
    expect(() => shuffledIndices(new Rand32(1), 5, 6)).toThrow(/count/)
  })
})

describe('adjacentPairs', () => {
  it('counts entries that follow their predecessor by one', () => {
    expect(adjacentPairs([4, 5, 9, 10, 11, 2, 1])).toBe(3)
    expect(adjacentPairs([])).toBe(0)
  })
})

describe('kernel lists are deterministic', () => {
  it('same seed, same lists; another seed, other lists', () => {
    expect(specfemOcList(3225, 88881, 1)).toEqual(specfemOcList(3225, 88881, 1))
    expect(specfemOcList(3225, 88881, 1)).not.toEqual(specfemOcList(3225, 88881, 2))
    expect(lammpsList(3062, 3534, 4)).toEqual(lammpsList(3062, 3534, 4))
    const p = { icountCm: 1957, dim2Cm: 39929, icountIc: 245, dim2Ic: 1225 }
    expect(specfemCmLists(p, 9)).toEqual(specfemCmLists(p, 9))
  })

  it('workloads(seed) rebuilds the same typemaps', () => {
    const a = workloads(5).filter((w) => w.seed !== undefined)
    const b = workloads(5).filter((w) => w.seed !== undefined)
    expect(a.map((w) => w.indexLists)).toEqual(b.map((w) => w.indexLists))
    expect(a.every((w) => w.seed === 5)).toBe(true)
  })
})
