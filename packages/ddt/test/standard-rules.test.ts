// Datatypes against the MPI standard's definitions (MPI-4.1 §5.1), read independently in
// standard-typemap.ts: hand-derived corner cases, then one seeded property per rule over random
// nested types (every constructor, depth up to 4, counts 1-3).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BYTE, contiguous, DOUBLE_INT, dup, FLOAT64, flatten, hindexedBlock, hvector, INT16, INT32, INT8, MpiError, pack, packSize, resized, struct,
  subarray, typeFromJson, typeToJson, unpack, vector, type Datatype, type TypeSpec,
} from '../src/index.js'
import { generatedTypeArb } from './arbitraries.js'
import { disagreement } from './standard-agreement.js'
import { standardRuns, standardTrueBounds, standardType } from './standard-typemap.js'

const bounds = (t: { lb: number; ub: number; extent: number; size: number }) => ({ lb: t.lb, ub: t.ub, extent: t.extent, size: t.size })

describe('corner cases, derived by hand (where MPICH 4.0.2 and Open MPI 4.1.4 agree, their value)', () => {
  const runs = (t: Datatype, count: number) => flatten(t.commit(), count).toArray()

  it('an empty struct member keeps its place in the bounds: extent 100, as in MPICH and Open MPI', () => {
    const t = struct([1, 1], [0, 100], [INT32, contiguous(0, FLOAT64)])
    // the member's lb = ub = 0 sit at 100: lb 0, ub 100; the true bounds hold only the data
    expect(bounds(t)).toEqual({ lb: 0, ub: 100, extent: 100, size: 4 })
    expect({ trueLb: t.trueLb, trueUb: t.trueUb }).toEqual({ trueLb: 0, trueUb: 4 })
    expect(bounds(standardType(t.spec))).toEqual({ lb: 0, ub: 100, extent: 100, size: 4 })
    expect(runs(t, 2)).toEqual([[0, 4], [100, 4]])
  })

  it('a struct member of blocklength 0 adds nothing (both libraries)', () => {
    expect(bounds(struct([1, 0], [0, 100], [INT32, FLOAT64]))).toEqual({ lb: 0, ub: 4, extent: 4, size: 4 })
  })

  it('a vector of blocklength 0 is zero-length (lb = ub = 0), so in a struct it sits at its displacement', () => {
    expect(bounds(vector(3, 0, 2, INT32))).toEqual({ lb: 0, ub: 0, extent: 0, size: 0 })
    // float64 at 8 (ub 16), the vector's point at 200: lb 8, ub 200, 192 a multiple of 8
    // (Open MPI 192; MPICH 208, from a ub of 16 its vector formula gives the empty vector)
    const t = struct([1, 1], [8, 200], [FLOAT64, vector(3, 0, 2, INT32)])
    expect(bounds(t)).toEqual({ lb: 8, ub: 200, extent: 192, size: 8 })
  })

  it('any non-struct constructor without data is zero-length, its members\' markers dropped', () => {
    // hindexedBlock of blocklength 0: Open MPI 0 / 0, MPICH lb -58 extent 120
    expect(bounds(hindexedBlock(0, [-58, 46, 62], INT32))).toEqual({ lb: 0, ub: 0, extent: 0, size: 0 })
    // both libraries: contiguous(2) of an empty type with markers 4 and 12 is 0 / 0
    expect(bounds(contiguous(2, resized(contiguous(0, FLOAT64), 4, 8)))).toEqual({ lb: 0, ub: 0, extent: 0, size: 0 })
  })

  it('vector and block-indexed keep a data-less member\'s markers (Open MPI and the standard; MPICH 0 / 0)', () => {
    // markers 4 and 12 (extent 8) at blocks 0 and 3 extents = 24 bytes: lb 4, ub 36
    expect(bounds(vector(2, 1, 3, resized(contiguous(0, FLOAT64), 4, 8)))).toEqual({ lb: 4, ub: 36, extent: 32, size: 0 })
  })

  it('a struct whose only member is empty has lb = ub = the member\'s displacement', () => {
    // Open MPI 50 / 50; MPICH makes every type of size 0 zero-length (0 / 0)
    expect(bounds(struct([1], [50], [contiguous(0, FLOAT64)]))).toEqual({ lb: 50, ub: 50, extent: 0, size: 0 })
  })

  it('an empty member adds no alignment: struct{int8 @0, contiguous(0, float64) @5} has extent 5', () => {
    expect(bounds(struct([1, 1], [0, 5], [INT8, contiguous(0, FLOAT64)]))).toEqual({ lb: 0, ub: 5, extent: 5, size: 1 })
  })

  it('an empty member with markers (resized) still sets the bounds', () => {
    const t = struct([1, 1], [0, 100], [INT32, resized(contiguous(0, FLOAT64), 0, 8)])
    // markers lb 100, ub 108 win over the data: lb 100, ub 108 (no padding: ub is a marker)
    expect(bounds(t)).toEqual({ lb: 100, ub: 108, extent: 8, size: 4 })
  })

  it('every constructor pads its extent to the data\'s alignment (the standard\'s epsilon, as Open MPI)', () => {
    // float64 at 0 and 5: data ub 13, rounded to 16 (MPICH pads structs only: 13)
    const t = hvector(2, 1, 5, FLOAT64)
    expect(bounds(t)).toEqual({ lb: 0, ub: 16, extent: 16, size: 16 })
    expect(runs(t, 2)).toEqual([[0, 8], [5, 8], [16, 8], [21, 8]])
    // padded once over the whole type: double_int (extent 16, alignment 8) at 54, -19, -34 spans
    // -34..70, 104 bytes, already a multiple of 8 (MPICH 104; Open MPI pads block by block: 112)
    expect(bounds(hindexedBlock(1, [54, -19, -34], DOUBLE_INT))).toEqual({ lb: -34, ub: 70, extent: 104, size: 36 })
    // a member with markers makes ub a marker: no padding (both libraries: 13)
    expect(bounds(hindexedBlock(1, [0, 5], resized(FLOAT64, 0, 8)))).toEqual({ lb: 0, ub: 13, extent: 13, size: 16 })
  })

  it('a negative extent puts instance 2 below instance 1; extent 0 repeats in place (Open MPI; MPICH 4.0.2 packs stray bytes)', () => {
    // int16 resized to extent -5; a subarray of 3 picks elements 0 and 1 at 0 and -5, extent 3 * -5
    const sub = subarray([3], [2], [0], 'C', resized(INT16, 0, -5))
    expect(bounds(sub)).toEqual({ lb: 0, ub: -15, extent: -15, size: 4 })
    expect(runs(sub, 2)).toEqual([[0, 2], [-5, 2], [-15, 2], [-20, 2]])
    // two of them: markers lb min(0, -15), ub max(-15, -30): lb -15, ub -15, extent 0
    const pair = contiguous(2, sub)
    expect(bounds(pair)).toEqual({ lb: -15, ub: -15, extent: 0, size: 8 })
    expect(runs(pair, 2)).toEqual([[0, 2], [-5, 2], [-15, 2], [-20, 2], [0, 2], [-5, 2], [-15, 2], [-20, 2]])
  })

  it('markers are sticky: a resized member\'s lb wins over data below it (Open MPI; MPICH takes -60)', () => {
    expect(bounds(struct([1, 1], [0, -60], [resized(INT32, 8, 4), BYTE]))).toEqual({ lb: 8, ub: 12, extent: 4, size: 5 })
  })

  it('nested resized: the outer markers replace the inner ones', () => {
    const t = resized(resized(INT32, -4, 16), 2, 6)
    expect(bounds(t)).toEqual({ lb: 2, ub: 8, extent: 6, size: 4 })
    // contiguous(3): data at 0, 6, 12; markers lb 2, ub 8 + 2 * 6 = 20
    const c = contiguous(3, t).commit()
    expect(bounds(c)).toEqual({ lb: 2, ub: 20, extent: 18, size: 12 })
    expect(flatten(c, 1).toArray()).toEqual([[0, 4], [6, 4], [12, 4]])
  })

  it('a negative stride puts later blocks below the first, lb included', () => {
    const t = hvector(3, 1, -16, FLOAT64).commit()
    expect(bounds(t)).toEqual({ lb: -32, ub: 8, extent: 40, size: 24 })
    // count 2: the second instance starts one extent (40) later, runs in typemap order
    expect(flatten(t, 2).toArray()).toEqual([[0, 8], [-16, 8], [-32, 8], [40, 8], [24, 8], [8, 8]])
  })

  it('struct padding: the extent rounds to the largest member alignment, unless ub is a marker', () => {
    expect(bounds(struct([1, 1], [0, 8], [FLOAT64, INT32]))).toEqual({ lb: 0, ub: 16, extent: 16, size: 12 })
    // the member's markers (lb 8, ub 12) are the only markers, so they are the bounds: the float64
    // at 0 lies below lb, as MPI allows (MPI-4.1 §5.1.7)
    expect(bounds(struct([1, 1], [0, 8], [FLOAT64, resized(INT32, 0, 4)]))).toEqual({ lb: 8, ub: 12, extent: 4, size: 12 })
  })

  it('a padded struct keeps its padded ub inside other constructors', () => {
    const s = struct([1, 1], [0, 8], [FLOAT64, INT32])
    expect(bounds(contiguous(2, s))).toEqual({ lb: 0, ub: 32, extent: 32, size: 24 })
  })
})

