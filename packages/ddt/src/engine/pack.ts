// pack / unpack / packSize, whole or over a byte range of the packed stream.
// Whole transfers run the type's generated kernel; ranges (and types too large to generate)
// are driven by a segment.

import type { Datatype } from '../datatype.js'
import { checkRoom, checkTypemapInside } from './bounds-check.js'
import { arenaOf } from './arena.js'
import { compiledCommitted, type CompiledType } from './compile.js'
import { copyBytes } from './copy.js'
import { byteView, grainFor, kernelFor, unitView, viewsFor, wordView } from './kernels.js'
import { Segment } from './segment.js'
import { checkCount, checkInt, checkOffset, checkRange, checkSpan } from './validate.js'

/** Bytes `count` instances of `type` pack into. */
export function packSize(type: Datatype, count: number): number {
  checkSpan(type, checkCount(count))
  return count * type.size
}

function typeGrain(c: CompiledType, count: number): number {
  const e = Math.abs(c.type.extent)
  const extentGrain = count <= 1 || e % 8 === 0 ? 8 : e % 4 === 0 ? 4 : 1
  return Math.min(c.info.grain, extentGrain)
}

const INT32_MAX = 0x7fffffff

interface Checked {
  readonly c: CompiledType
  readonly size: number
}

function prepare(where: string, type: Datatype, count: number, buf: Uint8Array, origin: number): Checked {
  const c = compiledCommitted(type, where)
  checkCount(count)
  checkInt(origin, 'origin')
  checkTypemapInside(c, count, buf, origin, 'buf')
  return { c, size: c.info.size * count }
}

function runWhole(c: CompiledType, dir: 'pack' | 'unpack', count: number, buf: Uint8Array, origin: number, packed: Uint8Array, packedAt: number): boolean {
  const bufAt = buf.byteOffset + origin
  const pAt = packed.byteOffset + packedAt
  // both buffers in one PackArena: its wasm kernel, if the type's runs are long enough for it
  const arena = arenaOf(buf, packed)
  if (arena?.kernel !== undefined) {
    const t = arena.tableFor(c)
    if (t !== null) {
      arena.kernel(t.at, t.runs, count, count <= 1 ? 0 : c.type.extent, bufAt, pAt, dir === 'pack' ? 0 : 1, arena.bulkFromBytes)
      return true
    }
  }
  const g = grainFor(typeGrain(c, count), bufAt, pAt)
  // kernels index in int32 (see codegen.ts): larger buffers or counts take the segment path
  if (buf.buffer.byteLength > INT32_MAX || packed.buffer.byteLength > INT32_MAX || count > INT32_MAX) return false
  const k = kernelFor(c, g, dir)
  if (k === undefined) return false
  // integer quotients (g divides each), passed as int32 so the kernel's arithmetic stays integer
  const extent = count <= 1 ? 0 : (c.type.extent / g) | 0
  const b = (bufAt / g) | 0, p = (pAt / g) | 0
  // the native copies' source views: kept per source buffer and position (see viewsFor)
  const views = dir === 'pack' ? viewsFor(k, buf.buffer, b) : viewsFor(k, packed.buffer, p)
  k.run(unitView(buf, g), unitView(packed, g), b, p, count, extent, k.table, byteView(buf), byteView(packed), wordView(buf), wordView(packed), views)
  return true
}

/** Packs `count` instances from `buf` (type origin at index `origin`) into `out` at `outOffset`; returns bytes written. */
export function pack(type: Datatype, count: number, buf: Uint8Array, origin: number, out: Uint8Array, outOffset = 0): number {
  const { c, size } = prepare('pack', type, count, buf, origin)
  checkOffset(outOffset, 'outOffset')
  checkRoom(out, outOffset, size, 'out')
  if (size === 0) return 0
  if (!runWhole(c, 'pack', count, buf, origin, out, outOffset)) packRange(type, count, buf, origin, 0, size, out, outOffset)
  return size
}

/** Unpacks `count` instances from `packed` at `packedOffset` into `buf`; returns bytes read. */
export function unpack(type: Datatype, count: number, packed: Uint8Array, packedOffset: number, buf: Uint8Array, origin: number): number {
  const { c, size } = prepare('unpack', type, count, buf, origin)
  checkOffset(packedOffset, 'packedOffset')
  checkRoom(packed, packedOffset, size, 'packed')
  if (size === 0) return 0
  if (!runWhole(c, 'unpack', count, buf, origin, packed, packedOffset)) unpackRange(type, count, packed, packedOffset, buf, origin, 0, size)
  return size
}

/** Writes bytes [first, last) of the packed stream to `out` at `outOffset`; returns last - first. */
export function packRange(
  type: Datatype, count: number, buf: Uint8Array, origin: number, first: number, last: number, out: Uint8Array, outOffset = 0,
): number {
  const { size } = prepare('packRange', type, count, buf, origin)
  checkRange(first, last, size)
  checkOffset(outOffset, 'outOffset')
  checkRoom(out, outOffset, last - first, 'out')
  const shift = outOffset - first
  new Segment(type, count).process(first, last, (b, s, len) => copyBytes(out, shift + s, buf, origin + b, len))
  return last - first
}

/** Writes stream bytes [first, last), held in `packed` from `packedOffset`, to their places in `buf`. */
export function unpackRange(
  type: Datatype, count: number, packed: Uint8Array, packedOffset: number, buf: Uint8Array, origin: number, first: number, last: number,
): number {
  const { size } = prepare('unpackRange', type, count, buf, origin)
  checkRange(first, last, size)
  checkOffset(packedOffset, 'packedOffset')
  checkRoom(packed, packedOffset, last - first, 'packed')
  const shift = packedOffset - first
  new Segment(type, count).process(first, last, (b, s, len) => copyBytes(buf, origin + b, packed, shift + s, len))
  return last - first
}
