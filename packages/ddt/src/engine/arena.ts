// PackArena: buffers in one WebAssembly memory, so pack/unpack between them can run the wasm
// run-list kernel (wasm-runs.ts) instead of the generated JavaScript kernels. A bump allocator:
// user buffers from the bottom, the types' run tables from the top, reset() frees everything.

import { ERR_ARG, ERR_BUFFER, MpiError } from '../errors.js'
import type { Datatype } from '../datatype.js'
import { compiledCommitted, type CompiledType } from './compile.js'
import { flatten } from './flatten.js'
import { checkOffset } from './validate.js'
import { newMemory, runsKernel, type RunsKernel, type WasmMemory } from './wasm-runs.js'

const PAGE = 65536
/** Addresses stay below 2^31 so the kernels' int32 arithmetic never wraps. */
const MAX_BYTES = 0x7fff0000

/** Tuning of a PackArena: which types take the wasm kernel and where it switches to memory.copy. */
export interface PackArenaOptions {
  /**
   * Types whose runs average at least this many bytes use the wasm kernel; smaller runs stay on
   * the generated JavaScript kernels, which have each stride baked in and beat the table-driven
   * wasm loop up to 24-byte runs (measured on strided byte runs: JS 1.4x at 24 B, noisy at 32 B,
   * wasm 1.3-1.5x at 40 B and 1.3x at 56 B; see README "Performance"). Default 40.
   */
  readonly minRunBytes?: number
  /** Runs of this many bytes and more are copied with wasm `memory.copy` (measured: equal to 16-byte moves at 256 B, 1.15-1.25x from 512 B). Default 512. */
  readonly bulkFromBytes?: number
}

interface Table {
  readonly at: number
  readonly runs: number
}

/** Arenas by their memory's ArrayBuffer (fixed size, so the buffer never changes). */
const arenas = new WeakMap<ArrayBufferLike, PackArena>()

/**
 * A fixed-size WebAssembly memory to allocate pack/unpack buffers from. Packing or unpacking
 * between two buffers of the same arena runs a WebAssembly kernel (16-byte moves, `memory.copy`
 * for long runs); every other pack uses the JavaScript kernels. Buffers are ordinary Uint8Arrays.
 */
export class PackArena {
  /** The WebAssembly.Memory (fixed size) every buffer of the arena is a view of. */
  readonly memory: WasmMemory
  readonly capacity: number
  readonly minRunBytes: number
  readonly bulkFromBytes: number
  /** The kernel, or undefined where WebAssembly SIMD is unavailable (then pack uses JavaScript). */
  readonly kernel: RunsKernel | undefined
  private bottom = 0
  private top: number
  /** Run tables by compiled type (weak: an arena does not keep types alive). */
  private tables = new WeakMap<CompiledType, Table | null>()

  constructor(bytes: number, options: PackArenaOptions = {}) {
    if (!Number.isSafeInteger(bytes) || bytes <= 0 || bytes > MAX_BYTES) {
      throw new MpiError(ERR_ARG, `bytes: must be an integer in [1, ${MAX_BYTES}], got ${String(bytes)}`)
    }
    const pages = Math.ceil(bytes / PAGE)
    this.memory = newMemory(pages)
    this.capacity = pages * PAGE
    this.top = this.capacity
    this.minRunBytes = checkOffset(options.minRunBytes ?? 40, 'minRunBytes')
    this.bulkFromBytes = checkOffset(options.bulkFromBytes ?? 512, 'bulkFromBytes')
    this.kernel = runsKernel(this.memory)
    arenas.set(this.memory.buffer, this)
  }

  /** A buffer of `bytes` bytes starting at a multiple of `align` (not zeroed after a reset). */
  alloc(bytes: number, align = 16): Uint8Array {
    checkOffset(bytes, 'bytes')
    if (!Number.isSafeInteger(align) || align < 1 || (align & (align - 1)) !== 0) throw new MpiError(ERR_ARG, `align: must be a power of two, got ${String(align)}`)
    const at = Math.ceil(this.bottom / align) * align
    if (at + bytes > this.top) {
      throw new MpiError(ERR_BUFFER, `PackArena: ${bytes} bytes do not fit (${this.top - this.bottom} of ${this.capacity} free)`)
    }
    this.bottom = at + bytes
    return new Uint8Array(this.memory.buffer, at, bytes)
  }

  /** Frees every buffer and table; views handed out before still work but alias new allocations. */
  reset(): void {
    this.bottom = 0
    this.top = this.capacity
    this.tables = new WeakMap()
  }

  /** Bytes not yet allocated. */
  get free(): number {
    return this.top - this.bottom
  }

  /** Whether pack/unpack of `type` between this arena's buffers runs the wasm kernel (else JavaScript). */
  usesWasm(type: Datatype): boolean {
    return this.kernel !== undefined && this.tableFor(compiledCommitted(type, 'usesWasm')) !== null
  }

  /** The run table of one instance of `c` in this memory, or null if it does not fit or uses JavaScript. */
  tableFor(c: CompiledType): Table | null {
    let t = this.tables.get(c)
    if (t === undefined) {
      t = this.buildTable(c)
      this.tables.set(c, t)
    }
    return t
  }

  private buildTable(c: CompiledType): Table | null {
    const runs = c.info.runs
    if (runs === 0 || c.info.size / runs < this.minRunBytes) return null
    const bytes = 8 * runs
    const at = (this.top - bytes) & ~7
    if (at < this.bottom) return null
    const r = flatten(c.type, 1)
    // offsets beyond int32 cannot be addressed in a wasm32 memory anyway
    const tab = new Int32Array(this.memory.buffer, at, 2 * r.length)
    for (let i = 0; i < r.length; i++) {
      const offset = r.offsets[i]!
      if (offset !== (offset | 0)) return null
      tab[2 * i] = offset
      tab[2 * i + 1] = r.lengths[i]!
    }
    this.top = at
    return { at, runs: r.length }
  }
}

/** The arena holding both buffers, if they are views of the same arena's memory. */
export function arenaOf(a: Uint8Array, b: Uint8Array): PackArena | undefined {
  if (a.buffer !== b.buffer) return undefined
  return arenas.get(a.buffer)
}
