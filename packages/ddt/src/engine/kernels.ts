// Generated pack/unpack kernels per compiled type, word size and direction; views of buffers.

import type { CompiledType } from './compile.js'
import { kernelSource, type Direction, type Kernel } from './codegen.js'

/** Word sizes kernels move; 8-byte moves go through Float64Array, which copies bits exactly in V8. */
export type Grain = 8 | 4 | 1

export interface BoundKernel {
  readonly run: Kernel
  readonly table: Int32Array
  /**
   * The views of the native copies per source buffer, for the last source position used with it
   * (undefined when the kernel makes none). A weak map: the views hold their buffer, and an
   * ephemeron's value does not keep its key alive, so a buffer nobody else holds is still freed.
   */
  readonly views: WeakMap<ArrayBufferLike, SourceViews> | undefined
}

interface SourceViews {
  at: number
  list: Uint8Array[]
}

const NO_VIEWS: Uint8Array[] = []

/**
 * The view list to pass to `k` for a source buffer read from unit `at`: the stored one when the
 * last call read the same buffer from the same place (packing the same buffer again, as halo
 * exchanges do, then makes no views), else a fresh list the kernel fills.
 */
export function viewsFor(k: BoundKernel, source: ArrayBufferLike, at: number): Uint8Array[] {
  const m = k.views
  if (m === undefined) return NO_VIEWS
  const v = m.get(source)
  if (v === undefined) {
    const list: Uint8Array[] = []
    m.set(source, { at, list })
    return list
  }
  if (v.at !== at) {
    v.at = at
    v.list = []
  }
  return v.list
}

/** Whole-ArrayBuffer views, one set per buffer (so calls allocate no views). */
interface Views {
  readonly u8: Uint8Array
  readonly i32: Int32Array
  readonly f64: Float64Array
}

const viewCache = new WeakMap<ArrayBufferLike, Views>()

function viewsOf(buffer: ArrayBufferLike): Views {
  let v = viewCache.get(buffer)
  if (v === undefined) {
    const n = buffer.byteLength
    v = { u8: new Uint8Array(buffer), i32: new Int32Array(buffer, 0, n >>> 2), f64: new Float64Array(buffer, 0, Math.floor(n / 8)) }
    viewCache.set(buffer, v)
  }
  return v
}

export function unitView(bytes: Uint8Array, grain: Grain): ArrayLike<number> & { [i: number]: number } {
  const v = viewsOf(bytes.buffer)
  return grain === 8 ? v.f64 : grain === 4 ? v.i32 : v.u8
}

export function byteView(bytes: Uint8Array): Uint8Array {
  return viewsOf(bytes.buffer).u8
}

export function wordView(bytes: Uint8Array): Float64Array {
  return viewsOf(bytes.buffer).f64
}

/** Kernel cache keys, constant so a lookup builds no string. */
const KEYS: Readonly<Record<Direction, Readonly<Record<Grain, string>>>> = {
  pack: { 8: 'pack/8', 4: 'pack/4', 1: 'pack/1' },
  unpack: { 8: 'unpack/8', 4: 'unpack/4', 1: 'unpack/1' },
}

/** `undefined` when the type's kernel would be too large to generate (callers use segments). */
export function kernelFor(c: CompiledType, grain: Grain, dir: Direction): BoundKernel | undefined {
  const key = KEYS[dir][grain]
  const known = c.kernels.get(key) as BoundKernel | undefined
  if (known !== undefined || c.kernels.has(key)) return known
  const src = kernelSource(c.loop, grain, dir)
  const k = src === undefined ? undefined : {
    run: new Function('B', 'P', 'b', 'p0', 'count', 'extent', 'T', 'B8', 'P8', 'BF', 'PF', 'V', src.source) as Kernel,
    table: src.table,
    views: src.views ? new WeakMap<ArrayBufferLike, SourceViews>() : undefined,
  }
  c.kernels.set(key, k)
  return k
}

/** The widest grain the type allows and both byte positions are aligned to. */
export function grainFor(typeGrain: number, bufAt: number, packedAt: number): Grain {
  if (typeGrain >= 8 && bufAt % 8 === 0 && packedAt % 8 === 0) return 8
  if (typeGrain >= 4 && bufAt % 4 === 0 && packedAt % 4 === 0) return 4
  return 1
}
