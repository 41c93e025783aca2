// Reusable fast-check arbitraries of random nested datatypes in the JSON grammar.
// Every constructor appears, with negative strides and displacements, resized (lb < 0, extent
// smaller than the data), structs of mixed types, subarrays, darrays and zero-length blocks.
// Size is bounded: at most `maxDepth` constructor levels and `maxPieces` elementary pieces per
// instance, so engines can be checked against the reference typemap quickly.

import fc from 'fast-check'
import type { Datatype, ElementaryName, TypeSpec } from '../src/index.js'
import { ELEMENTARY_NAMES, typeFromJson } from '../src/internal.js'

export interface TypeArbOptions {
  /** Constructor levels above the elementary leaves (default 4). */
  readonly maxDepth?: number
  /** Elementary pieces in one instance, pair types counting their two components (default 2000). */
  readonly maxPieces?: number
}

/** A generated type together with its spec (what shrinking and failure reports show). */
export interface GeneratedType {
  readonly spec: TypeSpec
  readonly type: Datatype
}

/** Elementary pieces of one instance, counted from the lowered form (pairs count 2). */
export function leafPieces(type: Datatype): number {
  const l = type.lowered
  switch (l.kind) {
    case 'elem': return 1
    case 'contig': return l.count * leafPieces(l.child)
    case 'hvector': return l.count * l.blocklength * leafPieces(l.child)
    case 'hindexedBlock': return l.displs.length * l.blocklength * leafPieces(l.child)
    case 'hindexed': return l.blocklengths.reduce((a, b) => a + b, 0) * leafPieces(l.child)
    case 'struct': return l.children.reduce((a, c, i) => a + l.blocklengths[i] * leafPieces(c), 0)
    case 'resized': return leafPieces(l.child)
  }
}

const generated = (spec: TypeSpec): GeneratedType => ({ spec, type: typeFromJson(spec) })

const elementaryArb: fc.Arbitrary<GeneratedType> = fc
  .constantFrom<ElementaryName>(...ELEMENTARY_NAMES)
  .map(generated)

/** 0..min(max, cap), rarely 0: zero-length blocks must appear but not empty most nested types. */
function small(max: number, cap: number): fc.Arbitrary<number> {
  const top = Math.max(0, Math.min(max, cap))
  if (top === 0) return fc.constant(0)
  return fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.integer({ min: 1, max: top }), weight: 19 })
}
const displacement = (range: number) => fc.integer({ min: -range, max: range })

/** `n` dimensions of size 1..maxEach whose product stays <= maxProduct. */
function dimsArb(n: number, maxEach: number, maxProduct: number): fc.Arbitrary<number[]> {
  if (n === 0) return fc.constant([])
  return fc.integer({ min: 1, max: Math.max(1, Math.min(maxEach, maxProduct)) })
    .chain((d) => dimsArb(n - 1, maxEach, Math.max(1, Math.floor(maxProduct / d))).map((rest) => [d, ...rest]))
}

/** A block count and block length with count * blocklength <= cap. */
function countAndLength(maxCount: number, maxLength: number, cap: number): fc.Arbitrary<[number, number]> {
  return small(maxCount, cap).chain((count) =>
    small(maxLength, Math.floor(cap / Math.max(1, count))).map((bl): [number, number] => [count, bl]))
}

/** Blocklengths whose sum stays <= cap. */
function lengthsArb(n: number, maxLength: number, cap: number): fc.Arbitrary<number[]> {
  if (n === 0) return fc.constant([])
  return small(maxLength, cap).chain((bl) => lengthsArb(n - 1, maxLength, cap - bl).map((rest) => [bl, ...rest]))
}

function oneChild(child: GeneratedType, maxPieces: number): fc.Arbitrary<TypeSpec> {
  const old = child.spec
  const cap = Math.floor(maxPieces / Math.max(1, leafPieces(child.type)))
  const indexedLike = (kind: 'indexed' | 'hindexed', range: number) =>
    small(4, 4).chain((n) =>
      fc.tuple(lengthsArb(n, 3, cap), fc.array(displacement(range), { minLength: n, maxLength: n })))
      .map(([blocklengths, displacements]): TypeSpec => ({ kind, blocklengths, displacements, oldtype: old }))
  const blockLike = (kind: 'indexedBlock' | 'hindexedBlock', range: number) =>
    countAndLength(4, 3, cap).chain(([n, blocklength]) =>
      fc.array(displacement(range), { minLength: n, maxLength: n })
        .map((displacements): TypeSpec => ({ kind, blocklength, displacements, oldtype: old })))
  return fc.oneof(
    small(4, cap).map((count): TypeSpec => ({ kind: 'contiguous', count, oldtype: old })),
    fc.tuple(countAndLength(4, 3, cap), displacement(6))
      .map(([[count, blocklength], stride]): TypeSpec => ({ kind: 'vector', count, blocklength, stride, oldtype: old })),
    fc.tuple(countAndLength(4, 3, cap), displacement(64))
      .map(([[count, blocklength], stride]): TypeSpec => ({ kind: 'hvector', count, blocklength, stride, oldtype: old })),
    indexedLike('indexed', 8),
    indexedLike('hindexed', 64),
    blockLike('indexedBlock', 8),
    blockLike('hindexedBlock', 64),
    subarrayArb(old, cap),
    darrayArb(old, cap),
    fc.tuple(displacement(16), fc.integer({ min: -8, max: 32 }))
      .map(([lb, extent]): TypeSpec => ({ kind: 'resized', lb, extent, oldtype: old })),
    fc.constant<TypeSpec>({ kind: 'dup', oldtype: old }),
  )
}

