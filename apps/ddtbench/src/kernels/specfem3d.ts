// SPECFEM3D_GLOBE exchanges (DDTBench SPECFEM3D_oc / SPECFEM3D_cm), spec §7: random point lists
// over float arrays. oc: one array of DIM1 floats, one value per point. cm: two allocations
// (crust-mantle and inner core) of 3 floats per point, one struct over MPI_BOTTOM.

import { FLOAT32, contiguous, indexedBlock, struct, vector } from '@spinmpi/ddt'
import { z } from 'zod'
import { Rand32, shuffledIndices } from '../index-list.js'
import { nonNegativeInt, parseInput, positiveInt } from '../input.js'
import { makeWorkload } from '../make-workload.js'
import type { Expected, Workload } from '../workload.js'

const F = 4
export const DEFAULT_SEED = 1

const seed = nonNegativeInt.default(DEFAULT_SEED)
const ocInput = z.object({ icount: positiveInt, dim1: positiveInt, seed })
  .refine((p) => p.icount <= p.dim1, { message: 'icount must be <= dim1', path: ['icount'] })
const cmInput = z.object({ icountCm: positiveInt, dim2Cm: positiveInt, icountIc: positiveInt, dim2Ic: positiveInt, seed })
  .refine((p) => p.icountCm <= p.dim2Cm, { message: 'icountCm must be <= dim2Cm', path: ['icountCm'] })
  .refine((p) => p.icountIc <= p.dim2Ic, { message: 'icountIc must be <= dim2Ic', path: ['icountIc'] })
export type SpecfemOcInput = z.input<typeof ocInput>
export type SpecfemCmInput = z.input<typeof cmInput>

/** The oc list: `icount` of DIM1 points, drawn once per seed. */
export function specfemOcList(icount: number, dim1: number, seedValue: number): Int32Array {
  return shuffledIndices(new Rand32(seedValue), dim1, icount)
}

/** The cm lists: crust-mantle first, then inner core, from one generator. */
export function specfemCmLists(p: { icountCm: number; dim2Cm: number; icountIc: number; dim2Ic: number }, seedValue: number): [Int32Array, Int32Array] {
  const rand = new Rand32(seedValue)
  return [shuffledIndices(rand, p.dim2Cm, p.icountCm), shuffledIndices(rand, p.dim2Ic, p.icountIc)]
}

export function specfemOcWorkload(input: SpecfemOcInput, expected: Expected): Workload {
  const p = parseInput('SPECFEM3D oc', ocInput, input)
  const drawn = specfemOcList(p.icount, p.dim1, p.seed)
  const list = Array.from(drawn)
  return makeWorkload({
    app: 'SPECFEM3D', input: `oc icount=${p.icount} dim1=${p.dim1}`, side: 'recv', seed: p.seed, expected,
    indexLists: [{ indices: drawn, arrays: 1 }],
    regions: [{ name: 'outer_core', bytes: F * p.dim1 }],
    place: ([base]) => ({ type: indexedBlock(1, list, FLOAT32), count: 1, origin: base }),
  })
}

export function specfemCmWorkload(input: SpecfemCmInput, expected: Expected): Workload {
  const p = parseInput('SPECFEM3D cm', cmInput, input)
  const drawn = specfemCmLists(p, p.seed)
  const [cm, ic] = [Array.from(drawn[0], (i) => 3 * i), Array.from(drawn[1], (i) => 3 * i)]
  return makeWorkload({
    app: 'SPECFEM3D', input: `cm icount=${p.icountCm}/${p.icountIc} dim2=${p.dim2Cm}/${p.dim2Ic}`, side: 'recv', seed: p.seed, expected,
    indexLists: drawn.map((indices) => ({ indices, arrays: 1 })),
    regions: [{ name: 'crust_mantle', bytes: 3 * F * p.dim2Cm }, { name: 'inner_core', bytes: 3 * F * p.dim2Ic }],
    place: (bases) => ({
      type: struct([1, 1], [bases[0], bases[1]], [indexedBlock(3, cm, FLOAT32), indexedBlock(3, ic, FLOAT32)]),
      count: 1,
      origin: 0,
    }),
  })
}

const mtInput = z.object({ dim3: positiveInt, side: z.enum(['send', 'recv']) })
export type SpecfemMtInput = z.input<typeof mtInput>

/**
 * SPECFEM3D_mt (DDTBench, not in Fig. 16): S picks every other 3-float point (12-byte blocks,
 * 24-byte stride), R is contiguous.
 */
export function specfemMtWorkload(input: SpecfemMtInput, expected: Expected): Workload {
  const p = parseInput('SPECFEM3D mt', mtInput, input)
  return makeWorkload({
    app: 'SPECFEM3D', input: `mt dim3=${p.dim3}`, side: p.side, expected,
    regions: [{ name: p.side === 'send' ? 'points' : 'buffer', bytes: (p.side === 'send' ? 6 : 3) * F * p.dim3 }],
    place: ([base]) => ({
      type: p.side === 'send' ? vector(p.dim3, 1, 2, contiguous(3, FLOAT32)) : contiguous(3 * p.dim3, FLOAT32),
      count: 1,
      origin: base,
    }),
  })
}

// Spec §7 (SPECFEM3D_GLOBE on 600 processes, c = 4..1); blocks are the spec's 5-seed means.
const OC_ROWS: readonly [icount: number, dim1: number, bytes: number, blocks: number, gamma: number][] = [
  [3225, 88881, 12900, 3224.8, 460.7],
  [1897, 38585, 7588, 1896.8, 474.2],
  [877, 12857, 3508, 876.8, 438.4],
  [493, 3697, 1972, 493.0, 493.0],
]
const CM_ROWS: readonly [cm: number, dimCm: number, ic: number, dimIc: number, bytes: number, blocks: number, gamma: number, blocksPerPkt: number][] = [
  [11797, 834917, 3009, 51153, 177672, 14806.0, 170.9, 170.2],
  [7125, 396849, 1729, 22477, 106248, 8853.6, 170.9, 170.3],
  [3801, 152001, 801, 7209, 55224, 4601.8, 171.1, 170.4],
  [1957, 39929, 245, 1225, 26424, 2202.0, 170.0, 169.4],
]

export function specfemWorkloads(seedValue = DEFAULT_SEED): Workload[] {
  return [
    ...OC_ROWS.map(([icount, dim1, bytes, blocks, gamma]) =>
      specfemOcWorkload({ icount, dim1, seed: seedValue }, { bytes, blocks, gamma, gammaDigits: 1, blocksPerPkt: gamma, handler: 'index-block' })),
    ...CM_ROWS.map(([icountCm, dim2Cm, icountIc, dim2Ic, bytes, blocks, gamma, blocksPerPkt]) =>
      specfemCmWorkload({ icountCm, dim2Cm, icountIc, dim2Ic, seed: seedValue }, { bytes, blocks, gamma, gammaDigits: 1, blocksPerPkt, handler: 'index-block' })),
  ]
}
