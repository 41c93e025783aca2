// Property tests of the kernels' wider moves against the reference typemap, on bytes that include
// every kind of NaN bit pattern: float64 words inside 4-byte-grain runs whose ends agree mod 8,
// instances that sit between a vector's rows (fft2d's transpose shape), long runs that take the
// native block copy, and the same in a PackArena.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BYTE, COMPLEX128, FLOAT32, FLOAT64, INT32, PackArena, hindexed, hindexedBlock, pack, resized, struct, unpack, vector } from '../src/internal.js'
import type { Datatype } from '../src/index.js'
import { referenceRuns } from './reference.js'

/** NaN (signalling and quiet, both signs), infinity and -0 bit patterns, float64 and float32. */
const NAN64 = [0x7ff0000000000001n, 0x7ff8000000000000n, 0xfff8000000000000n, 0x7fffffffffffffffn, 0xfff0000000000001n, 0x7ff4000000000000n, 0x7ff0000000000000n, 0x8000000000000000n]
const NAN32 = [0x7f800001, 0x7fc00000, 0xffc00000, 0x7fffffff, 0xff800001, 0x7fa00000, 0x80000000]

/** Random bytes with NaN patterns written at random places (any alignment). */
function bytesWithNaNs(n: number, seed: number): Uint8Array {
  const b = new Uint8Array(n)
  const dv = new DataView(b.buffer)
  let x = seed >>> 0 || 1
  const next = (): number => {
    x ^= x << 13; x >>>= 0
    x ^= x >>> 17
    x ^= x << 5; x >>>= 0
    return x
  }
  for (let i = 0; i < n; i++) b[i] = next() & 0xff
  for (let i = 0; i + 8 <= n; i += 1 + (next() % 13)) {
    const r = next()
    if (r & 1) dv.setBigUint64(i, NAN64[(r >>> 1) % NAN64.length]!, true)
    else dv.setUint32(i, NAN32[(r >>> 1) % NAN32.length]!, true)
  }
  return b
}

interface Case { readonly type: Datatype; readonly count: number; readonly shift: number; readonly pshift: number; readonly seed: number }

/** Packs and unpacks `c` on plain buffers and, when `arena`, on PackArena buffers; both must match the reference bytes. */
function check(c: Case, arena: boolean): void {
  const runs = referenceRuns(c.type, c.count)
  let lo = 0, hi = 0, size = 0
  for (const [o, l] of runs) {
    lo = Math.min(lo, o)
    hi = Math.max(hi, o + l)
    size += l
  }
  const origin = 16 + c.shift - lo
  const span = hi - lo + 32 + c.shift
  const src = bytesWithNaNs(span, c.seed)
  const want = new Uint8Array(size)
  let at = 0
  for (const [o, l] of runs) for (let k = 0; k < l; k++) want[at++] = src[origin + o + k]!
  const back = new Uint8Array(span).fill(0x5a)
  for (const [o, l] of runs) for (let k = 0; k < l; k++) back[origin + o + k] = src[origin + o + k]!
  const a = arena ? new PackArena(2 * span + size + c.pshift + 4096) : undefined
  const buf = a === undefined ? new Uint8Array(span) : a.alloc(span, 8)
  buf.set(src)
  const packed = a === undefined ? new Uint8Array(size + c.pshift) : a.alloc(size + c.pshift, 8)
  expect(pack(c.type, c.count, buf, origin, packed, c.pshift)).toBe(size)
  expect(Buffer.compare(packed.subarray(c.pshift), want)).toBe(0)
  const dst = a === undefined ? new Uint8Array(span) : a.alloc(span, 8)
  dst.fill(0x5a)
  unpack(c.type, c.count, packed, c.pshift, dst, origin)
  expect(Buffer.compare(dst, back)).toBe(0)
}

const elem = fc.constantFrom(FLOAT64, INT32, FLOAT32, BYTE)

