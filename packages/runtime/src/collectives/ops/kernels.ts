// Element kernels of the predefined ops over packed bytes: inout[i] = input[i] ∘ inout[i] for
// `n` consecutive elements of one elementary type. DataViews read little-endian values at any
// alignment (packed streams of struct types are not aligned); the setters wrap integers to
// their width, which is C's unsigned arithmetic and the usual two's-complement result.

import type { ElementaryName } from '@spinmpi/ddt'
import {
  OP_BAND, OP_BOR, OP_BXOR, OP_LAND, OP_LOR, OP_LXOR, OP_MAX, OP_MAXLOC, OP_MIN, OP_PROD, OP_SUM,
} from './op.js'

/** A combined integer value (the setter truncates it to the element's width). */
function combineInt(code: number, x: number, y: number): number {
  switch (code) {
    case OP_SUM: return x + y
    case OP_PROD: return Math.imul(x, y)
    case OP_MIN: return x < y ? x : y
    case OP_MAX: return x > y ? x : y
    case OP_LAND: return x !== 0 && y !== 0 ? 1 : 0
    case OP_LOR: return x !== 0 || y !== 0 ? 1 : 0
    case OP_LXOR: return (x !== 0) !== (y !== 0) ? 1 : 0
    case OP_BAND: return x & y
    case OP_BOR: return x | y
    default: return x ^ y
  }
}

function combineBig(code: number, x: bigint, y: bigint): bigint {
  switch (code) {
    case OP_SUM: return x + y
    case OP_PROD: return x * y
    case OP_MIN: return x < y ? x : y
    case OP_MAX: return x > y ? x : y
    case OP_LAND: return x !== 0n && y !== 0n ? 1n : 0n
    case OP_LOR: return x !== 0n || y !== 0n ? 1n : 0n
    case OP_LXOR: return (x !== 0n) !== (y !== 0n) ? 1n : 0n
    case OP_BAND: return x & y
    case OP_BOR: return x | y
    default: return x ^ y
  }
}

function combineFloat(code: number, x: number, y: number): number {
  switch (code) {
    case OP_SUM: return x + y
    case OP_PROD: return x * y
    case OP_MIN: return Math.min(x, y)
    default: return Math.max(x, y)
  }
}

function intRun(code: number, name: ElementaryName, a: DataView, ao: number, b: DataView, bo: number, n: number): void {
  switch (name) {
    case 'int8': case 'char':
      for (let i = 0; i < n; i++) b.setInt8(bo + i, combineInt(code, a.getInt8(ao + i), b.getInt8(bo + i)))
      return
    case 'uint8': case 'byte':
      for (let i = 0; i < n; i++) b.setUint8(bo + i, combineInt(code, a.getUint8(ao + i), b.getUint8(bo + i)))
      return
    case 'int16':
      for (let i = 0; i < 2 * n; i += 2) b.setInt16(bo + i, combineInt(code, a.getInt16(ao + i, true), b.getInt16(bo + i, true)), true)
      return
    case 'uint16':
      for (let i = 0; i < 2 * n; i += 2) b.setUint16(bo + i, combineInt(code, a.getUint16(ao + i, true), b.getUint16(bo + i, true)), true)
      return
    case 'int32':
      for (let i = 0; i < 4 * n; i += 4) b.setInt32(bo + i, combineInt(code, a.getInt32(ao + i, true), b.getInt32(bo + i, true)), true)
      return
    default:
      // uint32: MIN/MAX compare the unsigned values; the others only need the low 32 bits.
      for (let i = 0; i < 4 * n; i += 4) b.setUint32(bo + i, combineInt(code, a.getUint32(ao + i, true), b.getUint32(bo + i, true)), true)
  }
}

function int64Run(code: number, signed: boolean, a: DataView, ao: number, b: DataView, bo: number, n: number): void {
  for (let i = 0; i < 8 * n; i += 8) {
    if (signed) b.setBigInt64(bo + i, combineBig(code, a.getBigInt64(ao + i, true), b.getBigInt64(bo + i, true)), true)
    else b.setBigUint64(bo + i, combineBig(code, a.getBigUint64(ao + i, true), b.getBigUint64(bo + i, true)), true)
  }
}

