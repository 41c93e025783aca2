import { describe, expect, it } from 'vitest'
import { COMPLEX128, CHAR, DOUBLE_INT, FLOAT64, INT16, INT32, INT8, contiguous, resized, struct, vector } from '../src/index.js'
import { boundsOf, pieces, runs } from './helpers.js'

describe('struct', () => {
  it('pads the extent to the largest member alignment and keeps gaps', () => {
    const t = struct([1, 1, 1], [0, 8, 16], [FLOAT64, CHAR, INT32])
    expect(boundsOf(t)).toEqual({ size: 13, lb: 0, ub: 24, extent: 24, trueLb: 0, trueUb: 20, trueExtent: 20 })
    expect(t.alignment).toBe(8)
    expect(runs(t)).toEqual([[0, 9], [16, 4]])
    expect(runs(t, 2)).toEqual([[0, 9], [16, 4], [24, 9], [40, 4]])
    expect(t.signature).toEqual([{ name: 'float64', count: 1 }, { name: 'char', count: 1 }, { name: 'int32', count: 1 }])
  })

  it('pads from a negative lb, mixing blocklengths', () => {
    const t = struct([1, 2], [-6, 0], [INT16, INT32])
    // data spans [-6, 8): 14 bytes, rounded up to 16 (alignment 4).
    expect(boundsOf(t)).toEqual({ size: 10, lb: -6, ub: 10, extent: 16, trueLb: -6, trueUb: 8, trueExtent: 14 })
    expect(runs(t)).toEqual([[-6, 2], [0, 8]])
  })

  it('needs no padding when the data is already a multiple of the alignment', () => {
    expect(struct([2, 4], [0, 2], [INT8, INT8]).extent).toBe(6)
    expect(struct([1, 1], [0, 4], [INT32, INT32]).extent).toBe(8)
  })

  it('aligns complex and pair members to their largest component', () => {
    expect(struct([1, 1], [0, 16], [COMPLEX128, INT8]).extent).toBe(24)
    const withPair = struct([1, 1], [0, 16], [DOUBLE_INT, CHAR])
    expect(boundsOf(withPair)).toEqual({ size: 13, lb: 0, ub: 24, extent: 24, trueLb: 0, trueUb: 17, trueExtent: 17 })
    expect(withPair.elements).toBe(2)
  })

  it('nests: the inner struct brings its padded extent and alignment', () => {
    const inner = struct([1, 1], [0, 8], [FLOAT64, CHAR])
    expect(inner.extent).toBe(16)
    const outer = struct([2, 1], [0, 32], [inner, CHAR])
    expect(boundsOf(outer)).toEqual({ size: 19, lb: 0, ub: 40, extent: 40, trueLb: 0, trueUb: 33, trueExtent: 33 })
    expect(runs(outer)).toEqual([[0, 9], [16, 9], [32, 1]])
    expect(outer.signature).toEqual([
      { name: 'float64', count: 1 }, { name: 'char', count: 1 }, { name: 'float64', count: 1 }, { name: 'char', count: 2 },
    ])
  })

  it('ignores zero-length blocks for bounds and alignment', () => {
    const t = struct([1, 0], [0, 1000], [INT32, FLOAT64])
    expect(boundsOf(t)).toEqual({ size: 4, lb: 0, ub: 4, extent: 4, trueLb: 0, trueUb: 4, trueExtent: 4 })
    expect(t.alignment).toBe(4)
  })
})

describe('resized', () => {
  it('sets lb < 0 and the extent; true bounds stay those of the data', () => {
    const t = resized(INT32, -4, 12)
    expect(boundsOf(t)).toEqual({ size: 4, lb: -4, ub: 8, extent: 12, trueLb: 0, trueUb: 4, trueExtent: 4 })
    expect([t.explicitLb, t.explicitUb]).toEqual([true, true])
    expect(runs(t, 3)).toEqual([[0, 4], [12, 4], [24, 4]])
  })

  it('an extent smaller than the data makes consecutive instances overlap', () => {
    const t = resized(contiguous(4, INT32), 0, 8)
    expect(boundsOf(t)).toEqual({ size: 16, lb: 0, ub: 8, extent: 8, trueLb: 0, trueUb: 16, trueExtent: 16 })
    const three = contiguous(3, t)
    expect(boundsOf(three)).toEqual({ size: 48, lb: 0, ub: 24, extent: 24, trueLb: 0, trueUb: 32, trueExtent: 32 })
    expect(runs(three)).toEqual([[0, 16], [8, 16], [16, 16]])
  })

  it('the classic column type: vector resized to one element', () => {
    const column = resized(vector(3, 1, 4, FLOAT64), 0, 8)
    expect(runs(contiguous(2, column))).toEqual([[0, 8], [32, 8], [64, 8], [8, 8], [40, 8], [72, 8]])
  })

  it('a negative extent repeats downwards', () => {
    const t = contiguous(3, resized(INT16, 0, -4))
    expect(boundsOf(t)).toEqual({ size: 6, lb: -8, ub: -4, extent: 4, trueLb: -8, trueUb: 2, trueExtent: 10 })
    expect(runs(t)).toEqual([[0, 2], [-4, 2], [-8, 2]])
  })

  it('markers are sticky in structs: explicit lb/ub win over the data of other members', () => {
    const marked = resized(INT32, -4, 12) // lb -4, ub 8
    const t = struct([1, 1], [0, 16], [marked, INT32])
    expect(boundsOf(t)).toEqual({ size: 8, lb: -4, ub: 8, extent: 12, trueLb: 0, trueUb: 20, trueExtent: 20 })
    expect([t.explicitLb, t.explicitUb]).toEqual([true, true])
  })

  it('struct bounds are the min and max over all explicit markers, without padding', () => {
    const a = resized(INT32, -4, 12) // [-4, 8)
    const b = resized(INT8, 2, 3) // [2, 5)
    const t = struct([2, 1], [0, 100], [a, b])
    // two instances of a: markers reach 8 + 12 = 20; b at 100: [102, 105)
    expect(boundsOf(t)).toEqual({ size: 9, lb: -4, ub: 105, extent: 109, trueLb: 0, trueUb: 101, trueExtent: 101 })
    expect(pieces(t)).toEqual([[0, 4], [12, 4], [100, 1]])
  })

  it('markers survive nesting: a contiguous of a resized type stays explicit inside a struct', () => {
    const marked = contiguous(2, resized(INT8, 0, 4)) // [0, 8) explicit
    const t = struct([1, 1], [0, 9], [marked, FLOAT64])
    expect(boundsOf(t)).toEqual({ size: 10, lb: 0, ub: 8, extent: 8, trueLb: 0, trueUb: 17, trueExtent: 17 })
  })

  it('resizing a resized type replaces the markers', () => {
    const t = resized(resized(INT32, -4, 12), 2, 6)
    expect(boundsOf(t)).toEqual({ size: 4, lb: 2, ub: 8, extent: 6, trueLb: 0, trueUb: 4, trueExtent: 4 })
  })

  it('a resized empty type has bounds but no data', () => {
    const t = resized(contiguous(0, INT32), 0, 16)
    expect(boundsOf(t)).toEqual({ size: 0, lb: 0, ub: 16, extent: 16, trueLb: 0, trueUb: 0, trueExtent: 0 })
    const s = struct([1, 1], [100, 0], [t, INT8])
    expect(boundsOf(s)).toEqual({ size: 1, lb: 100, ub: 116, extent: 16, trueLb: 0, trueUb: 1, trueExtent: 1 })
  })
})
