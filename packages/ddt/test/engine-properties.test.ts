// Property tests of the engine against the front end's reference typemap, over random nested types.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FLOAT64, INT32, Segment, hindexedBlock, flatten, indexed, loopInfo, loopOf, pack, packRange, struct, unpack, unpackRange, vector } from '../src/internal.js'
import { referenceRuns } from './reference.js'
import type { Datatype } from '../src/index.js'
import { datatypeArb } from './arbitraries.js'

const anyType = datatypeArb({ maxDepth: 3, maxPieces: 300 }).map((t) => t.commit())
// Most random types normalize to one run; weight towards the ones that keep loops.
const typeArb = fc.oneof(anyType, anyType.filter((t) => loopOf(t).kind !== 'run'), anyType.filter((t) => loopInfo(loopOf(t)).runs > 4))
const caseArb = fc.record({ type: typeArb, count: fc.integer({ min: 0, max: 3 }), shift: fc.integer({ min: 0, max: 7 }), seed: fc.integer() })
const RUNS = { numRuns: 150 }

/** A buffer holding the whole typemap with `guard` spare bytes each side; origin is where byte 0 sits. */
function layout(type: Datatype, count: number, shift: number): { size: number; origin: number; runs: [number, number][] } {
  const runs = referenceRuns(type, count)
  let lo = 0, hi = 0
  for (const [o, l] of runs) {
    lo = Math.min(lo, o)
    hi = Math.max(hi, o + l)
  }
  const guard = 16 + shift
  return { size: hi - lo + 2 * guard, origin: guard - lo, runs }
}

function filled(n: number, seed: number): Uint8Array {
  const b = new Uint8Array(n)
  let x = seed >>> 0 || 1
  for (let i = 0; i < n; i++) {
    x ^= x << 13; x >>>= 0
    x ^= x >>> 17
    x ^= x << 5; x >>>= 0
    b[i] = x & 0xff
  }
  return b
}

/** The packed stream as the reference typemap defines it. */
function referencePack(runs: [number, number][], buf: Uint8Array, origin: number): Uint8Array {
  let n = 0
  for (const [, l] of runs) n += l
  const out = new Uint8Array(n)
  let at = 0
  for (const [o, l] of runs) for (let k = 0; k < l; k++) out[at++] = buf[origin + o + k]!
  return out
}

/**
 * Byte equality for large buffers: vitest's deep equality walks a typed array element by element
 * through its generic matcher (most of this file's time on 100 KB buffers); on a difference, the
 * 16 bytes around the first one are compared with toEqual so the report still shows them.
 */
function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length).toBe(expected.length)
  if (Buffer.compare(actual, expected) === 0) return
  let i = 0
  while (actual[i] === expected[i]) i++
  expect({ at: i, bytes: actual.subarray(i, i + 16) }).toEqual({ at: i, bytes: expected.subarray(i, i + 16) })
}