const typeArb = generatedTypeArb({ maxDepth: 4, maxPieces: 400 })
/** `npm run fuzz` raises the count and varies the seed (FUZZ_TYPES, FUZZ_SEED). */
const TYPES = Number(process.env.FUZZ_TYPES ?? 120)
const SEED = Number(process.env.FUZZ_SEED ?? 15)
const RUNS = { numRuns: TYPES, seed: SEED }

describe('each rule of the standard, on seeded random types (depth 4)', () => {
  it('size is the sum of the typemap entries', () => {
    fc.assert(fc.property(typeArb, ({ spec, type }) => { expect(type.size).toBe(standardType(spec).size) }), RUNS)
  })

  it('lb and ub come from the markers when present, else from the entries, padded to the alignment', () => {
    fc.assert(fc.property(typeArb, ({ spec, type }) => {
      const s = standardType(spec)
      expect({ lb: type.lb, ub: type.ub, extent: type.extent }).toEqual({ lb: s.lb, ub: s.ub, extent: s.extent })
    }), RUNS)
  })

  it('true lb and true ub ignore markers and padding', () => {
    fc.assert(fc.property(typeArb, ({ spec, type }) => {
      expect({ trueLb: type.trueLb, trueUb: type.trueUb }).toEqual(standardTrueBounds(standardType(spec)))
    }), RUNS)
  })

  it('the runs of count 1, 2 and 3 follow the typemap, instance i one extent after i - 1', () => {
    fc.assert(fc.property(typeArb, fc.integer({ min: 1, max: 3 }), ({ spec, type }, count) => {
      expect(flatten(type.commit(), count).toArray()).toEqual(standardRuns(standardType(spec), count))
    }), RUNS)
  })

  it('pack then unpack restores exactly the typemap bytes and writes nothing else', () => {
    fc.assert(fc.property(typeArb, fc.integer({ min: 1, max: 3 }), ({ spec, type }, count) => {
      const t = type.commit()
      const runs = standardRuns(standardType(spec), count)
      if (runs.length === 0) return
      const lo = Math.min(...runs.map(([o]) => o))
      const hi = Math.max(...runs.map(([o, l]) => o + l))
      const covered = new Uint8Array(hi - lo)
      let overlap = false
      for (const [o, l] of runs) for (let i = o; i < o + l; i++) overlap ||= covered[i - lo]++ > 0
      fc.pre(!overlap) // overlapping typemaps are legal to pack but not to unpack (MPI-4.1 §5.1.11)
      const guard = 16
      const src = new Uint8Array(hi - lo + 2 * guard).map((_, i) => (i * 7 + 3) & 0xff)
      const packed = new Uint8Array(t.size * count)
      pack(t, count, src, guard - lo, packed, 0)
      const dst = new Uint8Array(src.length).fill(0xee)
      unpack(t, count, packed, 0, dst, guard - lo)
      const want = src.map((byte, i) => (i >= guard && i < guard + hi - lo && covered[i - guard] === 1 ? byte : 0xee))
      const bad = dst.findIndex((byte, i) => byte !== want[i]) // one expect per case: per-byte expects dominate
      expect(bad < 0 ? 'ok' : `offset ${bad - guard + lo}: got ${dst[bad]}, want ${want[bad]}`).toBe('ok')
    }), RUNS)
  })

  it('agreement: every field at once, on a larger seeded sample', () => {
    const bad: unknown[] = []
    fc.assert(fc.property(typeArb, ({ spec, type }) => {
      const d = disagreement(spec, type)
      if (d !== undefined) bad.push(d)
    }), { numRuns: 2.5 * TYPES, seed: SEED + 2011 })
    expect(bad).toEqual([])
  })
})

