import { describe, expect, it } from 'vitest'
import {
  FLOAT64, INT16, INT32, INT8, contiguous, dup, hindexed, hindexedBlock, hvector, indexed, indexedBlock, resized, struct, vector,
} from '../src/index.js'
import { boundsOf, pieces, runs } from './helpers.js'

describe('contiguous', () => {
  it('places count copies one extent apart', () => {
    const t = contiguous(3, INT32)
    expect(boundsOf(t)).toEqual({ size: 12, lb: 0, ub: 12, extent: 12, trueLb: 0, trueUb: 12, trueExtent: 12 })
    expect(pieces(t)).toEqual([[0, 4], [4, 4], [8, 4]])
    expect(runs(t, 2)).toEqual([[0, 24]])
    expect(t.lowered).toEqual({ kind: 'contig', count: 3, child: INT32 })
  })

  it('follows the lb and extent of a resized oldtype', () => {
    const t = contiguous(2, resized(INT32, -4, 8))
    expect(boundsOf(t)).toEqual({ size: 8, lb: -4, ub: 12, extent: 16, trueLb: 0, trueUb: 12, trueExtent: 12 })
    expect(runs(t)).toEqual([[0, 4], [8, 4]])
  })
})

describe('vector and hvector', () => {
  it('vector strides in oldtype extents', () => {
    const t = vector(3, 2, 4, INT32)
    expect(boundsOf(t)).toEqual({ size: 24, lb: 0, ub: 40, extent: 40, trueLb: 0, trueUb: 40, trueExtent: 40 })
    expect(runs(t)).toEqual([[0, 8], [16, 8], [32, 8]])
    expect(t.lowered).toEqual({ kind: 'hvector', count: 3, blocklength: 2, stride: 16, child: INT32 })
    // A second instance starts at the extent (40), right where the last block ends.
    expect(runs(t, 2)).toEqual([[0, 8], [16, 8], [32, 16], [56, 8], [72, 8]])
  })

  it('vector with a negative stride walks down from displacement 0', () => {
    const t = vector(3, 2, -3, FLOAT64)
    expect(boundsOf(t)).toEqual({ size: 48, lb: -48, ub: 16, extent: 64, trueLb: -48, trueUb: 16, trueExtent: 64 })
    expect(runs(t)).toEqual([[0, 16], [-24, 16], [-48, 16]])
    expect(runs(t, 2)).toEqual([[0, 16], [-24, 16], [-48, 16], [64, 16], [40, 16], [16, 16]])
  })

  it('hvector strides in bytes, negative and unaligned', () => {
    const t = hvector(2, 1, -6, INT16)
    expect(boundsOf(t)).toEqual({ size: 4, lb: -6, ub: 2, extent: 8, trueLb: -6, trueUb: 2, trueExtent: 8 })
    expect(runs(t)).toEqual([[0, 2], [-6, 2]])
    expect(runs(hvector(3, 1, 3, INT16))).toEqual([[0, 2], [3, 2], [6, 2]])
  })

  it('a stride smaller than the block overlaps blocks', () => {
    const t = vector(2, 3, 1, INT8)
    expect(boundsOf(t)).toEqual({ size: 6, lb: 0, ub: 4, extent: 4, trueLb: 0, trueUb: 4, trueExtent: 4 })
    expect(runs(t)).toEqual([[0, 3], [1, 3]])
  })
})

describe('indexed family', () => {
  it('indexed: displacements in extents, negative ones, zero-length blocks add nothing', () => {
    const t = indexed([2, 0, 1], [3, -9, -5], INT32)
    expect(boundsOf(t)).toEqual({ size: 12, lb: -20, ub: 20, extent: 40, trueLb: -20, trueUb: 20, trueExtent: 40 })
    expect(runs(t)).toEqual([[12, 8], [-20, 4]])
    expect(t.elements).toBe(3)
    expect(t.lowered).toEqual({ kind: 'hindexed', blocklengths: [2, 0, 1], displs: [12, -36, -20], child: INT32 })
  })

  it('hindexed: displacements in bytes, pieces merge in typemap order only', () => {
    const t = hindexed([1, 2], [10, -3], INT16)
    // data spans -3..12 (15 bytes), padded to int16's alignment: ub 13
    expect(boundsOf(t)).toEqual({ size: 6, lb: -3, ub: 13, extent: 16, trueLb: -3, trueUb: 12, trueExtent: 15 })
    expect(pieces(t)).toEqual([[10, 2], [-3, 2], [-1, 2]])
    expect(runs(t)).toEqual([[10, 2], [-3, 4]])
  })

  it('indexedBlock: one blocklength, displacements in extents', () => {
    const t = indexedBlock(2, [4, 0, -2], INT16)
    expect(boundsOf(t)).toEqual({ size: 12, lb: -4, ub: 12, extent: 16, trueLb: -4, trueUb: 12, trueExtent: 16 })
    expect(runs(t)).toEqual([[8, 4], [0, 4], [-4, 4]])
    expect(t.lowered).toEqual({ kind: 'hindexedBlock', blocklength: 2, displs: [8, 0, -4], child: INT16 })
  })

  it('hindexedBlock: displacements in bytes', () => {
    const t = hindexedBlock(1, [8, 0, -5], FLOAT64)
    // data spans -5..16 (21 bytes), padded to float64's alignment: extent 24
    expect(boundsOf(t)).toEqual({ size: 24, lb: -5, ub: 19, extent: 24, trueLb: -5, trueUb: 16, trueExtent: 21 })
    expect(runs(t)).toEqual([[8, 8], [0, 8], [-5, 8]])
  })
})

describe('zero counts', () => {
  const empty = { size: 0, lb: 0, ub: 0, extent: 0, trueLb: 0, trueUb: 0, trueExtent: 0 }
  it('every constructor with nothing in it is an empty type at 0', () => {
    for (const t of [
      contiguous(0, FLOAT64), vector(0, 2, 5, INT32), vector(3, 0, 5, INT32), hvector(2, 0, -7, INT32),
      indexed([], [], INT32), indexed([0, 0], [4, -4], INT32), hindexed([0], [100], INT8),
      indexedBlock(0, [3, 9], INT32), hindexedBlock(2, [], INT32), struct([], [], []), struct([0, 0], [8, -8], [INT32, FLOAT64]),
      contiguous(5, contiguous(0, INT32)),
    ]) {
      expect(boundsOf(t)).toEqual(empty)
      expect(t.elements).toBe(0)
      expect(t.signature).toEqual([])
      expect(pieces(t, 3)).toEqual([])
    }
  })

  it('an empty struct member keeps its place in the bounds, not in the true bounds or the alignment', () => {
    const t = struct([1, 1], [4, 100], [INT32, contiguous(0, FLOAT64)])
    expect(boundsOf(t)).toEqual({ size: 4, lb: 4, ub: 100, extent: 96, trueLb: 4, trueUb: 8, trueExtent: 4 })
    expect(t.alignment).toBe(4)
  })
})

describe('dup', () => {
  it('has the bounds, signature and typemap of its oldtype and keeps its committed state', () => {
    const old = vector(2, 1, -3, INT32)
    const copy = dup(old)
    expect(boundsOf(copy)).toEqual(boundsOf(old))
    expect(copy.signature).toEqual(old.signature)
    expect(runs(copy, 2)).toEqual(runs(old, 2))
    expect(copy.spec).toEqual({ kind: 'dup', oldtype: old.spec })
    expect(copy.committed).toBe(false)
    expect(dup(old.commit()).committed).toBe(true)
    expect(dup(FLOAT64).signature).toEqual([{ name: 'float64', count: 1 }])
  })
})
