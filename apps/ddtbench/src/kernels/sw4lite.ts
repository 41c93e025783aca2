// SW4lite halo exchange (setupMPICommunications, m_send_type3), spec §10: one vector of doubles
// over the 3-component field Up, same type on both sides of the Sendrecv. Decision (c): the
// LOH.1-h100 grid on 2×2 ranks (ni = nj = 155, nk = 175), corder = yes; the receive side writes
// the low padding (i = 0,1 for x; j = 0,1 for y), so the origin is the array start.

import { FLOAT64, vector, type Datatype } from '@spinmpi/ddt'
import { z } from 'zod'
import { parseInput, positiveInt } from '../input.js'
import { makeWorkload } from '../make-workload.js'
import type { Expected, Workload } from '../workload.js'

const D = 8
/** Ghost/padding width m_ppadding: each message carries 2 points across the face. */
const PAD = 2

const sw4Input = z.object({
  ni: positiveInt, nj: positiveInt, nk: positiveInt, components: positiveInt.default(3),
  corder: z.boolean().default(true), direction: z.enum(['x', 'y']),
}).refine((p) => p.ni >= PAD && p.nj >= PAD, { message: 'extents must be at least the padding (2)', path: ['ni'] })
export type Sw4Input = z.input<typeof sw4Input>

function sw4Type(ni: number, nj: number, nk: number, nc: number, corder: boolean, direction: 'x' | 'y'): Datatype {
  if (corder) {
    // Component slowest: (i, j, k, c) with i fastest.
    return direction === 'x' ? vector(nc * nj * nk, PAD, ni, FLOAT64) : vector(nc * nk, PAD * ni, ni * nj, FLOAT64)
  }
  // Component fastest: (c, i, j, k).
  return direction === 'x' ? vector(nj * nk, PAD * nc, nc * ni, FLOAT64) : vector(nk, PAD * nc * ni, nc * ni * nj, FLOAT64)
}

export function sw4Workload(input: Sw4Input, expected: Expected): Workload {
  const p = parseInput('SW4LITE', sw4Input, input)
  return makeWorkload({
    app: 'SW4LITE', input: `sw4_${p.direction} ${p.corder ? 'corder' : 'fortran'} ${p.ni}x${p.nj}x${p.nk}`, side: 'recv', expected,
    regions: [{ name: 'Up', bytes: D * p.components * p.ni * p.nj * p.nk }],
    place: ([base]) => ({ type: sw4Type(p.ni, p.nj, p.nk, p.components, p.corder, p.direction), count: 1, origin: base }),
  })
}

/** Rank 0 of LOH.1-h100 (301×301×171) on 2×2 ranks: 4 points of overlap and 2 ghost layers. */
export const LOH1_RANK0 = { ni: 155, nj: 155, nk: 175 } as const

export function sw4Workloads(): Workload[] {
  return [
    sw4Workload({ ...LOH1_RANK0, direction: 'x' }, { bytes: 1302000, blocks: 81375, gamma: 127.95, gammaDigits: 2, blocksPerPkt: 127.95, handler: 'vector' }),
    sw4Workload({ ...LOH1_RANK0, direction: 'y' }, { bytes: 1302000, blocks: 525, gamma: 1.82, gammaDigits: 2, blocksPerPkt: 0.83, handler: 'vector' }),
  ]
}
