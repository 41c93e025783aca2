// Compares spinmpi's bounds and runs with the independent reading of the standard
// (standard-typemap.ts) on seeded random types; used by the property test and the long script.
import fc from 'fast-check'
import { flatten, type Datatype, type TypeSpec } from '../src/index.js'
import { generatedTypeArb } from './arbitraries.js'
import { standardRuns, standardTrueBounds, standardType } from './standard-typemap.js'

export interface Disagreement {
  readonly spec: TypeSpec
  readonly field: string
  readonly spinmpi: unknown
  readonly standard: unknown
}

/** The first field where `type` and the standard's reading differ, or undefined. */
export function disagreement(spec: TypeSpec, type: Datatype): Disagreement | undefined {
  const std = standardType(spec)
  const t = standardTrueBounds(std)
  const fields: [string, unknown, unknown][] = [
    ['size', type.size, std.size], ['lb', type.lb, std.lb], ['ub', type.ub, std.ub], ['extent', type.extent, std.extent],
    ['trueLb', type.trueLb, t.trueLb], ['trueUb', type.trueUb, t.trueUb],
  ]
  for (const [field, a, b] of fields) if (a !== b) return { spec, field, spinmpi: a, standard: b }
  type.commit()
  for (let count = 1; count <= 3; count++) {
    const a = JSON.stringify(flatten(type, count).toArray())
    const b = JSON.stringify(standardRuns(std, count))
    if (a !== b) return { spec, field: `runs x${count}`, spinmpi: a, standard: b }
  }
  return undefined
}

/** Seeded sample of random types, every constructor included. */
export function sampleTypes(seed: number, n: number) {
  return fc.sample(generatedTypeArb({ maxDepth: 4, maxPieces: 400 }), { seed, numRuns: n })
}
