// A second, independent reading of the MPI standard's datatype definitions (MPI-4.1 §5.1), made
// from the JSON spec alone: no constructor, bounds or engine code of the package is used. A type
// is its typemap, a list of (displacement, bytes, alignment) entries in typemap order, plus the
// lb/ub markers resized sets (kept as the lowest lb marker and highest ub marker, which is all
// lb/ub need since copies only shift them).
//
// Rules, each a property test in standard-rules.test.ts:
// - lb = lowest lb marker if any, else lowest entry displacement; ub = highest ub marker if any,
//   else highest entry end; both 0 for an empty typemap.
// - Every constructor's typemap is its members' typemaps, shifted, in order; copy k of a block
//   sits k extents of the member after the block's start. Markers shift with them.
// - resized replaces the member's markers by lb and lb + extent.
// - Without an ub marker the extent is rounded up to the largest alignment of the entries (the
//   standard's epsilon, for every constructor). The padded end is kept as a zero-byte "point"
//   entry, so a type built from it sees the padded ub.
// - A struct member of blocklength >= 1 keeps its place in the struct's bounds even when it holds
//   no data (the struct's bounds are given member by member from each member's lb and ub): a
//   member without entries leaves a point at its displacement. So struct{int32 @0,
//   contiguous(0) @100} has extent 100, as in MPICH and Open MPI.
// - Any other constructor whose typemap holds no data is a zero-length type: no entries, no
//   markers, lb = ub = 0, as MPICH and Open MPI build contiguous(n, resized(empty)) and
//   (h)indexed; (h)vector and (h)indexedBlock keep the markers of a data-less member (the
//   libraries differ there: Open MPI keeps them, as the standard does, MPICH does not).
// - subarray and darray: the selected elements in array order (C or F) at their array offsets,
//   markers at 0 and the full array's extent; darray selects per dimension the indices its
//   process coordinate owns (block, cyclic or all), processes numbered row-major.

import type { TypeSpec } from '../src/index.js'
import { ELEMENTARY } from '../src/internal.js'

export interface Entry {
  readonly d: number
  /** Bytes; 0 for a point (a padded end, or the place of a struct member without data). */
  readonly len: number
  readonly align: number
}

export interface StdType {
  readonly entries: readonly Entry[]
  readonly lbMark: number | undefined
  readonly ubMark: number | undefined
  readonly lb: number
  readonly ub: number
  readonly extent: number
  readonly size: number
}

const ZERO_LENGTH: StdType = { entries: [], lbMark: undefined, ubMark: undefined, lb: 0, ub: 0, extent: 0, size: 0 }

function finish(entries: Entry[], lbMark: number | undefined, ubMark: number | undefined): StdType {
  let lo = Infinity
  let hi = -Infinity
  let align = 1
  let size = 0
  for (const e of entries) {
    lo = Math.min(lo, e.d)
    hi = Math.max(hi, e.d + e.len)
    align = Math.max(align, e.align)
    size += e.len
  }
  const lb = lbMark ?? (lo === Infinity ? 0 : lo)
  let ub = ubMark ?? (hi === -Infinity ? 0 : hi)
  if (ubMark === undefined && hi !== -Infinity) {
    const rest = (((ub - lb) % align) + align) % align
    if (rest !== 0) ub += align - rest
    if (ub !== hi) entries.push({ d: ub, len: 0, align: 1 })
  }
  return { entries, lbMark, ubMark, lb, ub, extent: ub - lb, size }
}

/**
 * Appends `n` copies of `t` starting at `at`, copy k at at + k * extent. A struct `member` without
 * entries leaves a point at its place (its lb and ub, both 0).
 */
function place(out: { entries: Entry[]; lbMark?: number; ubMark?: number }, t: StdType, n: number, at: number, member = false): void {
  if (n === 0) return
  if (member && t.entries.length === 0 && t.lbMark === undefined) out.entries.push({ d: at, len: 0, align: 1 })
  for (let k = 0; k < n; k++) {
    const shift = at + k * t.extent
    for (const e of t.entries) out.entries.push({ d: e.d + shift, len: e.len, align: e.align })
  }
  const reachLow = Math.min(0, (n - 1) * t.extent)
  const reachHigh = Math.max(0, (n - 1) * t.extent)
  if (t.lbMark !== undefined) out.lbMark = Math.min(out.lbMark ?? Infinity, t.lbMark + at + reachLow)
  if (t.ubMark !== undefined) out.ubMark = Math.max(out.ubMark ?? -Infinity, t.ubMark + at + reachHigh)
}

/**
 * A non-struct constructor: blocks of one member. Without data it is zero-length, or with
 * `keepMarkers` only its members' markers.
 */
function blocks(pieces: readonly [n: number, at: number][], t: StdType, keepMarkers = false): StdType {
  const out: { entries: Entry[]; lbMark?: number; ubMark?: number } = { entries: [] }
  for (const [n, at] of pieces) place(out, t, n, at)
  if (!out.entries.some((e) => e.len > 0)) {
    if (!keepMarkers || (out.lbMark === undefined && out.ubMark === undefined)) return ZERO_LENGTH
    return finish([], out.lbMark, out.ubMark)
  }
  return finish(out.entries, out.lbMark, out.ubMark)
}

function elementaryStd(name: string): StdType {
  const info = ELEMENTARY[name as keyof typeof ELEMENTARY]
  if (info.components === undefined) return finish([{ d: 0, len: info.size, align: info.alignment }], undefined, undefined)
  const entries = info.components.map((c) => {
    const part = ELEMENTARY[c.name]
    return { d: c.offset, len: part.size, align: part.alignment }
  })
  return finish(entries, undefined, undefined)
}