describe('hostile type input', () => {
  it('refuses nesting past 256 levels by name, from JSON (10,000 deep) and from the constructors', () => {
    let spec: TypeSpec = 'int32'
    for (let i = 0; i < 10000; i++) spec = { kind: 'contiguous', count: 1, oldtype: spec }
    expect(() => typeFromJson(spec)).toThrow(/types nest at most 256 constructors deep/)
    let t = contiguous(1, INT32)
    expect(() => { for (let i = 0; i < 300; i++) t = contiguous(1, t) }).toThrow(MpiError)
    expect(t.depth).toBe(256)
  })

  it('dup counts as a level: a chain of dups stops at 256, and what it builds reads back from its JSON', () => {
    let t = dup(INT32)
    expect(t.depth).toBe(1)
    for (let i = 1; i < 256; i++) t = dup(t)
    expect(t.depth).toBe(256)
    expect(typeFromJson(typeToJson(t)).depth).toBe(256)
    expect(() => dup(t)).toThrow(/dup: types nest at most 256 constructors deep/)
    expect(() => contiguous(1, t)).toThrow(/contiguous: types nest at most 256 constructors deep/)
  })

  it('a count whose span passes 2^53 bytes is ERR_COUNT naming count', () => {
    const t = contiguous(1 << 20, FLOAT64).commit()
    let err: unknown
    try { flatten(t, 1e12) } catch (e) { err = e }
    expect(err).toBeInstanceOf(MpiError)
    expect((err as MpiError).errorClass).toBe('ERR_COUNT')
    expect((err as MpiError).message).toMatch(/^count: 1000000000000 instances/)
  })

  it('the 2^53 error names what overflows: the packed bytes, or the memory a large extent spans', () => {
    const wide = vector(3, 2, 5, FLOAT64) // 48 bytes of data in an extent of 96
    expect(() => packSize(wide, 2 ** 47)).toThrow(
      'count: 140737488355328 instances span 13510798882111488 bytes of memory (extent 96), past the 2^53-byte range')
    expect(() => packSize(wide, 2 ** 48)).toThrow(
      'count: 281474976710656 instances of a 48-byte type pack into 13510798882111488 bytes, past the 2^53-byte range')
  })

  it('a plain Array as a buffer is ERR_BUFFER naming the argument, not a TypeError', () => {
    const t = contiguous(2, INT32).commit()
    let err: unknown
    try { pack(t, 1, [1, 2, 3, 4, 5, 6, 7, 8] as never, 0, new Uint8Array(8), 0) } catch (e) { err = e }
    expect(err).toBeInstanceOf(MpiError)
    expect({ cls: (err as MpiError).errorClass, message: (err as MpiError).message }).toEqual({ cls: 'ERR_BUFFER', message: 'buf: must be a Uint8Array, got a plain Array' })
  })
})
