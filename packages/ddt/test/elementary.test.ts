import { describe, expect, it } from 'vitest'
import {
  BYTE, CHAR, COMPLEX128, COMPLEX64, DOUBLE_INT, ELEMENTARY_NAMES, FLOAT32, FLOAT64, FLOAT_INT, INT16, INT32, INT64, INT8,
  SHORT_INT, TWO_INT, UINT16, UINT32, UINT64, UINT8, contiguous, elementary,
} from '../src/internal.js'
import { boundsOf, expectMpiError, pieces, runs } from './helpers.js'

describe('elementary types', () => {
  it('have their C sizes, extent = size and alignment = own size', () => {
    const table: Array<[typeof BYTE, number]> = [
      [BYTE, 1], [CHAR, 1], [INT8, 1], [UINT8, 1], [INT16, 2], [UINT16, 2], [INT32, 4], [UINT32, 4],
      [INT64, 8], [UINT64, 8], [FLOAT32, 4], [FLOAT64, 8],
    ]
    for (const [t, size] of table) {
      expect(boundsOf(t)).toEqual({ size, lb: 0, ub: size, extent: size, trueLb: 0, trueUb: size, trueExtent: size })
      expect(t.alignment).toBe(size)
      expect(t.elements).toBe(1)
      expect(t.committed).toBe(true)
    }
  })

  it('complex types are one element aligned to their component', () => {
    expect([COMPLEX64.size, COMPLEX64.extent, COMPLEX64.alignment]).toEqual([8, 8, 4])
    expect([COMPLEX128.size, COMPLEX128.extent, COMPLEX128.alignment]).toEqual([16, 16, 8])
    expect(pieces(COMPLEX128)).toEqual([[0, 16]])
    expect(COMPLEX64.signature).toEqual([{ name: 'complex64', count: 1 }])
  })

  it('pair types have the C struct layouts, gaps included, and count as one element', () => {
    expect(boundsOf(FLOAT_INT)).toEqual({ size: 8, lb: 0, ub: 8, extent: 8, trueLb: 0, trueUb: 8, trueExtent: 8 })
    expect(boundsOf(DOUBLE_INT)).toEqual({ size: 12, lb: 0, ub: 16, extent: 16, trueLb: 0, trueUb: 12, trueExtent: 12 })
    expect(boundsOf(SHORT_INT)).toEqual({ size: 6, lb: 0, ub: 8, extent: 8, trueLb: 0, trueUb: 8, trueExtent: 8 })
    expect(boundsOf(TWO_INT)).toEqual({ size: 8, lb: 0, ub: 8, extent: 8, trueLb: 0, trueUb: 8, trueExtent: 8 })
    expect([FLOAT_INT.alignment, DOUBLE_INT.alignment, SHORT_INT.alignment, TWO_INT.alignment]).toEqual([4, 8, 4, 4])
    expect(pieces(SHORT_INT)).toEqual([[0, 2], [4, 4]])
    expect(pieces(DOUBLE_INT)).toEqual([[0, 8], [8, 4]])
    for (const t of [FLOAT_INT, DOUBLE_INT, SHORT_INT, TWO_INT]) {
      expect(t.elements).toBe(1)
      expect(t.signature).toEqual([{ name: t.spec, count: 1 }])
    }
  })

  it('repeat pair types at their padded extent', () => {
    const t = contiguous(2, DOUBLE_INT)
    expect(boundsOf(t)).toEqual({ size: 24, lb: 0, ub: 32, extent: 32, trueLb: 0, trueUb: 28, trueExtent: 28 })
    expect(runs(t)).toEqual([[0, 12], [16, 12]])
    expect(t.elements).toBe(2)
    expect(t.signature).toEqual([{ name: 'double_int', count: 2 }])
  })

  it('elementary(name) finds all 18 names and rejects others with ERR_TYPE', () => {
    expect(ELEMENTARY_NAMES.length).toBe(18)
    for (const name of ELEMENTARY_NAMES) expect(elementary(name).spec).toBe(name)
    expect(elementary('2int')).toBe(TWO_INT)
    expectMpiError(() => elementary('int128'), 'ERR_TYPE', "unknown elementary type 'int128'")
  })
})
