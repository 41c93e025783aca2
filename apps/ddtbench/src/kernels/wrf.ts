// WRF halo exchange (DDTBench WRF_x_vec / WRF_y_vec, and the _sa subarray form), spec §3.
// Nine float arrays, each its own allocation (4 of (i,j), 3 of (i,k,j), 2 of (i,k,j,s)); one
// struct over MPI_BOTTOM with the absolute address of each array's sub-box origin.

import { FLOAT32, hvector, struct, subarray, vector, type Datatype } from '@spinmpi/ddt'
import { z } from 'zod'
import { parseInput } from '../input.js'
import { makeWorkload } from '../make-workload.js'
import type { Expected, Placement, Region, Workload } from '../workload.js'

const F = 4
/** k extent (kms..kme = 1..65) and the 4-D arrays' scalar extent and first scalar (0-based 1). */
const DK = 65
const LIMIT = 2
const FIRST_SCALAR = 1

const wrfInput = z.object({
  ims: z.number().int(), ime: z.number().int(), jms: z.number().int(), jme: z.number().int(),
  is: z.number().int(), ie: z.number().int(), js: z.number().int(), je: z.number().int(),
}).refine((p) => p.ims <= p.is && p.is <= p.ie && p.ie <= p.ime, { message: 'need ims <= is <= ie <= ime', path: ['is'] })
  .refine((p) => p.jms <= p.js && p.js <= p.je && p.je <= p.jme, { message: 'need jms <= js <= je <= jme', path: ['js'] })
export type WrfInput = z.infer<typeof wrfInput>

interface Geometry { di: number; dj: number; si: number; sj: number; i0: number; j0: number }

function geometry(p: WrfInput): Geometry {
  return { di: p.ime - p.ims + 1, dj: p.jme - p.jms + 1, si: p.ie - p.is + 1, sj: p.je - p.js + 1, i0: p.is - p.ims, j0: p.js - p.jms }
}

function regions(g: Geometry): Region[] {
  const r: Region[] = []
  for (let a = 0; a < 4; a++) r.push({ name: `field2d_${a}`, bytes: F * g.di * g.dj })
  for (let a = 0; a < 3; a++) r.push({ name: `field3d_${a}`, bytes: F * g.di * DK * g.dj })
  for (let a = 0; a < 2; a++) r.push({ name: `field4d_${a}`, bytes: F * g.di * DK * g.dj * LIMIT })
  return r
}

/** The vec variant: vectors and hvectors displaced to each sub-box origin. */
function placeVec(g: Geometry, bases: readonly number[]): Placement {
  const t2 = vector(g.sj, g.si, g.di, FLOAT32)
  const t3 = hvector(g.sj, 1, F * g.di * DK, vector(DK, g.si, g.di, FLOAT32))
  const t4 = hvector(LIMIT - FIRST_SCALAR, 1, F * g.di * DK * g.dj, t3)
  const at2 = F * (g.j0 * g.di + g.i0)
  const at3 = F * (g.j0 * DK * g.di + g.i0)
  const at4 = F * (FIRST_SCALAR * g.dj * DK * g.di) + at3
  const types: Datatype[] = [t2, t2, t2, t2, t3, t3, t3, t4, t4]
  const displs = bases.map((b, k) => b + (k < 4 ? at2 : k < 7 ? at3 : at4))
  return { type: struct(types.map(() => 1), displs, types), count: 1, origin: 0 }
}

/** The _sa variant: C-order subarrays over whole arrays, displaced to the array bases. */
function placeSubarray(g: Geometry, bases: readonly number[]): Placement {
  const t2 = subarray([g.dj, g.di], [g.sj, g.si], [g.j0, g.i0], 'C', FLOAT32)
  const t3 = subarray([g.dj, DK, g.di], [g.sj, DK, g.si], [g.j0, 0, g.i0], 'C', FLOAT32)
  const t4 = subarray([LIMIT, g.dj, DK, g.di], [LIMIT - FIRST_SCALAR, g.sj, DK, g.si], [FIRST_SCALAR, g.j0, 0, g.i0], 'C', FLOAT32)
  const types: Datatype[] = [t2, t2, t2, t2, t3, t3, t3, t4, t4]
  return { type: struct(types.map(() => 1), [...bases], types), count: 1, origin: 0 }
}

export function wrfWorkload(label: string, input: WrfInput, expected: Expected, variant: 'vec' | 'sa' = 'vec'): Workload {
  const g = geometry(parseInput(`WRF ${label}`, wrfInput, input))
  return makeWorkload({
    app: 'WRF', input: variant === 'vec' ? label : `${label} sa`, side: 'recv', regions: regions(g), expected,
    place: (bases) => (variant === 'vec' ? placeVec(g, bases) : placeSubarray(g, bases)),
  })
}

type Row = [label: string, ims: number, ime: number, jms: number, jme: number, is: number, ie: number, js: number, je: number,
  bytes: number, blocks: number, gamma: number, blocksPerPkt: number]

// Spec §3 inputs (em_b_wave on 4…64 processes) and its computed table.
const ROWS: readonly Row[] = [
  ['wrf_y 2x2', -4, 27, 34, 85, 1, 23, 41, 43, 90804, 987, 22.89, 21.93],
  ['wrf_y 3x3', 8, 34, 21, 61, 12, 30, 28, 30, 75012, 987, 27.62, 26.68],
  ['wrf_y 4x4', 4, 27, 14, 47, 8, 23, 21, 23, 63168, 987, 31.84, 31.84],
  ['wrf_y 5x5', 10, 31, 10, 39, 14, 27, 17, 19, 55272, 987, 37.41, 36.56],
  ['wrf_y 8x8', 4, 22, 4, 27, 8, 18, 11, 13, 43428, 987, 45.77, 44.86],
  ['wrf_x 2x2', -4, 27, 34, 85, 18, 20, 38, 81, 173712, 14476, 170.96, 170.31],
  ['wrf_x 4x4', 4, 27, 14, 47, 18, 20, 18, 43, 102648, 8554, 168.39, 167.73],
  ['wrf_x 8x8', 4, 22, 4, 27, 13, 15, 8, 23, 63168, 5264, 170.45, 169.81],
]

export function wrfWorkloads(variant: 'vec' | 'sa' = 'vec'): Workload[] {
  return ROWS.map(([label, ims, ime, jms, jme, is, ie, js, je, bytes, blocks, gamma, blocksPerPkt]) =>
    wrfWorkload(label, { ims, ime, jms, jme, is, ie, js, je }, { bytes, blocks, gamma, gammaDigits: 2, blocksPerPkt, handler: 'index-block' }, variant))
}
