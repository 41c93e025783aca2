// A user's check of pack, unpack, packRange/unpackRange and Segment resumption against a naive
// typemap walk written from the MPI-4.1 §5.1 constructor definitions (the JSON spec alone; only
// the members' extents are taken from the package, whose bounds other tests check).

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Datatype, TypeSpec } from '../src/index.js'
import { pack, PackArena, packRange, Segment, typeFromJson, unpack, unpackRange } from '../src/index.js'
import { generatedTypeArb } from './arbitraries.js'

type Entry = readonly [disp: number, len: number]

const SIZES: Record<string, number> = {
  byte: 1, char: 1, int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, int64: 8, uint64: 8,
  float32: 4, float64: 8, complex64: 8, complex128: 16,
}
const PAIRS: Record<string, Entry[]> = {
  float_int: [[0, 4], [4, 4]], double_int: [[0, 8], [8, 4]], short_int: [[0, 2], [4, 4]], '2int': [[0, 4], [4, 4]],
}

// memoized by spec object: nested specs are shared subtrees, and rebuilding each level's members is exponential in depth
const extents = new WeakMap<object, number>()
const extentOf = (spec: TypeSpec): number => {
  if (typeof spec === 'string') return typeFromJson(spec).extent
  let e = extents.get(spec)
  if (e === undefined) extents.set(spec, e = typeFromJson(spec).extent)
  return e
}
const shift = (es: readonly Entry[], by: number): Entry[] => es.map(([d, l]) => [d + by, l])

/** Indices of one darray dimension that process coordinate `c` owns, ascending. */
function owned(gsize: number, distrib: string, darg: number | null, psize: number, c: number): number[] {
  const all = Array.from({ length: gsize }, (_, i) => i)
  if (distrib === 'none') return all
  if (distrib === 'block') {
    const b = darg ?? Math.ceil(gsize / psize)
    return all.filter((i) => Math.floor(i / b) === c)
  }
  const b = darg ?? 1
  return all.filter((i) => Math.floor(i / b) % psize === c)
}

/** Array elements in storage order: `perDim[i]` are the selected indices of dimension i. */
function arrayEntries(sizes: readonly number[], perDim: readonly number[][], order: 'C' | 'F', old: TypeSpec): Entry[] {
  const e = extentOf(old)
  const inner = typemap(old)
  const n = sizes.length
  const dims = order === 'C' ? [...Array(n).keys()] : [...Array(n).keys()].reverse() // slowest first
  const out: Entry[] = []
  const rec = (k: number, idx: number[]) => {
    if (k === n) {
      let lin = 0
      for (const dim of (order === 'C' ? [...Array(n).keys()] : [...Array(n).keys()].reverse())) lin = lin * sizes[dim]! + idx[dim]!
      out.push(...shift(inner, lin * e))
      return
    }
    const dim = dims[k]!
    for (const i of perDim[dim]!) { idx[dim] = i; rec(k + 1, idx) }
  }
  rec(0, new Array(n).fill(0))
  return out
}

const typemaps = new WeakMap<object, Entry[]>()

/** The typemap of one instance: data entries in typemap order. */
function typemap(spec: TypeSpec): Entry[] {
  if (typeof spec === 'string') return walk(spec)
  let t = typemaps.get(spec)
  if (t === undefined) typemaps.set(spec, t = walk(spec))
  return t
}

function walk(spec: TypeSpec): Entry[] {
  if (typeof spec === 'string') return PAIRS[spec] ?? [[0, SIZES[spec]!]]
  const out: Entry[] = []
  switch (spec.kind) {
    case 'contiguous': {
      const e = extentOf(spec.oldtype), t = typemap(spec.oldtype)
      for (let i = 0; i < spec.count; i++) out.push(...shift(t, i * e))
      return out
    }
    case 'vector': case 'hvector': {
      const e = extentOf(spec.oldtype), t = typemap(spec.oldtype)
      const stride = spec.kind === 'vector' ? spec.stride * e : spec.stride
      for (let i = 0; i < spec.count; i++) for (let j = 0; j < spec.blocklength; j++) out.push(...shift(t, i * stride + j * e))
      return out
    }
    case 'indexed': case 'hindexed': case 'indexedBlock': case 'hindexedBlock': {
      const e = extentOf(spec.oldtype), t = typemap(spec.oldtype)
      const unit = spec.kind === 'indexed' || spec.kind === 'indexedBlock' ? e : 1
      spec.displacements.forEach((d, i) => {
        const bl = 'blocklengths' in spec ? spec.blocklengths[i]! : spec.blocklength
        for (let j = 0; j < bl; j++) out.push(...shift(t, d * unit + j * e))
      })
      return out
    }
    case 'struct':
      spec.types.forEach((ty, i) => {
        const e = extentOf(ty), t = typemap(ty)
        for (let j = 0; j < spec.blocklengths[i]!; j++) out.push(...shift(t, spec.displacements[i]! + j * e))
      })
      return out
    case 'subarray':
      return arrayEntries(spec.sizes, spec.sizes.map((_, i) =>
        Array.from({ length: spec.subsizes[i]! }, (_, k) => spec.starts[i]! + k)), spec.order, spec.oldtype)
    case 'darray': {
      const coords: number[] = []
      let r = spec.rank
      for (let i = spec.psizes.length - 1; i >= 0; i--) { coords[i] = r % spec.psizes[i]!; r = Math.floor(r / spec.psizes[i]!) }
      return arrayEntries(spec.gsizes, spec.gsizes.map((g, i) =>
        owned(g, spec.distribs[i]!, spec.dargs[i]!, spec.psizes[i]!, coords[i]!)), spec.order, spec.oldtype)
    }
    case 'resized': case 'dup':
      return typemap(spec.oldtype)
  }
}

