import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Distribution, Order } from '../src/index.js'
import { INT32, INT8, darray } from '../src/index.js'
import { referenceTypemap } from './reference.js'
import { boundsOf, runs } from './helpers.js'

describe('darray, one dimension', () => {
  it('block with the default darg ceil(gsize / psize)', () => {
    // 10 int32 on 3 processes: blocks of 4 -> 0..3, 4..7, 8..9
    const ranks = [0, 1, 2].map((r) => darray(3, r, [10], ['block'], [null], [3], 'C', INT32))
    expect(ranks.map((t) => runs(t))).toEqual([[[0, 16]], [[16, 16]], [[32, 8]]])
    for (const t of ranks) expect([t.lb, t.extent]).toEqual([0, 40])
    expect(boundsOf(ranks[2])).toEqual({ size: 8, lb: 0, ub: 40, extent: 40, trueLb: 32, trueUb: 40, trueExtent: 8 })
  })

  it('block with an explicit darg leaves trailing processes empty', () => {
    // 10 int32, darg 5 on 4 processes: ranks 0 and 1 hold everything
    const ranks = [0, 1, 2, 3].map((r) => darray(4, r, [10], ['block'], [5], [4], 'C', INT32))
    expect(ranks.map((t) => runs(t))).toEqual([[[0, 20]], [[20, 20]], [], []])
    expect(boundsOf(ranks[3])).toEqual({ size: 0, lb: 0, ub: 40, extent: 40, trueLb: 0, trueUb: 0, trueExtent: 0 })
  })

  it('block with the default darg where the last process gets a short block', () => {
    // 10 on 4: darg 3 -> 0..2, 3..5, 6..8, 9
    const ranks = [0, 1, 2, 3].map((r) => darray(4, r, [10], ['block'], [null], [4], 'C', INT8))
    expect(ranks.map((t) => runs(t))).toEqual([[[0, 3]], [[3, 3]], [[6, 3]], [[9, 1]]])
  })

  it('cyclic with the default darg 1', () => {
    // 7 int8 on 3 processes: 0,3,6 / 1,4 / 2,5
    const ranks = [0, 1, 2].map((r) => darray(3, r, [7], ['cyclic'], [null], [3], 'C', INT8))
    expect(ranks.map((t) => runs(t))).toEqual([[[0, 1], [3, 1], [6, 1]], [[1, 1], [4, 1]], [[2, 1], [5, 1]]])
  })

  it('cyclic with darg 2 and a short last block', () => {
    // 7 int8, blocks of 2 dealt round robin to 3: {0,1} {2,3} {4,5} {6}
    const ranks = [0, 1, 2].map((r) => darray(3, r, [7], ['cyclic'], [2], [3], 'F', INT8))
    expect(ranks.map((t) => runs(t))).toEqual([[[0, 2], [6, 1]], [[2, 2]], [[4, 2]]])
    expect(ranks[0].extent).toBe(7)
  })

  it('cyclic with darg 2 over several full cycles', () => {
    // 10 int32 on 2 processes: rank 1 holds {2,3} and {6,7}
    const t = darray(2, 1, [10], ['cyclic'], [2], [2], 'C', INT32)
    expect(runs(t)).toEqual([[8, 8], [24, 8]])
    expect(boundsOf(t)).toEqual({ size: 16, lb: 0, ub: 40, extent: 40, trueLb: 8, trueUb: 32, trueExtent: 24 })
  })
})

describe('darray, two dimensions', () => {
  // 4 x 6 int8, rows block over 2, columns cyclic(2) over 2; ranks in a row-major 2 x 2 grid
  const make = (rank: number, order: Order) =>
    darray(4, rank, [4, 6], ['block', 'cyclic'], [null, 2], [2, 2], order, INT8)

  it('C order: rank 1 is grid (0, 1): rows 0..1, columns 2..3', () => {
    expect(runs(make(1, 'C'))).toEqual([[2, 2], [8, 2]])
    expect(make(1, 'C').extent).toBe(24)
  })

  it('C order: rank 2 is grid (1, 0): rows 2..3, columns 0, 1, 4, 5', () => {
    expect(referenceTypemap(make(2, 'C'), 1).map(([o]) => o)).toEqual([12, 13, 16, 17, 18, 19, 22, 23])
    expect(runs(make(2, 'C'))).toEqual([[12, 2], [16, 4], [22, 2]])
  })

  it('Fortran order: element (i, j) at i + 4j, first index fastest', () => {
    expect(runs(make(1, 'F'))).toEqual([[8, 2], [12, 2]])
    expect(referenceTypemap(make(2, 'F'), 1).map(([o]) => o)).toEqual([2, 3, 6, 7, 18, 19, 22, 23])
  })

  it("'none' keeps a dimension whole", () => {
    // 3 x 4 int8, rows not distributed, columns block over 2: rank 1 has columns 2..3 of every row
    const t = darray(2, 1, [3, 4], ['none', 'block'], [null, null], [1, 2], 'C', INT8)
    expect(runs(t)).toEqual([[2, 2], [6, 2], [10, 2]])
    expect(t.extent).toBe(12)
  })
})

describe('darray partitions the global array', () => {
  it('every element belongs to exactly one rank, for random grids, distributions and orders', () => {
    const dims = fc.integer({ min: 1, max: 3 })
    const arb = dims.chain((n) => fc.tuple(
      fc.array(fc.integer({ min: 1, max: 7 }), { minLength: n, maxLength: n }),
      fc.array(fc.integer({ min: 1, max: 3 }), { minLength: n, maxLength: n }),
      fc.array(fc.constantFrom<Distribution>('block', 'cyclic', 'none'), { minLength: n, maxLength: n }),
      fc.array(fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }), { minLength: n, maxLength: n }),
      fc.constantFrom<Order>('C', 'F'),
    ))
    fc.assert(fc.property(arb, ([gsizes, wantedP, distribs, wantedD, order]) => {
      const psizes = wantedP.map((p, i) => (distribs[i] === 'none' ? 1 : p))
      const dargs = wantedD.map((d, i) =>
        distribs[i] === 'block' && d !== null ? Math.max(d, Math.ceil(gsizes[i] / psizes[i])) : d)
      const size = psizes.reduce((a, b) => a * b, 1)
      const total = gsizes.reduce((a, b) => a * b, 1)
      const owner = new Array<number>(total).fill(-1)
      for (let rank = 0; rank < size; rank++) {
        const t = darray(size, rank, gsizes, distribs, dargs, psizes, order, INT8)
        expect([t.lb, t.extent]).toEqual([0, total])
        for (const [offset] of referenceTypemap(t, 1)) {
          expect(owner[offset]).toBe(-1)
          owner[offset] = rank
        }
      }
      expect(owner.every((r) => r >= 0)).toBe(true)
    }), { numRuns: 200, seed: 19 })
  })
})