function subarrayArb(old: TypeSpec, cap: number): fc.Arbitrary<TypeSpec> {
  return fc.integer({ min: 1, max: 3 }).chain((n) =>
    fc.tuple(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: n, maxLength: n }), fc.constantFrom<'C' | 'F'>('C', 'F'))
      .chain(([sizes, order]) => dimsArb(n, 5, Math.max(1, cap)).chain((wanted) => {
        const subsizes = wanted.map((s, i) => Math.min(s, sizes[i]))
        return fc.tuple(...sizes.map((s, i) => fc.integer({ min: 0, max: s - subsizes[i] })))
          .map((starts): TypeSpec => ({ kind: 'subarray', sizes, subsizes, starts, order, oldtype: old }))
      })))
}

function darrayArb(old: TypeSpec, cap: number): fc.Arbitrary<TypeSpec> {
  return fc.integer({ min: 1, max: 2 }).chain((n) =>
    fc.tuple(
      dimsArb(n, 7, Math.max(1, cap)),
      fc.array(fc.integer({ min: 1, max: 3 }), { minLength: n, maxLength: n }),
      fc.array(fc.constantFrom<'block' | 'cyclic' | 'none'>('block', 'cyclic', 'none'), { minLength: n, maxLength: n }),
      fc.constantFrom<'C' | 'F'>('C', 'F'),
    ).chain(([gsizes, wantedP, distribs, order]) => {
      const psizes = wantedP.map((p, i) => (distribs[i] === 'none' ? 1 : p))
      const size = psizes.reduce((a, b) => a * b, 1)
      const dargs = distribs.map((d, i) => {
        const minBlock = Math.ceil(gsizes[i] / psizes[i])
        if (d === 'block') return fc.option(fc.integer({ min: minBlock, max: gsizes[i] + 1 }), { nil: null })
        if (d === 'cyclic') return fc.option(fc.integer({ min: 1, max: 3 }), { nil: null })
        return fc.constant(null)
      })
      return fc.tuple(fc.integer({ min: 0, max: size - 1 }), fc.tuple(...dargs))
        .map(([rank, ds]): TypeSpec => ({ kind: 'darray', size, rank, gsizes, distribs, dargs: ds, psizes, order, oldtype: old }))
    }))
}

function structArb(children: readonly GeneratedType[], maxPieces: number): fc.Arbitrary<TypeSpec> {
  const share = Math.floor(maxPieces / Math.max(1, children.length))
  return fc.tuple(
    fc.tuple(...children.map((c) => small(3, Math.floor(share / Math.max(1, leafPieces(c.type)))))),
    fc.array(displacement(64), { minLength: children.length, maxLength: children.length }),
  ).map(([blocklengths, displacements]): TypeSpec =>
    ({ kind: 'struct', blocklengths, displacements, types: children.map((c) => c.spec) }))
}

/** Random nested types with their specs. */
export function generatedTypeArb(options: TypeArbOptions = {}): fc.Arbitrary<GeneratedType> {
  const maxPieces = options.maxPieces ?? 2000
  const levels: fc.Arbitrary<GeneratedType>[] = [elementaryArb]
  for (let depth = 1; depth <= (options.maxDepth ?? 4); depth++) {
    const below = levels[depth - 1]
    const derived = fc.oneof(
      { arbitrary: below.chain((child) => oneChild(child, maxPieces)), weight: 11 },
      { arbitrary: fc.array(below, { minLength: 1, maxLength: 3 }).chain((cs) => structArb(cs, maxPieces)), weight: 2 },
    ).map(generated)
    levels.push(fc.oneof({ arbitrary: elementaryArb, weight: 1 }, { arbitrary: derived, weight: 4 }))
  }
  return levels[levels.length - 1]
}

/** Random nested type specs (JSON form). */
export function typeSpecArb(options: TypeArbOptions = {}): fc.Arbitrary<TypeSpec> {
  return generatedTypeArb(options).map((g) => g.spec)
}

/** Random nested datatypes. */
export function datatypeArb(options: TypeArbOptions = {}): fc.Arbitrary<Datatype> {
  return generatedTypeArb(options).map((g) => g.type)
}