describe('engine properties over random nested types', () => {
  it('flatten equals the reference runs', () => {
    fc.assert(fc.property(typeArb, fc.integer({ min: 0, max: 3 }), (type, count) => {
      expect(flatten(type, count).toArray()).toEqual(referenceRuns(type, count))
    }), RUNS)
  })

  it('pack gives the reference stream; unpack restores exactly the typemap bytes, guards untouched', () => {
    fc.assert(fc.property(caseArb, ({ type, count, shift, seed }) => {
      const { size, origin, runs } = layout(type, count, shift)
      const src = filled(size, seed)
      const packed = new Uint8Array(type.size * count + shift + 3)
      expect(pack(type, count, src, origin, packed, shift)).toBe(type.size * count)
      const expected = referencePack(runs, src, origin)
      expect(packed.subarray(shift, shift + expected.length)).toEqual(expected)

      const dst = new Uint8Array(size).fill(0xa5)
      unpack(type, count, packed, shift, dst, origin)
      const want = new Uint8Array(size).fill(0xa5)
      for (const [o, l] of runs) for (let k = 0; k < l; k++) want[origin + o + k] = src[origin + o + k]
      expect(dst).toEqual(want)
    }), RUNS)
  })

  it('partial packs of any split concatenate to the full pack; partial unpacks in any order rebuild it', () => {
    fc.assert(fc.property(caseArb, fc.array(fc.nat(), { maxLength: 6 }), fc.array(fc.nat()), ({ type, count, shift, seed }, cuts, order) => {
      const { size, origin } = layout(type, count, shift)
      const total = type.size * count
      const src = filled(size, seed)
      const full = new Uint8Array(total)
      pack(type, count, src, origin, full)
      const points = [0, ...cuts.map((c) => (total === 0 ? 0 : c % (total + 1))), total].sort((a, b) => a - b)
      const pieces = new Uint8Array(total)
      for (let i = 0; i + 1 < points.length; i++) {
        const part = new Uint8Array(points[i + 1] - points[i] + shift)
        packRange(type, count, src, origin, points[i], points[i + 1], part, shift)
        pieces.set(part.subarray(shift), points[i])
      }
      expect(pieces).toEqual(full)

      const whole = new Uint8Array(size).fill(0x3c)
      unpack(type, count, full, 0, whole, origin)
      const parts = new Uint8Array(size).fill(0x3c)
      const idx = Array.from({ length: points.length - 1 }, (_, i) => i)
      for (let i = idx.length - 1; i > 0; i--) {
        const j = (order[i] ?? 0) % (i + 1)
        ;[idx[i], idx[j]] = [idx[j], idx[i]]
      }
      for (const i of idx) unpackRange(type, count, full.subarray(points[i], points[i + 1]), 0, parts, origin, points[i], points[i + 1])
      // Overlapping typemaps write a byte more than once; bytes written in a different order agree
      // because every write of a byte carries the same source value.
      expect(parts).toEqual(whole)
    }), RUNS)
  })

  it('one segment over ranges in random order (catch-up and resets) maps every stream byte as flatten does', () => {
    fc.assert(fc.property(typeArb, fc.integer({ min: 0, max: 3 }), fc.array(fc.nat(), { maxLength: 8 }), fc.array(fc.nat()), (type, count, cuts, order) => {
      const runs = flatten(type, count)
      const total = type.size * count
      const expected = new Float64Array(total)
      let s = 0
      for (const [o, l] of runs) for (let k = 0; k < l; k++) expected[s++] = o + k
      const points = [...new Set([0, ...cuts.map((c) => c % (total + 1)), total])].sort((a, b) => a - b)
      const ranges = points.slice(1).map((p, i) => [points[i], p] as const)
      for (let i = ranges.length - 1; i > 0; i--) {
        const j = (order[i] ?? 0) % (i + 1)
        ;[ranges[i], ranges[j]] = [ranges[j], ranges[i]]
      }
      const seg = new Segment(type, count)
      const got = new Float64Array(total).fill(NaN)
      for (const [a, b] of ranges) {
        seg.process(a, b, (buf, stream, len) => {
          expect(stream).toBeGreaterThanOrEqual(a)
          expect(stream + len).toBeLessThanOrEqual(b)
          for (let k = 0; k < len; k++) got[stream + k] = buf + k
        })
        expect(seg.position).toBe(b)
      }
      expect(got).toEqual(expected)
    }), RUNS)
  })

  it('work counters: one pass visits each leaf run once; an in-order split takes the same stack steps', () => {
    fc.assert(fc.property(typeArb, fc.integer({ min: 0, max: 3 }), fc.array(fc.nat(), { maxLength: 8 }), (type, count, cuts) => {
      const total = type.size * count
      const whole = new Segment(type, count)
      whole.resetCounters()
      whole.process(0, total, () => {})
      expect(whole.pieces).toBe(whole.totalRuns)
      const points = [...new Set([0, ...cuts.map((c) => c % (total + 1)), total])].sort((a, b) => a - b)
      const seg = new Segment(type, count)
      seg.resetCounters()
      for (let i = 0; i + 1 < points.length; i++) seg.process(points[i], points[i + 1], () => {})
      expect(seg.stackSteps).toBe(whole.stackSteps)
      // a cut inside a leaf run visits that run twice; a cut on a run boundary does not
      expect(seg.pieces).toBeGreaterThanOrEqual(whole.pieces)
      expect(seg.pieces).toBeLessThanOrEqual(whole.pieces + Math.max(0, points.length - 2))
      expect([seg.catchupSteps, seg.resets]).toEqual([0, 0])
    }), RUNS)
  })

  it('a checkpoint restored at offset x continues identically; serialize/restore round-trips', () => {
    fc.assert(fc.property(typeArb, fc.integer({ min: 1, max: 3 }), fc.nat(), fc.nat(), (type, count, xs, ys) => {
      const total = type.size * count
      const x = xs % (total + 1)
      const y = x + (ys % (total - x + 1))
      const seg = new Segment(type, count)
      seg.process(0, x, () => {})
      const bytes = seg.serialize()
      expect(bytes.length).toBe(seg.checkpointBytes)
      expect(bytes.length).toBeLessThanOrEqual(seg.maxCheckpointBytes)
      const restored = Segment.restore(type, count, bytes)
      expect(restored.position).toBe(x)
      expect(restored.serialize()).toEqual(bytes)
      const clone = seg.clone()
      const trace = (s: Segment): number[] => {
        const t: number[] = []
        s.process(x, y, (b, st, l) => t.push(b, st, l))
        s.process(y, total, (b, st, l) => t.push(b, st, l))
        return t
      }
      const a = trace(seg)
      expect(trace(restored)).toEqual(a)
      expect(trace(clone)).toEqual(a)
    }), RUNS)
  })

  it('copyFrom makes a used segment one walked to the source\'s position: the same pieces, counters and checkpoints after', () => {
    fc.assert(fc.property(typeArb, fc.integer({ min: 1, max: 3 }), fc.nat(), fc.nat(), fc.nat(), (type, count, us, xs, ys) => {
      const total = type.size * count
      const x = xs % (total + 1)
      const y = x + (ys % (total - x + 1))
      // the source at x; the pooled segment used elsewhere first (a walk to u, a jump back to 0)
      const src = new Segment(type, count)
      src.process(0, x, () => {})
      const pooled = new Segment(type, count)
      pooled.process(0, us % (total + 1), () => {})
      pooled.process(0, 0, () => {})
      pooled.copyFrom(src)
      // the reference: walked to x itself, its counters zeroed (what a new clone starts with)
      const walked = new Segment(type, count)
      walked.process(0, x, () => {})
      walked.resetCounters()
      const trace = (s: Segment) => {
        const t: number[] = []
        t.push(s.position, s.stackSteps, s.pieces, s.catchupSteps, s.catchupBytes, s.catchupPieces, s.resets)
        s.process(y, total, (b, st, l) => t.push(b, st, l))
        s.process(x, y, (b, st, l) => t.push(b, st, l))
        t.push(s.stackSteps, s.pieces, s.catchupSteps, s.catchupBytes, s.catchupPieces, s.resets)
        return { t, checkpoint: [...s.serialize()] }
      }
      expect(trace(pooled)).toEqual(trace(walked))
    }), RUNS)
    const other = new Segment(vector(2, 1, 2, FLOAT64).commit(), 1)
    // an MpiError like every other misuse of the engine, not a RangeError
    expect(() => other.copyFrom(new Segment(vector(3, 1, 2, FLOAT64).commit(), 1))).toThrow(expect.objectContaining({
      name: 'MpiError', errorClass: 'ERR_ARG', message: expect.stringMatching(/another program/) }))
  })
})

