import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Datatype, TypeSpec } from '../src/index.js'
import { typeFromJson, typeToJson } from '../src/index.js'
import { referenceTypemap } from './reference.js'
import { generatedTypeArb, leafPieces } from './arbitraries.js'

const boundsOf = (t: Datatype) => ({
  size: t.size, lb: t.lb, ub: t.ub, extent: t.extent, trueLb: t.trueLb, trueUb: t.trueUb,
  trueExtent: t.trueExtent, alignment: t.alignment, explicitLb: t.explicitLb, explicitUb: t.explicitUb,
  elements: t.elements,
})

function kindsIn(spec: TypeSpec, into: Set<string>): Set<string> {
  if (typeof spec === 'string') {
    into.add('elementary')
    return into
  }
  into.add(spec.kind)
  if (spec.kind === 'struct') for (const t of spec.types) kindsIn(t, into)
  else kindsIn(spec.oldtype, into)
  return into
}

describe('random nested types', () => {
  it('round-trip through JSON text with identical bounds, signature and reference typemap', () => {
    fc.assert(fc.property(generatedTypeArb(), fc.integer({ min: 0, max: 3 }), ({ type }, count) => {
      const back = typeFromJson(JSON.parse(JSON.stringify(typeToJson(type))))
      expect(boundsOf(back)).toEqual(boundsOf(type))
      expect(back.signature).toEqual(type.signature)
      expect(referenceTypemap(back, count)).toEqual(referenceTypemap(type, count))
    }), { numRuns: 300, seed: 20191117 })
  })

  it('stay within the piece budget, and the reference typemap agrees with size and elements', () => {
    fc.assert(fc.property(generatedTypeArb({ maxPieces: 500 }), ({ type }) => {
      const pieces = referenceTypemap(type, 1)
      expect(pieces.length).toBe(leafPieces(type))
      expect(pieces.length).toBeLessThanOrEqual(500)
      expect(pieces.reduce((sum, [, length]) => sum + length, 0)).toBe(type.size)
      expect(type.signature.reduce((sum, run) => sum + run.count, 0)).toBe(type.elements)
      if (type.size > 0) {
        expect(Math.min(...pieces.map(([o]) => o))).toBe(type.trueLb)
        expect(Math.max(...pieces.map(([o, l]) => o + l))).toBe(type.trueUb)
      }
    }), { numRuns: 300, seed: 7 })
  })

  it('cover every constructor of the grammar', () => {
    const seen = new Set<string>()
    for (const { spec } of fc.sample(generatedTypeArb(), { numRuns: 400, seed: 42 })) kindsIn(spec, seen)
    expect([...seen].sort()).toEqual([
      'contiguous', 'darray', 'dup', 'elementary', 'hindexed', 'hindexedBlock', 'hvector', 'indexed',
      'indexedBlock', 'resized', 'struct', 'subarray', 'vector',
    ])
  })
})
