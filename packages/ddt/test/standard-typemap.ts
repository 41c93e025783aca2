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
// - struct (and the pair types, which are structs) rounds the extent up to the largest alignment
//   of its entries unless it has an ub marker. The padded end is kept as a zero-byte "end point"
//   entry, so a type built from the struct sees the padded ub, as MPICH and Open MPI do.
// - An empty member (no entries, no markers) adds nothing: struct{int32 @0, contiguous(0) @100}
//   has extent 4 by the typemap definition (MPICH and Open MPI say 100; see docs/datatypes.md).
// - subarray: the subarray's elements in array order (C or F) at their array offsets, markers at
//   0 and the full array's extent.

import type { TypeSpec } from '../src/index.js'
import { ELEMENTARY } from '../src/internal.js'

export interface Entry {
  readonly d: number
  /** Bytes; 0 for a struct's padded end point. */
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

function finish(entries: Entry[], lbMark: number | undefined, ubMark: number | undefined, pad: boolean): StdType {
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
  if (pad && ubMark === undefined && hi !== -Infinity) {
    const rest = (((ub - lb) % align) + align) % align
    if (rest !== 0) ub += align - rest
    if (ub !== hi) entries.push({ d: ub, len: 0, align: 1 })
  }
  return { entries, lbMark, ubMark, lb, ub, extent: ub - lb, size }
}

/** Appends `n` copies of `t` starting at `at`, copy k at at + k * extent. */
function place(out: { entries: Entry[]; lbMark?: number; ubMark?: number }, t: StdType, n: number, at: number): void {
  if (n === 0) return
  for (let k = 0; k < n; k++) {
    const shift = at + k * t.extent
    for (const e of t.entries) out.entries.push({ d: e.d + shift, len: e.len, align: e.align })
  }
  const reachLow = Math.min(0, (n - 1) * t.extent)
  const reachHigh = Math.max(0, (n - 1) * t.extent)
  if (t.lbMark !== undefined) out.lbMark = Math.min(out.lbMark ?? Infinity, t.lbMark + at + reachLow)
  if (t.ubMark !== undefined) out.ubMark = Math.max(out.ubMark ?? -Infinity, t.ubMark + at + reachHigh)
}

function blocks(pieces: readonly [n: number, at: number][], t: StdType, pad = false): StdType {
  const out: { entries: Entry[]; lbMark?: number; ubMark?: number } = { entries: [] }
  for (const [n, at] of pieces) place(out, t, n, at)
  return finish(out.entries, out.lbMark, out.ubMark, pad)
}

function elementaryStd(name: string): StdType {
  const info = ELEMENTARY[name as keyof typeof ELEMENTARY]
  if (info.components === undefined) return finish([{ d: 0, len: info.size, align: info.alignment }], undefined, undefined, false)
  const entries = info.components.map((c) => {
    const part = ELEMENTARY[c.name]
    return { d: c.offset, len: part.size, align: part.alignment }
  })
  return finish(entries, undefined, undefined, true)
}

export function standardType(spec: TypeSpec): StdType {
  if (typeof spec === 'string') return elementaryStd(spec)
  switch (spec.kind) {
    case 'contiguous': return blocks([[spec.count, 0]], standardType(spec.oldtype))
    case 'vector': {
      const t = standardType(spec.oldtype)
      return blocks(Array.from({ length: spec.count }, (_, b) => [spec.blocklength, b * spec.stride * t.extent]), t)
    }
    case 'hvector':
      return blocks(Array.from({ length: spec.count }, (_, b) => [spec.blocklength, b * spec.stride]), standardType(spec.oldtype))
    case 'indexed': {
      const t = standardType(spec.oldtype)
      return blocks(spec.displacements.map((d, i) => [spec.blocklengths[i], d * t.extent]), t)
    }
    case 'hindexed': return blocks(spec.displacements.map((d, i) => [spec.blocklengths[i], d]), standardType(spec.oldtype))
    case 'indexedBlock': {
      const t = standardType(spec.oldtype)
      return blocks(spec.displacements.map((d) => [spec.blocklength, d * t.extent]), t)
    }
    case 'hindexedBlock': return blocks(spec.displacements.map((d) => [spec.blocklength, d]), standardType(spec.oldtype))
    case 'struct': {
      const out: { entries: Entry[]; lbMark?: number; ubMark?: number } = { entries: [] }
      spec.types.forEach((member, i) => place(out, standardType(member), spec.blocklengths[i], spec.displacements[i]))
      return finish(out.entries, out.lbMark, out.ubMark, true)
    }
    case 'resized': {
      const t = standardType(spec.oldtype)
      return finish([...t.entries], spec.lb, spec.lb + spec.extent, false)
    }
    case 'dup': return standardType(spec.oldtype)
    case 'subarray': return subarrayStd(spec.sizes, spec.subsizes, spec.starts, spec.order, standardType(spec.oldtype))
    case 'darray': throw new Error('darray: not modelled by the independent reading')
  }
}

function subarrayStd(sizes: readonly number[], subsizes: readonly number[], starts: readonly number[], order: 'C' | 'F', t: StdType): StdType {
  const n = sizes.length
  const dims = order === 'C' ? [...Array(n).keys()] : [...Array(n).keys()].reverse() // slowest first
  const out: { entries: Entry[]; lbMark?: number; ubMark?: number } = { entries: [] }
  const index = new Array<number>(n).fill(0)
  const total = subsizes.reduce((a, b) => a * b, 1)
  for (let k = 0; k < total; k++) {
    // array offset of this element: row-major (C) or column-major (F) over the full sizes
    let offset = 0
    for (const d of dims) offset = offset * sizes[d] + starts[d] + index[d]
    place(out, { ...t, lbMark: undefined, ubMark: undefined }, 1, offset * t.extent)
    for (let j = dims.length - 1; j >= 0; j--) {
      const d = dims[j]
      if (++index[d] < subsizes[d]) break
      index[d] = 0
    }
  }
  const full = sizes.reduce((a, b) => a * b, 1) * t.extent
  return finish(out.entries, 0, full, false)
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

export function containsDarray(spec: TypeSpec): boolean {
  if (typeof spec === 'string') return false
  if (spec.kind === 'darray') return true
  if (spec.kind === 'struct') return spec.types.some(containsDarray)
  return containsDarray(spec.oldtype)
}