export function standardType(spec: TypeSpec): StdType {
  if (typeof spec === 'string') return elementaryStd(spec)
  switch (spec.kind) {
    case 'contiguous': return blocks([[spec.count, 0]], standardType(spec.oldtype))
    case 'vector': {
      const t = standardType(spec.oldtype)
      return blocks(Array.from({ length: spec.count }, (_, b) => [spec.blocklength, b * spec.stride * t.extent]), t, true)
    }
    case 'hvector':
      return blocks(Array.from({ length: spec.count }, (_, b) => [spec.blocklength, b * spec.stride]), standardType(spec.oldtype), true)
    case 'indexed': {
      const t = standardType(spec.oldtype)
      return blocks(spec.displacements.map((d, i) => [spec.blocklengths[i], d * t.extent]), t)
    }
    case 'hindexed': return blocks(spec.displacements.map((d, i) => [spec.blocklengths[i], d]), standardType(spec.oldtype))
    case 'indexedBlock': {
      const t = standardType(spec.oldtype)
      return blocks(spec.displacements.map((d) => [spec.blocklength, d * t.extent]), t, true)
    }
    case 'hindexedBlock': return blocks(spec.displacements.map((d) => [spec.blocklength, d]), standardType(spec.oldtype), true)
    case 'struct': {
      const out: { entries: Entry[]; lbMark?: number; ubMark?: number } = { entries: [] }
      spec.types.forEach((member, i) => place(out, standardType(member), spec.blocklengths[i], spec.displacements[i], true))
      if (out.entries.length === 0 && out.lbMark === undefined) return ZERO_LENGTH
      return finish(out.entries, out.lbMark, out.ubMark)
    }
    case 'resized': {
      const t = standardType(spec.oldtype)
      return finish([...t.entries], spec.lb, spec.lb + spec.extent)
    }
    case 'dup': return standardType(spec.oldtype)
    case 'subarray': {
      const picked = spec.sizes.map((_, d) => Array.from({ length: spec.subsizes[d] }, (_, i) => spec.starts[d] + i))
      return arrayStd(spec.sizes, picked, spec.order, standardType(spec.oldtype))
    }
    case 'darray': return arrayStd(spec.gsizes, darrayIndices(spec), spec.order, standardType(spec.oldtype))
  }
}

/** Per dimension, the global indices the darray's process owns, in increasing order. */
function darrayIndices(spec: Extract<TypeSpec, { kind: 'darray' }>): number[][] {
  const coords: number[] = []
  let rest = spec.rank
  for (let d = spec.psizes.length - 1; d >= 0; d--) {
    coords[d] = rest % spec.psizes[d]
    rest = Math.floor(rest / spec.psizes[d])
  }
  return spec.gsizes.map((g, d) => {
    const p = spec.psizes[d], c = coords[d], darg = spec.dargs[d]
    const all = Array.from({ length: g }, (_, i) => i)
    switch (spec.distribs[d]) {
      case 'none': return all
      case 'block': { const b = darg ?? Math.ceil(g / p); return all.filter((i) => Math.floor(i / b) === c) }
      case 'cyclic': { const b = darg ?? 1; return all.filter((i) => Math.floor(i / b) % p === c) }
    }
  })
}

/**
 * The elements of an array of `sizes` whose index in dimension d is in `picked[d]`, in array
 * order (C: last dimension fastest; F: first), at their array offsets; markers 0 and the full
 * array's extent.
 */
function arrayStd(sizes: readonly number[], picked: readonly (readonly number[])[], order: 'C' | 'F', t: StdType): StdType {
  const n = sizes.length
  const dims = order === 'C' ? [...Array(n).keys()] : [...Array(n).keys()].reverse() // slowest first
  const out: { entries: Entry[]; lbMark?: number; ubMark?: number } = { entries: [] }
  const index = new Array<number>(n).fill(0)
  const total = picked.reduce((a, b) => a * b.length, 1)
  for (let k = 0; k < total; k++) {
    let offset = 0
    for (const d of dims) offset = offset * sizes[d] + picked[d][index[d]]
    place(out, { ...t, lbMark: undefined, ubMark: undefined }, 1, offset * t.extent)
    for (let j = dims.length - 1; j >= 0; j--) {
      const d = dims[j]
      if (++index[d] < picked[d].length) break
      index[d] = 0
    }
  }
  const full = sizes.reduce((a, b) => a * b, 1) * t.extent
  return finish(out.entries, 0, full)
}

/** Merged runs of `count` instances (instance i at i * extent), zero-byte entries dropped. */
export function standardRuns(t: StdType, count: number): [number, number][] {
  const runs: [number, number][] = []
  for (let i = 0; i < count; i++) {
    for (const e of t.entries) {
      if (e.len === 0) continue
      const d = e.d + i * t.extent
      const last = runs[runs.length - 1]
      if (last !== undefined && last[0] + last[1] === d) last[1] += e.len
      else runs.push([d, e.len])
    }
  }
  return runs
}

/** True data bounds: lowest and highest byte of the entries with bytes (0, 0 when none). */
export function standardTrueBounds(t: StdType): { trueLb: number; trueUb: number } {
  let lo = Infinity
  let hi = -Infinity
  for (const e of t.entries) {
    if (e.len === 0) continue
    lo = Math.min(lo, e.d)
    hi = Math.max(hi, e.d + e.len)
  }
  return lo === Infinity ? { trueLb: 0, trueUb: 0 } : { trueLb: lo, trueUb: hi }
}