/** Vectors of runs resized so that instances sit side by side between the rows (and some that do not). */
const interleavedArb = fc.record({
  old: elem, rows: fc.integer({ min: 2, max: 12 }), block: fc.integer({ min: 1, max: 40 }),
  gaps: fc.integer({ min: 0, max: 3 }), count: fc.integer({ min: 0, max: 9 }), room: fc.integer({ min: -2, max: 3 }),
  shift: fc.integer({ min: 0, max: 7 }), pshift: fc.integer({ min: 0, max: 7 }), seed: fc.integer(),
}).map((r): Case => {
  const e = r.old.size
  const extent = (r.block + r.gaps) * e // instance n's runs start n*extent bytes to the right
  const strideElems = Math.max(r.block, (Math.max(1, r.count) * (r.block + r.gaps)) + r.room)
  const type = resized(vector(r.rows, r.block, strideElems, r.old), 0, extent).commit()
  return { type, count: r.count, shift: r.shift * (r.shift % 2 === 0 ? e : 1), pshift: r.pshift * (r.pshift % 2 === 0 ? e : 1), seed: r.seed }
})

/** Runs of 4-byte units at 4-aligned positions, both parities against the packed side. */
const wideArb = fc.record({
  units: fc.integer({ min: 1, max: 100 }), displs: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 24 }),
  count: fc.integer({ min: 1, max: 3 }), shift: fc.integer({ min: 0, max: 3 }), pshift: fc.integer({ min: 0, max: 3 }), seed: fc.integer(),
}).map((r): Case => {
  // distinct, sorted, non-overlapping displacements in 4-byte units
  let at = 0
  const d = r.displs.map((g) => { const x = at + g; at = x + r.units; return 4 * x })
  const type = hindexedBlock(r.units, d, INT32).commit()
  return { type, count: r.count, shift: 4 * r.shift, pshift: 4 * r.pshift, seed: r.seed }
})

/** Runs of random lengths up to 2,000 bytes, so both the unrolled moves and the native block copies run. */
const longRunsArb = fc.record({
  old: elem, lens: fc.array(fc.integer({ min: 1, max: 250 }), { minLength: 1, maxLength: 12 }), gap: fc.integer({ min: 0, max: 64 }),
  count: fc.integer({ min: 1, max: 3 }), shift: fc.integer({ min: 0, max: 7 }), pshift: fc.integer({ min: 0, max: 7 }), seed: fc.integer(),
}).map((r): Case => {
  const e = r.old.size
  let at = 0
  const displs = r.lens.map((l) => { const x = at; at += (l + r.gap) * e; return x })
  const type = hindexed(r.lens, displs, r.old).commit()
  return { type, count: r.count, shift: r.shift * (r.shift % 2 === 0 ? e : 1), pshift: r.pshift * (r.pshift % 2 === 0 ? e : 1), seed: r.seed }
})

