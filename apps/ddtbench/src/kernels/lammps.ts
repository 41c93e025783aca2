// LAMMPS atom exchange (DDTBench LAMMPS_full / LAMMPS_atomic), spec §8. Separate double arrays of
// DIM1 + icount entries: x (3 per atom) and the scalar properties. The send type S gathers a
// random list of atoms from every array; the real receive type R appends them at the array tails.
// Decision (a): Fig. 16's receive side uses S (`recv`); R is the extra `recv-contig` row.

import { FLOAT64, contiguous, indexedBlock, struct, type Datatype } from '@spinmpi/ddt'
import { z } from 'zod'
import { Rand32, shuffledIndices } from '../index-list.js'
import { nonNegativeInt, parseInput, positiveInt } from '../input.js'
import { makeWorkload } from '../make-workload.js'
import type { Expected, Region, Workload } from '../workload.js'

const D = 8
export const DEFAULT_SEED = 1
export const LAMMPS_PROPERTIES = { full: ['tag', 'type', 'mask', 'q', 'molecule'], atomic: ['tag', 'type', 'mask'] } as const

const lammpsInput = z.object({
  variant: z.enum(['full', 'atomic']), icount: positiveInt, dim1: positiveInt,
  side: z.enum(['recv', 'recv-contig']).default('recv'), seed: nonNegativeInt.default(DEFAULT_SEED),
}).refine((p) => p.icount <= p.dim1, { message: 'icount must be <= dim1', path: ['icount'] })
export type LammpsInput = z.input<typeof lammpsInput>

export function lammpsList(icount: number, dim1: number, seedValue: number): Int32Array {
  return shuffledIndices(new Rand32(seedValue), dim1, icount)
}

export function lammpsWorkload(input: LammpsInput, expected: Expected): Workload {
  const p = parseInput('LAMMPS', lammpsInput, input)
  const props = LAMMPS_PROPERTIES[p.variant]
  const atoms = p.dim1 + p.icount
  const regions: Region[] = [{ name: 'x', bytes: 3 * D * atoms }, ...props.map((name) => ({ name, bytes: D * atoms }))]
  const drawn = p.side === 'recv' ? lammpsList(p.icount, p.dim1, p.seed) : undefined
  const list = drawn === undefined ? [] : Array.from(drawn)
  const triples = list.map((l) => 3 * l)
  const members = (): Datatype[] => p.side === 'recv'
    ? [indexedBlock(3, triples, FLOAT64), ...props.map(() => indexedBlock(1, list, FLOAT64))]
    : [contiguous(3 * p.icount, FLOAT64), ...props.map(() => contiguous(p.icount, FLOAT64))]
  return makeWorkload({
    app: 'LAMMPS', input: `${p.variant} icount=${p.icount} dim1=${p.dim1}`, side: p.side, expected, regions,
    ...(drawn === undefined ? {} : { seed: p.seed, indexLists: [{ indices: drawn, arrays: regions.length }] }),
    place: (bases) => {
      const types = members()
      // R writes past the DIM1 atoms already held: x + 3·DIM1, prop + DIM1.
      const tail = p.side === 'recv' ? 0 : D * p.dim1
      const displs = bases.map((b, k) => b + (k === 0 ? 3 * tail : tail))
      return { type: struct(types.map(() => 1), displs, types), count: 1, origin: 0 }
    },
  })
}

// Spec §8: peptide (full) and crack (atomic) on 2/4/8 processes; S blocks are 5-seed means.
type Row = [variant: 'full' | 'atomic', icount: number, dim1: number, bytes: number, sBlocks: number, sGamma: number, rBlocks: number, rGamma: number]
const ROWS: readonly Row[] = [
  ['full', 3062, 3534, 195968, 18367, 191.6, 6, 1.05],
  ['full', 2243, 2597, 143552, 13454, 189.8, 6, 1.07],
  ['full', 1662, 1907, 106368, 9966, 191.9, 6, 1.10],
  ['atomic', 243, 4084, 11664, 971, 162.2, 4, 1.50],
  ['atomic', 145, 2157, 6960, 579, 145.1, 4, 1.75],
  ['atomic', 114, 1217, 5472, 455, 152.1, 4, 2.00],
]

export function lammpsWorkloads(seedValue = DEFAULT_SEED): Workload[] {
  const out: Workload[] = []
  for (const [variant, icount, dim1, bytes, sBlocks, sGamma, rBlocks, rGamma] of ROWS) {
    out.push(lammpsWorkload({ variant, icount, dim1, seed: seedValue }, { bytes, blocks: sBlocks, gamma: sGamma, gammaDigits: 1, handler: 'indexed' }))
    // The spec's "contig ×6": unequal contiguous blocks, which an indexed descriptor lists.
    out.push(lammpsWorkload({ variant, icount, dim1, side: 'recv-contig' }, { bytes, blocks: rBlocks, gamma: rGamma, gammaDigits: 2, handler: 'indexed' }))
  }
  return out
}
