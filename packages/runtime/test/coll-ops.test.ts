import { COMPLEX128, COMPLEX64, DOUBLE_INT, FLOAT32, FLOAT64, INT16, INT32, INT64, INT8, MpiError, SHORT_INT, UINT32, UINT64, UINT8, BYTE, struct, contiguous } from '@spinmpi/ddt'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BAND, BOR, BXOR, LAND, LOR, LXOR, MAX, MAXLOC, MIN, MINLOC, PROD, SUM, checkOp, createOp, reduceLocal, reductionFlops, reductionPs, resolveOp,
} from '../src/collectives/ops/index.js'
import type { Op } from '../src/collectives/ops/index.js'

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength)

/** Applies op to typed arrays: returns input ∘ inout. */
function apply<T extends Int8Array | Uint8Array | Int16Array | Int32Array | Uint32Array | Float32Array | Float64Array | BigInt64Array | BigUint64Array>(
  op: Op, type: Parameters<typeof reduceLocal>[1], input: T, inout: T, count = input.length,
): T {
  const out = inout.slice() as T
  reduceLocal(op, type, count, bytesOf(input), 0, bytesOf(out), 0)
  return out
}

describe('predefined ops on elementary types', () => {
  it('int32: every integer op, with C wrap-around', () => {
    const a = Int32Array.from([5, -3, 0, 2147483647, 6, 12])
    const b = Int32Array.from([7, 4, 9, 1, 3, 10])
    expect([...apply(SUM, INT32, a, b)]).toEqual([12, 1, 9, -2147483648, 9, 22])
    expect([...apply(PROD, INT32, a, b)]).toEqual([35, -12, 0, 2147483647, 18, 120])
    expect([...apply(MIN, INT32, a, b)]).toEqual([5, -3, 0, 1, 3, 10])
    expect([...apply(MAX, INT32, a, b)]).toEqual([7, 4, 9, 2147483647, 6, 12])
    expect([...apply(LAND, INT32, a, b)]).toEqual([1, 1, 0, 1, 1, 1])
    expect([...apply(LOR, INT32, Int32Array.from([0, 0, 3]), Int32Array.from([0, 2, 0]))]).toEqual([0, 1, 1])
    expect([...apply(LXOR, INT32, Int32Array.from([0, 0, 3, 1]), Int32Array.from([0, 2, 0, 5]))]).toEqual([0, 1, 1, 0])
    expect([...apply(BAND, INT32, a, b)]).toEqual([5 & 7, -3 & 4, 0, 2147483647 & 1, 6 & 3, 12 & 10])
    expect([...apply(BOR, INT32, a, b)]).toEqual([5 | 7, -3 | 4, 9, 2147483647, 7, 14])
    expect([...apply(BXOR, INT32, a, b)]).toEqual([2, -3 ^ 4, 9, 2147483646, 5, 6])
  })

  it('small and unsigned integers wrap to their width; uint32 compares unsigned', () => {
    expect([...apply(SUM, INT8, Int8Array.from([100, -128]), Int8Array.from([100, -1]))]).toEqual([-56, 127])
    expect([...apply(PROD, INT16, Int16Array.from([300]), Int16Array.from([300]))]).toEqual([(90000 << 16) >> 16])
    expect([...apply(SUM, UINT8, Uint8Array.from([200]), Uint8Array.from([100]))]).toEqual([44])
    expect([...apply(MAX, UINT32, Uint32Array.from([0xffffffff, 1]), Uint32Array.from([2, 0x80000000]))]).toEqual([0xffffffff, 0x80000000])
    expect([...apply(PROD, UINT32, Uint32Array.from([0x10000]), Uint32Array.from([0x10001]))]).toEqual([0x10000])
    expect([...apply(BXOR, BYTE, Uint8Array.from([0xf0]), Uint8Array.from([0x3c]))]).toEqual([0xcc])
  })

  it('64-bit integers with BigInt arithmetic', () => {
    const big = 2n ** 62n
    expect([...apply(SUM, INT64, BigInt64Array.from([big, -5n]), BigInt64Array.from([big, 3n]))]).toEqual([-(2n ** 63n), -2n])
    expect([...apply(PROD, UINT64, BigUint64Array.from([2n ** 32n + 1n]), BigUint64Array.from([2n ** 32n]))]).toEqual([2n ** 32n])
    expect([...apply(MIN, INT64, BigInt64Array.from([-7n]), BigInt64Array.from([4n]))]).toEqual([-7n])
  })

  it('floating point SUM, PROD, MIN, MAX; float32 rounds to single precision', () => {
    expect([...apply(SUM, FLOAT64, Float64Array.from([1.5, -2]), Float64Array.from([0.25, 8]))]).toEqual([1.75, 6])
    expect([...apply(PROD, FLOAT64, Float64Array.from([1.5, -2]), Float64Array.from([0.25, 8]))]).toEqual([0.375, -16])
    expect([...apply(MIN, FLOAT64, Float64Array.from([1.5, -2]), Float64Array.from([0.25, 8]))]).toEqual([0.25, -2])
    expect([...apply(MAX, FLOAT32, Float32Array.from([1.5, -2]), Float32Array.from([0.25, 8]))]).toEqual([1.5, 8])
    expect([...apply(SUM, FLOAT32, Float32Array.from([0.1]), Float32Array.from([0.2]))]).toEqual([Math.fround(Math.fround(0.1) + Math.fround(0.2))])
  })

  it('complex SUM and PROD: (1+2i)(3-1i) = 5+5i', () => {
    expect([...apply(PROD, COMPLEX128, Float64Array.from([1, 2]), Float64Array.from([3, -1]), 1)]).toEqual([5, 5])
    expect([...apply(SUM, COMPLEX128, Float64Array.from([1, 2]), Float64Array.from([3, -1]), 1)]).toEqual([4, 1])
    expect([...apply(PROD, COMPLEX64, Float32Array.from([0, 1, 2, 0]), Float32Array.from([0, 1, 0.5, 4]), 2)]).toEqual([-1, 0, 1, 8])
  })

  it('MINLOC/MAXLOC on pair types pick the better value, ties the lower index', () => {
    // double_int packs as float64 then int32 (12 bytes).
    const pairs = (vals: [number, number][]) => {
      const b = new Uint8Array(12 * vals.length)
      const v = new DataView(b.buffer)
      vals.forEach(([x, i], k) => { v.setFloat64(12 * k, x, true); v.setInt32(12 * k + 8, i, true) })
      return b
    }
    const read = (b: Uint8Array) => {
      const v = new DataView(b.buffer)
      return Array.from({ length: b.length / 12 }, (_, k) => [v.getFloat64(12 * k, true), v.getInt32(12 * k + 8, true)])
    }
    const a = pairs([[1, 5], [3, 2], [4, 9]])
    const b = pairs([[2, 1], [3, 7], [4, 0]])
    const lo = b.slice()
    reduceLocal(MINLOC, DOUBLE_INT, 3, a, 0, lo, 0)
    expect(read(lo)).toEqual([[1, 5], [3, 2], [4, 0]])
    const hi = b.slice()
    reduceLocal(MAXLOC, DOUBLE_INT, 3, a, 0, hi, 0)
    expect(read(hi)).toEqual([[2, 1], [3, 2], [4, 0]])
    // short_int packs as int16 then int32 (6 bytes, unaligned int32).
    const s = new Uint8Array(6), t = new Uint8Array(6)
    new DataView(s.buffer).setInt16(0, -4, true); new DataView(s.buffer).setInt32(2, 11, true)
    new DataView(t.buffer).setInt16(0, 9, true); new DataView(t.buffer).setInt32(2, 3, true)
    reduceLocal(MINLOC, SHORT_INT, 1, s, 0, t, 0)
    expect([new DataView(t.buffer).getInt16(0, true), new DataView(t.buffer).getInt32(2, true)]).toEqual([-4, 11])
  })

  it('derived types reduce element by element over the packed signature (unaligned runs)', () => {
    const t = struct([1, 2], [0, 8], [INT8, FLOAT64]).commit() // packs as int8, f64, f64 = 17 B
    const a = new Uint8Array(34), b = new Uint8Array(34)
    const va = new DataView(a.buffer), vb = new DataView(b.buffer)
    for (let k = 0; k < 2; k++) {
      va.setInt8(17 * k, 10 + k); va.setFloat64(17 * k + 1, 1.5, true); va.setFloat64(17 * k + 9, k, true)
      vb.setInt8(17 * k, 1); vb.setFloat64(17 * k + 1, 2, true); vb.setFloat64(17 * k + 9, 4, true)
    }
    reduceLocal(SUM, t, 2, a, 0, b, 0)
    expect([vb.getInt8(0), vb.getFloat64(1, true), vb.getFloat64(9, true), vb.getInt8(17), vb.getFloat64(18, true), vb.getFloat64(26, true)])
      .toEqual([11, 3.5, 4, 12, 3.5, 5])
  })

  it('ops undefined on a type are ERR_TYPE naming op and element; bad op names ERR_ARG', () => {
    expect(() => checkOp(MIN, COMPLEX64, 'reduce(root=0)')).toThrow('reduce(root=0): op MIN is not defined on elements of type complex64')
    expect(() => checkOp(LAND, FLOAT64, 'x')).toThrow(MpiError)
    expect(() => checkOp(SUM, BYTE, 'x')).toThrow('op SUM is not defined on elements of type byte')
    expect(() => checkOp(MINLOC, INT32, 'x')).toThrow('MINLOC')
    expect(() => checkOp(SUM, contiguous(3, FLOAT64), 'x')).not.toThrow()
    expect(() => resolveOp('AVG' as 'SUM', 'allreduce')).toThrow("allreduce: op 'AVG' is not a predefined op")
    try { resolveOp('AVG' as 'SUM', 'w') } catch (e) { expect((e as MpiError).errorClass).toBe('ERR_ARG') }
  })

  it('user ops receive packed input/inout and may be non-commutative', () => {
    // a ∘ b = 10a + b on int32 digits: order matters.
    const concat = createOp((input, inout, count) => {
      const a = new DataView(input.buffer, input.byteOffset), b = new DataView(inout.buffer, inout.byteOffset)
      for (let i = 0; i < count; i++) b.setInt32(4 * i, 10 * a.getInt32(4 * i, true) + b.getInt32(4 * i, true), true)
    }, { commute: false, name: 'concat' })
    expect(concat.commute).toBe(false)
    expect([...apply(concat, INT32, Int32Array.from([1, 4]), Int32Array.from([2, 5]))]).toEqual([12, 45])
    const plain = resolveOp({ name: 'p', commute: true, fn: (i, io) => { io[0] = i[0] + io[0] } }, 'w')
    expect(plain.kind).toBe('user')
    expect([...apply(plain, UINT8, Uint8Array.from([3]), Uint8Array.from([4]))]).toEqual([7])
  })

  it('cost: one flop per element (2 and 6 for complex SUM/PROD) at the host flop rate', () => {
    expect(reductionFlops(SUM, FLOAT64, 1000)).toBe(1000)
    expect(reductionFlops(PROD, COMPLEX128, 10)).toBe(60)
    expect(reductionFlops(SUM, COMPLEX64, 10)).toBe(20)
    expect(reductionFlops(SUM, contiguous(4, INT32), 3)).toBe(12)
    // 1000 flops at 0.5 flop/ns = 2000 ns = 2e6 ps.
    expect(reductionPs(SUM, FLOAT64, 1000, 0.5)).toBe(2_000_000)
  })

  it('integer SUM is associative and commutative under wrap (property)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: 3, maxLength: 3 }), ([x, y, z]) => {
      const one = (v: number) => Int32Array.from([v])
      const left = apply(SUM, INT32, apply(SUM, INT32, one(x), one(y)), one(z))
      const right = apply(SUM, INT32, one(x), apply(SUM, INT32, one(y), one(z)))
      expect(left[0]).toBe(right[0])
      expect(left[0]).toBe((x + y + z) | 0)
    }))
  })
})