describe('wide moves in the generated kernels', () => {
  it('instances between the rows of a vector: pack and unpack give the reference bytes', () => {
    fc.assert(fc.property(interleavedArb, (c) => check(c, false)), { numRuns: 300 })
  })

  it('4-byte-grain runs with float64 words: pack and unpack give the reference bytes, NaN patterns kept', () => {
    fc.assert(fc.property(wideArb, (c) => check(c, false)), { numRuns: 300 })
  })

  it('long runs (native block copies through fresh views): pack and unpack give the reference bytes', () => {
    fc.assert(fc.property(longRunsArb, (c) => check(c, false)), { numRuns: 200 })
  })

  it('the same cases in a PackArena', () => {
    fc.assert(fc.property(fc.oneof(interleavedArb, wideArb, longRunsArb), (c) => check(c, true)), { numRuns: 150 })
  })

  it('fft2d P = 64 transpose shape (64 instances 256 B apart, rows 16 KiB apart) round-trips', () => {
    const type = resized(vector(16, 32, 64 * 32, FLOAT64), 0, 256).commit()
    check({ type, count: 64, shift: 0, pshift: 0, seed: 7 }, false)
    check({ type, count: 64, shift: 4, pshift: 4, seed: 8 }, false)
    check({ type, count: 63, shift: 1, pshift: 0, seed: 9 }, false)
  })

  it('short runs of instances side by side (unpacked row by row): the reference bytes, overlapping rows too', () => {
    // extent = run length and runs of up to 32 B: unpack moves up to 4 instances per row when the
    // rows do not overlap (count * run <= stride); counts around that bound take both paths
    const sideBySide = fc.record({
      old: elem, rows: fc.integer({ min: 2, max: 20 }), block: fc.integer({ min: 1, max: 4 }),
      count: fc.integer({ min: 1, max: 19 }), room: fc.integer({ min: -3, max: 3 }),
      shift: fc.integer({ min: 0, max: 7 }), pshift: fc.integer({ min: 0, max: 7 }), seed: fc.integer(),
    }).map((r): Case => {
      const e = r.old.size
      const strideElems = Math.max(r.block, r.count * r.block + r.room)
      const type = resized(vector(r.rows, r.block, strideElems, r.old), 0, r.block * e).commit()
      return { type, count: r.count, shift: r.shift * (r.shift % 2 === 0 ? e : 1), pshift: r.pshift * (r.pshift % 2 === 0 ? e : 1), seed: r.seed }
    })
    // unpack of arbitrary packed bytes: where rows overlap, the last write in typemap order wins
    const unpackInOrder = (c: Case): void => {
      const runs = referenceRuns(c.type, c.count)
      let lo = 0, hi = 0, size = 0
      for (const [o, l] of runs) { lo = Math.min(lo, o); hi = Math.max(hi, o + l); size += l }
      const origin = 16 + c.shift - lo
      const packed = bytesWithNaNs(size + c.pshift, c.seed ^ 0x55)
      const want = new Uint8Array(hi - lo + 32 + c.shift).fill(0x5a), got = want.slice()
      let at = c.pshift
      for (const [o, l] of runs) for (let k = 0; k < l; k++) want[origin + o + k] = packed[at++]!
      unpack(c.type, c.count, packed, c.pshift, got, origin)
      expect(Buffer.compare(got, want)).toBe(0)
    }
    fc.assert(fc.property(sideBySide, (c) => { check(c, false); unpackInOrder(c) }), { numRuns: 400 })
    const elem16 = resized(vector(64, 1, 64, COMPLEX128), 0, 16).commit()
    for (let i = 0; i < 200; i++) check({ type: elem16, count: 64 - (i % 3), shift: 0, pshift: 0, seed: i + 1 }, false)
  })

  it('native copies reusing their source views: the same buffers packed again, at other origins, counts and offsets', () => {
    // the kernels keep the views of their native copies per source buffer and position (kernels.ts
    // viewsFor): a sequence of calls over two buffers each way, with contents changed between
    // calls, must give the reference bytes every time, whether the stored views were reused or not
    const step = fc.record({
      buf: fc.integer({ min: 0, max: 1 }), packed: fc.integer({ min: 0, max: 1 }), shift: fc.integer({ min: 0, max: 1 }),
      pshift: fc.integer({ min: 0, max: 1 }), count: fc.integer({ min: 1, max: 3 }), seed: fc.integer(),
    })
    const lens = fc.array(fc.integer({ min: 1, max: 250 }), { minLength: 1, maxLength: 8 })
    fc.assert(fc.property(elem, lens, fc.integer({ min: 0, max: 40 }), fc.array(step, { minLength: 2, maxLength: 12 }), (old, ls, gap, steps) => {
      const e = old.size
      let at = 0
      const type = hindexed(ls, ls.map((l) => { const x = at; at += (l + gap) * e; return x }), old).commit()
      const size = ls.reduce((a, l) => a + l, 0) * e * 3
      const span = 3 * at + 64
      const bufs = [new Uint8Array(span), new Uint8Array(span)], packs = [new Uint8Array(size + 16), new Uint8Array(size + 16)]
      for (const s of steps) {
        const origin = 16 + s.shift * 8, off = s.pshift * 8, n = s.count * ls.reduce((a, l) => a + l, 0) * e
        const src = bytesWithNaNs(span, s.seed)
        const buf = bufs[s.buf]!, packed = packs[s.packed]!
        buf.set(src)
        const runs = referenceRuns(type, s.count)
        const want = new Uint8Array(n)
        let w = 0
        for (const [o, l] of runs) for (let k = 0; k < l; k++) want[w++] = src[origin + o + k]!
        expect(pack(type, s.count, buf, origin, packed, off)).toBe(n)
        expect(Buffer.compare(packed.subarray(off, off + n), want)).toBe(0)
        buf.fill(0x5a)
        unpack(type, s.count, packed, off, buf, origin)
        for (const [o, l] of runs) expect(Buffer.compare(buf.subarray(origin + o, origin + o + l), src.subarray(origin + o, origin + o + l))).toBe(0)
      }
    }), { numRuns: 150 })
  })

  it('hot kernels (optimized by the JIT after many calls) keep every NaN bit pattern', () => {
    // float64 words through optimized code: the case V8 could canonicalize, if it ever did
    const wide = hindexedBlock(15, Array.from({ length: 40 }, (_, i) => 4 * (i * 23 + (i % 3))), INT32).commit()
    const rows = resized(vector(8, 32, 64 * 32, FLOAT64), 0, 256).commit()
    for (let i = 0; i < 600; i++) {
      check({ type: wide, count: 2, shift: 4 * (i % 2), pshift: 4 * ((i >> 1) % 2), seed: i + 1 }, false)
      if (i % 3 === 0) check({ type: rows, count: 64, shift: 0, pshift: 0, seed: i + 1 }, false)
    }
  })
})

