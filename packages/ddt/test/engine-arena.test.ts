// PackArena: pack/unpack between buffers of one wasm memory run the wasm run-list kernel. Checked
// against the reference typemap over random nested types (negative displacements and extents,
// counts up to 3), at unaligned buffer and stream offsets, through every copy class of the kernel
// (bytes, 4/8/16-byte words with overlapping tails, memory.copy), and on shapes with long runs.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BYTE, ERR_ARG, ERR_BUFFER, FLOAT64, INT32, PackArena, hindexedBlock, indexed, pack, resized, struct, unpack, vector } from '../src/index.js'
import type { Datatype } from '../src/index.js'
import { datatypeArb } from './arbitraries.js'
import { referenceRuns } from './reference.js'

const anyType = datatypeArb({ maxDepth: 3, maxPieces: 300 }).map((t) => t.commit())
/** One arena per bulk threshold: 1 sends every run through memory.copy, 2^30 none. */
const ARENAS = [1, 16, 64, 1 << 30].map((bulkFromBytes) => new PackArena(4 << 20, { minRunBytes: 0, bulkFromBytes }))

interface Case {
  readonly type: Datatype
  readonly count: number
  readonly bufShift: number
  readonly packShift: number
  readonly seed: number
  readonly arena: PackArena
}

function xorshift(out: Uint8Array, seed: number): void {
  let x = seed >>> 0 || 1
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13; x >>>= 0
    x ^= x >>> 17
    x ^= x << 5; x >>>= 0
    out[i] = x & 0xff
  }
}

/** Packs and unpacks through the arena; compares with the reference stream and typemap. */
function roundTrip({ type, count, bufShift, packShift, seed, arena }: Case): void {
  const runs = referenceRuns(type, count)
  let lo = 0, hi = 0
  for (const [o, l] of runs) {
    lo = Math.min(lo, o)
    hi = Math.max(hi, o + l)
  }
  const guard = 16
  arena.reset()
  // alignment 1 plus a shift: buffer and stream start at any byte of the memory
  arena.alloc(bufShift, 1)
  const src = arena.alloc(hi - lo + 2 * guard, 1)
  xorshift(src, seed)
  const origin = guard - lo
  arena.alloc(packShift, 1)
  const packed = arena.alloc(type.size * count + 8, 1)
  packed.fill(0xee)
  expect(pack(type, count, src, origin, packed, 3)).toBe(type.size * count)
  const want = new Uint8Array(type.size * count)
  let at = 0
  for (const [o, l] of runs) for (let k = 0; k < l; k++) want[at++] = src[origin + o + k]!
  expect(Buffer.compare(packed.subarray(3, 3 + want.length), want)).toBe(0)
  expect([packed[2], packed[3 + want.length]]).toEqual([0xee, 0xee])

  const dst = arena.alloc(src.length, 1)
  dst.fill(0x5a)
  unpack(type, count, packed, 3, dst, origin)
  const expected = new Uint8Array(src.length).fill(0x5a)
  for (const [o, l] of runs) expected.set(src.subarray(origin + o, origin + o + l), origin + o)
  expect(Buffer.compare(dst, expected)).toBe(0)
}

const caseArb = (type: fc.Arbitrary<Datatype>, maxCount: number) => fc.record({
  type,
  count: fc.integer({ min: 0, max: maxCount }),
  bufShift: fc.integer({ min: 0, max: 15 }),
  packShift: fc.integer({ min: 0, max: 15 }),
  seed: fc.integer(),
  arena: fc.constantFrom(...ARENAS),
})

describe('PackArena: the wasm kernel against the reference typemap', () => {
  it('random nested types, counts 0-3, unaligned buffers and streams, every copy class', () => {
    fc.assert(fc.property(caseArb(anyType, 3), roundTrip), { numRuns: 150 })
  })

  it('runs of 1-70 bytes at negative displacements, negative extents, counts up to 5', () => {
    const shaped = fc.record({
      len: fc.integer({ min: 1, max: 70 }),
      gap: fc.integer({ min: 0, max: 40 }),
      blocks: fc.integer({ min: 1, max: 9 }),
      extent: fc.integer({ min: -400, max: 400 }),
    }).map(({ len, gap, blocks, extent }) => {
      const displs = Array.from({ length: blocks }, (_, i) => -(i * (len + gap)) - 5)
      return resized(hindexedBlock(len, displs, BYTE), -7, extent).commit()
    })
    fc.assert(fc.property(caseArb(shaped, 5), roundTrip), { numRuns: 150 })
  })

  it('long runs (v128 loops and memory.copy) mixed with short ones in one struct', () => {
    const type = struct([1, 1, 1], [0, 5000, -3000], [
      vector(3, 200, 260, FLOAT64), indexed([1, 130, 2], [0, 3, 300], FLOAT64), vector(9, 3, 5, INT32),
    ]).commit()
    for (const arena of ARENAS) for (const count of [1, 2, 3]) roundTrip({ type, count, bufShift: 5, packShift: 3, seed: count, arena })
  })
})

describe('PackArena: allocation and fallbacks', () => {
  it('buffers of two arenas, or an arena and a plain array, pack through the JavaScript kernels alike', () => {
    const type = vector(40, 9, 13, INT32).commit()
    const a = new PackArena(1 << 16, { minRunBytes: 0 })
    const b = new PackArena(1 << 16, { minRunBytes: 0 })
    const src = a.alloc(40 * 13 * 4)
    xorshift(src, 7)
    const viaWasm = a.alloc(type.size)
    pack(type, 1, src, 0, viaWasm, 0)
    for (const out of [b.alloc(type.size), new Uint8Array(type.size)]) {
      pack(type, 1, src, 0, out, 0)
      expect(Buffer.compare(out, viaWasm)).toBe(0)
    }
  })

  it('a type whose table does not fit the free room packs through JavaScript', () => {
    const type = vector(2000, 1, 2, FLOAT64).commit() // 2000 runs: a 16,000-byte table
    const arena = new PackArena(1 << 16, { minRunBytes: 0 })
    const src = arena.alloc(32000)
    xorshift(src, 3)
    const out = arena.alloc(arena.free - 100)
    pack(type, 1, src, 0, out, 0)
    const plain = new Uint8Array(type.size)
    pack(type, 1, new Uint8Array(src), 0, plain, 0)
    expect(Buffer.compare(out.subarray(0, type.size), plain)).toBe(0)
  })

  it('alloc fails with ERR_BUFFER when full, bad sizes are ERR_ARG, reset frees the room', () => {
    const arena = new PackArena(100_000)
    expect(arena.capacity).toBe(131072) // whole 64 KiB pages
    arena.alloc(131000)
    expect(() => arena.alloc(100)).toThrow(expect.objectContaining({ errorClass: ERR_BUFFER }))
    arena.reset()
    expect(arena.alloc(100).length).toBe(100)
    expect(() => new PackArena(0)).toThrow(expect.objectContaining({ errorClass: ERR_ARG }))
    expect(() => arena.alloc(8, 3)).toThrow(expect.objectContaining({ errorClass: ERR_ARG }))
    expect(() => arena.alloc(-1)).toThrow(expect.objectContaining({ errorClass: ERR_ARG }))
  })
})
