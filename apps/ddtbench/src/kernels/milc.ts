// MILC su3 z-down halo (DDTBench MILC_su3_zd), spec §4. One float array of Lx·Ly·Lz·Lt su3
// vectors (6 floats = 24 B each), stored as even and odd halves of V/2 sites.

import { FLOAT32, contiguous, hvector, vector } from '@spinmpi/ddt'
import { z } from 'zod'
import { parseInput, positiveInt } from '../input.js'
import { makeWorkload } from '../make-workload.js'
import type { Expected, Workload } from '../workload.js'

const SU3_BYTES = 24

const milcInput = z.object({ lx: positiveInt, ly: positiveInt, lz: positiveInt, lt: positiveInt })
  .refine((p) => (p.lx * p.ly) % 2 === 0, { message: 'Lx·Ly must be even (half a plane per checkerboard half)', path: ['lx'] })
export type MilcInput = z.infer<typeof milcInput>

export function milcWorkload(input: MilcInput, expected: Expected): Workload {
  const { lx, ly, lz, lt } = parseInput('MILC', milcInput, input)
  const half = (lx * ly * lz * lt) / 2
  return makeWorkload({
    app: 'MILC', input: `(${lx},${ly},${lz},${lt})`, side: 'recv', expected,
    regions: [{ name: 'su3_vectors', bytes: SU3_BYTES * lx * ly * lz * lt }],
    place: ([base]) => {
      const su3 = contiguous(6, FLOAT32)
      const mid = vector(lt, (lx * ly) / 2, (lx * ly * lz) / 2, su3)
      return { type: hvector(2, 1, SU3_BYTES * half, mid), count: 1, origin: base }
    },
  })
}

type Row = [lx: number, ly: number, lz: number, lt: number, bytes: number, blocks: number, gamma: number, blocksPerPkt: number]

const ROWS: readonly Row[] = [
  [16, 16, 16, 16, 98304, 32, 1.33, 0.67],
  [8, 16, 16, 16, 49152, 32, 2.0, 1.33],
  [8, 8, 8, 16, 24576, 32, 3.33, 2.67],
  [8, 8, 8, 8, 12288, 16, 3.33, 2.67],
]

export function milcWorkloads(): Workload[] {
  return ROWS.map(([lx, ly, lz, lt, bytes, blocks, gamma, blocksPerPkt]) =>
    milcWorkload({ lx, ly, lz, lt }, { bytes, blocks, gamma, gammaDigits: 2, blocksPerPkt, handler: 'vector' }))
}