describe('generated kernels on shapes random types rarely reach', () => {
  it('sibling vectors of small runs (unrolled), long runs (native copy) and indexed runs pack like the reference', () => {
    fc.assert(fc.property(
      // counts below and above 2 * UNROLL_RUNS (32): the plain loop and the unrolled one
      fc.integer({ min: 8, max: 80 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 7 }), fc.integer(),
      (count, units, shift, seed) => {
        const small = vector(count, units, units + 3, INT32)
        const wide = vector(3, 200, 260, FLOAT64)
        const mixed = indexed([1, 130, 2], [0, 3, 300], FLOAT64)
        const list = hindexedBlock(units, Array.from({ length: count }, (_, i) => 7 * ((i * 37) % count) * 4), INT32)
        const type = struct([1, 1, 2, 1, 1, 1], [0, 4000, 16, 30000, 40000, 50000], [small, small, wide, mixed, list, list]).commit()
        for (const c of [1, 2]) {
          const { size, origin, runs } = layout(type, c, shift)
          const src = filled(size, seed)
          const packed = new Uint8Array(type.size * c + shift)
          pack(type, c, src, origin, packed, shift)
          expectSameBytes(packed.subarray(shift), referencePack(runs, src, origin))
          const dst = new Uint8Array(size)
          unpack(type, c, packed, shift, dst, origin)
          const want = new Uint8Array(size)
          for (const [o, l] of runs) want.set(src.subarray(origin + o, origin + o + l), origin + o)
          expectSameBytes(dst, want)
        }
      }), { numRuns: 40 })
  }, 180_000) // about 20 s of CPU, mostly the byte-by-byte toEqual; the default 60 s is short on a busy machine
})
