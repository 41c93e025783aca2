import { describe, expect, it } from 'vitest'
import { INT16, INT32, INT8, contiguous, resized, struct, subarray } from '../src/index.js'
import { boundsOf, pieces, runs } from './helpers.js'

describe('subarray', () => {
  it('2-D, C order: rows of the block, lb 0 and extent of the whole array', () => {
    // 4 x 5 int32, rows 1..2, columns 1..3: element (i, j) at 4 * (5i + j)
    const t = subarray([4, 5], [2, 3], [1, 1], 'C', INT32)
    expect(boundsOf(t)).toEqual({ size: 24, lb: 0, ub: 80, extent: 80, trueLb: 24, trueUb: 56, trueExtent: 32 })
    expect([t.explicitLb, t.explicitUb]).toEqual([true, true])
    expect(runs(t)).toEqual([[24, 12], [44, 12]])
    expect(runs(t, 2)).toEqual([[24, 12], [44, 12], [104, 12], [124, 12]])
  })

  it('2-D, Fortran order: the first dimension varies fastest', () => {
    // element (i, j) at 4 * (i + 4j): i in 1..2, j in 1..3
    const t = subarray([4, 5], [2, 3], [1, 1], 'F', INT32)
    expect(boundsOf(t)).toEqual({ size: 24, lb: 0, ub: 80, extent: 80, trueLb: 20, trueUb: 60, trueExtent: 40 })
    expect(runs(t)).toEqual([[20, 8], [36, 8], [52, 8]])
  })

  it('1-D is a displaced contiguous run', () => {
    expect(runs(subarray([10], [3], [7], 'C', INT16))).toEqual([[14, 6]])
    expect(runs(subarray([10], [3], [7], 'F', INT16))).toEqual([[14, 6]])
    expect(boundsOf(subarray([3], [3], [0], 'C', INT32)))
      .toEqual({ size: 12, lb: 0, ub: 12, extent: 12, trueLb: 0, trueUb: 12, trueExtent: 12 })
  })

  it('3-D in both orders', () => {
    // C: (i, j, k) at 12i + 4j + k; i = 1, j in 1..2, k in 2..3
    const c = subarray([2, 3, 4], [1, 2, 2], [1, 1, 2], 'C', INT8)
    expect(pieces(c)).toEqual([[18, 1], [19, 1], [22, 1], [23, 1]])
    expect(boundsOf(c)).toEqual({ size: 4, lb: 0, ub: 24, extent: 24, trueLb: 18, trueUb: 24, trueExtent: 6 })
    // F: (i, j, k) at i + 2j + 6k, i fastest
    const f = subarray([2, 3, 4], [1, 2, 2], [1, 1, 2], 'F', INT8)
    expect(pieces(f)).toEqual([[15, 1], [17, 1], [21, 1], [23, 1]])
    expect(boundsOf(f)).toEqual({ size: 4, lb: 0, ub: 24, extent: 24, trueLb: 15, trueUb: 24, trueExtent: 9 })
  })

  it('4-D in both orders', () => {
    // C: (a, b, c, d) at 8a + 4b + 2c + d elements of 2 bytes; a = 1, b in 0..1, c = 1, d in 0..1
    const c = subarray([2, 2, 2, 2], [1, 2, 1, 2], [1, 0, 1, 0], 'C', INT16)
    expect(runs(c)).toEqual([[20, 4], [28, 4]])
    expect(c.extent).toBe(32)
    // F: at a + 2b + 4c + 8d; a = 1, b in 0..1, c = 1, d in 0..1
    const f = subarray([2, 2, 2, 2], [1, 2, 1, 2], [1, 0, 1, 0], 'F', INT16)
    expect(pieces(f)).toEqual([[10, 2], [14, 2], [26, 2], [30, 2]])
    expect(f.extent).toBe(32)
    // a 3 x 2 x 2 x 3 block of a 4 x 3 x 2 x 5 int8 array, C order: 6 runs of 3 per (a, b)
    const big = subarray([4, 3, 2, 5], [3, 2, 2, 3], [1, 1, 0, 2], 'C', INT8)
    const expected: number[][] = []
    for (let a = 1; a <= 3; a++) for (let b = 1; b <= 2; b++) for (let cc = 0; cc <= 1; cc++) expected.push([30 * a + 10 * b + 5 * cc + 2, 3])
    expect(runs(big)).toEqual(expected)
    expect(big.size).toBe(36)
    expect(big.extent).toBe(120)
  })

  it('uses the extent of the oldtype as the element pitch and is lb 0 regardless of its lb', () => {
    const padded = resized(INT8, -1, 2)
    const t = subarray([4], [2], [1], 'C', padded)
    expect(pieces(t)).toEqual([[2, 1], [4, 1]])
    expect(boundsOf(t)).toEqual({ size: 2, lb: 0, ub: 8, extent: 8, trueLb: 2, trueUb: 5, trueExtent: 3 })
  })

  it('is sticky inside a struct (its markers are explicit)', () => {
    const t = struct([1, 1], [0, 100], [subarray([4], [1], [3], 'C', INT32), INT8])
    expect(boundsOf(t)).toEqual({ size: 5, lb: 0, ub: 16, extent: 16, trueLb: 12, trueUb: 101, trueExtent: 89 })
  })

  it('a contiguous of a subarray tiles whole arrays', () => {
    expect(runs(contiguous(2, subarray([2, 2], [1, 1], [1, 1], 'C', INT32)))).toEqual([[12, 4], [28, 4]])
  })
})