function floatRun(code: number, wide: boolean, a: DataView, ao: number, b: DataView, bo: number, n: number): void {
  if (wide) {
    for (let i = 0; i < 8 * n; i += 8) b.setFloat64(bo + i, combineFloat(code, a.getFloat64(ao + i, true), b.getFloat64(bo + i, true)), true)
  } else {
    for (let i = 0; i < 4 * n; i += 4) b.setFloat32(bo + i, combineFloat(code, a.getFloat32(ao + i, true), b.getFloat32(bo + i, true)), true)
  }
}

function complexRun(code: number, wide: boolean, a: DataView, ao: number, b: DataView, bo: number, n: number): void {
  const half = wide ? 8 : 4
  const get = wide ? (v: DataView, o: number) => v.getFloat64(o, true) : (v: DataView, o: number) => v.getFloat32(o, true)
  const set = wide ? (v: DataView, o: number, x: number) => v.setFloat64(o, x, true) : (v: DataView, o: number, x: number) => v.setFloat32(o, x, true)
  for (let i = 0; i < 2 * half * n; i += 2 * half) {
    const xr = get(a, ao + i), xi = get(a, ao + i + half)
    const yr = get(b, bo + i), yi = get(b, bo + i + half)
    if (code === OP_PROD) {
      set(b, bo + i, xr * yr - xi * yi)
      set(b, bo + i + half, xr * yi + xi * yr)
    } else {
      set(b, bo + i, xr + yr)
      set(b, bo + i + half, xi + yi)
    }
  }
}

/** MINLOC/MAXLOC on (value, int32 index) pairs: the better value wins, ties take the lower index. */
function pairRun(code: number, name: ElementaryName, a: DataView, ao: number, b: DataView, bo: number, n: number): void {
  const valueBytes = name === 'double_int' ? 8 : name === 'short_int' ? 2 : 4
  const size = valueBytes + 4
  const read = (v: DataView, o: number): number => {
    switch (name) {
      case 'float_int': return v.getFloat32(o, true)
      case 'double_int': return v.getFloat64(o, true)
      case 'short_int': return v.getInt16(o, true)
      default: return v.getInt32(o, true)
    }
  }
  const wantMax = code === OP_MAXLOC
  for (let i = 0; i < size * n; i += size) {
    const x = read(a, ao + i), y = read(b, bo + i)
    const xi = a.getInt32(ao + i + valueBytes, true), yi = b.getInt32(bo + i + valueBytes, true)
    const xBetter = wantMax ? x > y : x < y
    if (xBetter) {
      for (let k = 0; k < valueBytes; k++) b.setUint8(bo + i + k, a.getUint8(ao + i + k))
      b.setInt32(bo + i + valueBytes, xi, true)
    } else if (x === y && xi < yi) {
      b.setInt32(bo + i + valueBytes, xi, true)
    }
  }
}

/** Applies predefined op `code` to `n` elements of `name` at byte offsets `ao` (input) and `bo` (inout). */
export function combineElements(code: number, name: ElementaryName, a: DataView, ao: number, b: DataView, bo: number, n: number): void {
  switch (name) {
    case 'int64': return int64Run(code, true, a, ao, b, bo, n)
    case 'uint64': return int64Run(code, false, a, ao, b, bo, n)
    case 'float32': return floatRun(code, false, a, ao, b, bo, n)
    case 'float64': return floatRun(code, true, a, ao, b, bo, n)
    case 'complex64': return complexRun(code, false, a, ao, b, bo, n)
    case 'complex128': return complexRun(code, true, a, ao, b, bo, n)
    case 'float_int': case 'double_int': case 'short_int': case '2int': return pairRun(code, name, a, ao, b, bo, n)
    default: return intRun(code, name, a, ao, b, bo, n)
  }
}