/**
 * Many runs of one length (1-24 elements, so 1-24 units at every grain: below, inside and above the
 * mid-run loop's 5-16 units), at random gaps, in address order or shuffled, as an indexed_block, a
 * struct of equal blocks or an hindexed with some runs one element longer (touching runs merge);
 * a vector of the same runs.
 */
const runListArb = fc.record({
  old: elem, block: fc.integer({ min: 1, max: 24 }), gaps: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 120 }),
  order: fc.array(fc.nat(), { minLength: 120, maxLength: 120 }), shuffle: fc.boolean(), ctor: fc.constantFrom('indexedBlock', 'struct', 'hindexed', 'vector'),
  stride: fc.integer({ min: 0, max: 30 }), count: fc.integer({ min: 1, max: 3 }), shift: fc.integer({ min: 0, max: 7 }), pshift: fc.integer({ min: 0, max: 7 }), seed: fc.integer(),
}).map((r): Case => {
  const e = r.old.size
  const shift = r.shift * (r.shift % 2 === 0 ? e : 1), pshift = r.pshift * (r.pshift % 2 === 0 ? e : 1)
  // the runs of the gap list, repeated up to 40-120 runs so that several iterations of the loop run
  const n = Math.max(r.gaps.length, 40 + (r.seed >>> 0) % 81)
  let at = 0
  const displs = Array.from({ length: n }, (_, i) => { const x = at + r.gaps[i % r.gaps.length]!; at = x + r.block; return e * x })
  if (r.shuffle) for (let i = n - 1; i > 0; i--) { const j = r.order[i % r.order.length]! % (i + 1); [displs[i], displs[j]] = [displs[j]!, displs[i]!] }
  const type = r.ctor === 'indexedBlock' ? hindexedBlock(r.block, displs, r.old)
    : r.ctor === 'struct' ? struct(displs.map(() => r.block), displs, displs.map(() => r.old))
      : r.ctor === 'hindexed' ? hindexed(displs.map((_, i) => (i % 7 === 3 ? r.block + 1 : r.block)), displs, r.old)
        : vector(n, r.block, r.block + r.stride, r.old)
  return { type: type.commit(), count: r.count, shift, pshift, seed: r.seed }
})

describe('several runs per iteration (lists and vectors of 5-16-unit runs)', () => {
  it('random run lists and vectors, any alignment: pack gives the reference bytes, unpack restores them', () => {
    fc.assert(fc.property(runListArb, (c) => check(c, false)), { numRuns: 400 })
  })

  it('the same in a PackArena', () => {
    fc.assert(fc.property(runListArb, (c) => check(c, true)), { numRuns: 100 })
  })

  it("SPECFEM3D's shape (groups of five 12-byte blocks, 60-byte runs), hot, at both parities of each side", () => {
    const displs = Array.from({ length: 400 }, (_, i) => {
      const g = Math.floor(i / 5)
      return 4 * 3 * (55 * g + ((Math.imul(g, 2654435761) >>> 0) >>> 27) + (i % 5))
    })
    const type = hindexedBlock(3, displs, FLOAT32).commit()
    for (let i = 0; i < 400; i++) check({ type, count: 1 + (i % 2), shift: 4 * ((i >> 1) % 2), pshift: 4 * ((i >> 2) % 2), seed: i + 1 }, false)
  })
})