/** Entries of `count` instances, each `extent` bytes past the previous. */
function instances(type: Datatype, spec: TypeSpec, count: number): Entry[] {
  const t = typemap(spec)
  const out: Entry[] = []
  for (let k = 0; k < count; k++) out.push(...shift(t, k * type.extent))
  return out
}

function layout(entries: readonly Entry[]) {
  let lo = 0, hi = 0
  for (const [d, l] of entries) { lo = Math.min(lo, d); hi = Math.max(hi, d + l) }
  return { origin: -lo, length: hi - lo }
}

function naivePack(entries: readonly Entry[], buf: Uint8Array, origin: number): Uint8Array {
  const out: number[] = []
  for (const [d, l] of entries) for (let b = 0; b < l; b++) out.push(buf[origin + d + b]!)
  return Uint8Array.from(out)
}

function naiveUnpack(entries: readonly Entry[], packed: Uint8Array, buf: Uint8Array, origin: number): void {
  let p = 0
  for (const [d, l] of entries) for (let b = 0; b < l; b++) buf[origin + d + b] = packed[p++]!
}

const overlaps = (entries: readonly Entry[]): boolean => {
  const sorted = [...entries].filter(([, l]) => l > 0).sort((a, b) => a[0] - b[0])
  return sorted.some(([d], i) => i > 0 && d < sorted[i - 1]![0] + sorted[i - 1]![1])
}

const filled = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed * 7 + 1) & 0xff)

const caseArb = fc.record({
  g: generatedTypeArb({ maxDepth: 4, maxPieces: 300 }),
  count: fc.integer({ min: 0, max: 3 }),
  cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
  seed: fc.integer({ min: 0, max: 255 }),
})

describe('pack and unpack against a naive typemap walk', () => {
  it('pack gives the typemap bytes in typemap order, for 0 to 3 instances', () => {
    fc.assert(fc.property(caseArb, ({ g, count, seed }) => {
      const type = g.type.commit()
      const entries = instances(type, g.spec, count)
      const { origin, length } = layout(entries)
      const buf = filled(length, seed)
      const out = new Uint8Array(type.size * count)
      expect(pack(type, count, buf, origin, out)).toBe(out.length)
      expect(out).toEqual(naivePack(entries, buf, origin))
    }), { numRuns: 300, seed: 1 })
  })

  it('pack and unpack between PackArena buffers (the wasm kernel, for every type) give the same bytes', () => {
    const arena = new PackArena(1 << 22, { minRunBytes: 0, bulkFromBytes: 24 })
    fc.assert(fc.property(caseArb, ({ g, count, seed }) => {
      arena.reset()
      const type = g.type.commit()
      if (type.size > 0) expect(arena.usesWasm(type)).toBe(true)
      const entries = instances(type, g.spec, count)
      const { origin, length } = layout(entries)
      const buf = arena.alloc(length, 1 << (seed % 5))
      buf.set(filled(length, seed))
      const out = arena.alloc(type.size * count, 1 << ((seed >> 3) % 5))
      pack(type, count, buf, origin, out)
      expect(out).toEqual(naivePack(entries, buf, origin))
      const packed = filled(out.length, seed + 1)
      out.set(packed)
      const want = Uint8Array.from(buf)
      naiveUnpack(entries, packed, want, origin)
      unpack(type, count, out, 0, buf, origin)
      expect(buf).toEqual(want)
    }), { numRuns: 300, seed: 4 })
  })

  it('unpack writes in typemap order (the last write wins where entries overlap) and leaves other bytes', () => {
    fc.assert(fc.property(caseArb, ({ g, count, seed }) => {
      const type = g.type.commit()
      const entries = instances(type, g.spec, count)
      const { origin, length } = layout(entries)
      const packed = filled(type.size * count, seed + 1)
      const got = filled(length, seed), want = filled(length, seed)
      unpack(type, count, packed, 0, got, origin)
      naiveUnpack(entries, packed, want, origin)
      expect(got).toEqual(want)
      // without overlap, pack(unpack(x)) is x
      if (!overlaps(entries)) {
        const again = new Uint8Array(packed.length)
        pack(type, count, got, origin, again)
        expect(again).toEqual(packed)
      }
    }), { numRuns: 300, seed: 2 })
  })

  it('packRange and unpackRange over any cut of the stream, and one Segment resumed piece by piece, give the whole', () => {
    fc.assert(fc.property(caseArb, ({ g, count, cuts, seed }) => {
      const type = g.type.commit()
      const entries = instances(type, g.spec, count)
      const { origin, length } = layout(entries)
      const buf = filled(length, seed)
      const size = type.size * count
      const whole = naivePack(entries, buf, origin)
      const points = [0, ...cuts.map((c) => Math.floor(c * size)).sort((a, b) => a - b), size]
      const byRange = new Uint8Array(size), bySegment = new Uint8Array(size)
      const seg = new Segment(type, count)
      const back = filled(length, seed), want = filled(length, seed)
      for (let i = 0; i + 1 < points.length; i++) {
        const [a, b] = [points[i]!, points[i + 1]!]
        expect(packRange(type, count, buf, origin, a, b, byRange, a)).toBe(b - a)
        seg.process(a, b, (bo, so, len) => bySegment.set(buf.subarray(origin + bo, origin + bo + len), so))
        expect(seg.position).toBe(b)
        unpackRange(type, count, whole, a, back, origin, a, b)
      }
      naiveUnpack(entries, whole, want, origin)
      expect(byRange).toEqual(whole)
      expect(bySegment).toEqual(whole)
      expect(back).toEqual(want)
    }), { numRuns: 300, seed: 3 })
  })
})
