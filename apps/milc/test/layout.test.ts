import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Checkerboard, chooseGrid, checkGrid, neighbour, rankCoords, rankOf, MilcOptionsError } from '../src/index.js'

const evenExtent = fc.integer({ min: 1, max: 4 }).map((n) => 2 * n)
const dims4 = fc.tuple(evenExtent, evenExtent, evenExtent, evenExtent)

describe('checkerboard layout', () => {
  it('puts even sites first, each half in (t, z, y, x) order', () => {
    const box = new Checkerboard([4, 2, 2, 2], 0)
    expect(box.sites).toBe(32)
    expect(box.index(0, 0, 0, 0)).toBe(0) // even, first row
    expect(box.index(2, 0, 0, 0)).toBe(1)
    expect(box.index(1, 0, 0, 0)).toBe(16) // odd half starts at V/2
    expect(box.index(1, 1, 0, 0)).toBe(2) // row 1: x = 1 is even there
    expect(box.index(3, 1, 1, 1)).toBe(7 * 2 + 1) // row 7, even (3+1+1+1), second of its row
  })

  it('is a bijection onto [0, sites) whose halves hold one parity each', () => {
    fc.assert(fc.property(dims4, fc.constantFrom<0 | 1>(0, 1), (dims, sign) => {
      const box = new Checkerboard(dims, sign)
      const seen = new Uint8Array(box.sites)
      for (let t = 0; t < dims[3]; t++) for (let z = 0; z < dims[2]; z++) for (let y = 0; y < dims[1]; y++) for (let x = 0; x < dims[0]; x++) {
        const i = box.index(x, y, z, t)
        expect(seen[i]).toBe(0)
        seen[i] = 1
        expect(i >= box.halfSites ? 1 : 0).toBe((x + y + z + t + sign) % 2)
      }
      expect(seen.every((s) => s === 1)).toBe(true)
    }))
  })
})

describe('process grid', () => {
  it('splits the largest extent, t first on ties, keeping local extents even', () => {
    expect(chooseGrid([8, 8, 8, 8], 1)).toEqual({ grid: [1, 1, 1, 1], local: [8, 8, 8, 8] })
    expect(chooseGrid([8, 8, 8, 8], 2)).toEqual({ grid: [1, 1, 1, 2], local: [8, 8, 8, 4] })
    expect(chooseGrid([8, 8, 8, 8], 8)).toEqual({ grid: [1, 2, 2, 2], local: [8, 4, 4, 4] })
    expect(chooseGrid([16, 8, 8, 4], 4)).toEqual({ grid: [2, 1, 2, 1], local: [8, 8, 4, 4] }) // x first (16), then z wins the 8-way tie
    expect(() => chooseGrid([4, 4, 4, 4], 3)).toThrow(/^ranks: cannot cut lattice 4x4x4x4 over 3 ranks/)
  })

  it('checks a given grid', () => {
    expect(checkGrid([8, 4, 4, 4], 2, [2, 1, 1, 1])).toEqual({ grid: [2, 1, 1, 1], local: [4, 4, 4, 4] })
    expect(() => checkGrid([8, 4, 4, 4], 4, [2, 1, 1, 1])).toThrow(MilcOptionsError)
    expect(() => checkGrid([8, 4, 4, 4], 4, [1, 4, 1, 1])).toThrow(/^grid: y extent 4 over 4 ranks must give an even local extent/)
  })

  it('numbers ranks x fastest with periodic neighbours', () => {
    const grid = [2, 3, 1, 2] as const
    for (let r = 0; r < 12; r++) expect(rankOf(grid, rankCoords(grid, r))).toBe(r)
    expect(rankCoords(grid, 7)).toEqual([1, 0, 0, 1])
    expect(neighbour(grid, 7, 0, 1)).toBe(6)
    expect(neighbour(grid, 7, 1, -1)).toBe(11)
    expect(neighbour(grid, 7, 2, 1)).toBe(7)
    expect(neighbour(grid, 7, 3, 1)).toBe(1)
  })
})
