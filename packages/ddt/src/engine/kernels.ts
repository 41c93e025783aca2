// Generated pack/unpack kernels per compiled type, word size and direction; views of buffers.

import type { CompiledType } from './compile.js'
import { kernelSource, type Direction, type Kernel } from './codegen.js'

/** Word sizes kernels move; 8-byte moves go through Float64Array, which copies bits exactly in V8. */
export type Grain = 8 | 4 | 1

export interface BoundKernel {
  readonly run: Kernel
  readonly table: Int32Array
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

/** `undefined` when the type's kernel would be too large to generate (callers use segments). */
export function kernelFor(c: CompiledType, grain: Grain, dir: Direction): BoundKernel | undefined {
  const key = `${dir}/${grain}`
  if (c.kernels.has(key)) return c.kernels.get(key) as BoundKernel | undefined
  const src = kernelSource(c.loop, grain, dir)
  const k = src === undefined ? undefined : {
    run: new Function('B', 'P', 'b', 'p0', 'count', 'extent', 'T', 'B8', 'P8', 'BF', 'PF', src.source) as Kernel,
    table: src.table,
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
