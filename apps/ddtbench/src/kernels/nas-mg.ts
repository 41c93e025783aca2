// NAS MG faces (DDTBench NAS_MG_x/y/z), spec §5. A double array (D1, D2, D3), x fastest; the
// receive side (Fig. 16) writes the ghost face at (D1−1,1,1), (1,D2−1,1) or (1,1,0).

import { FLOAT64, hvector, vector } from '@spinmpi/ddt'
import { z } from 'zod'
import { parseInput } from '../input.js'
import { makeWorkload } from '../make-workload.js'
import type { Expected, Placement, Workload } from '../workload.js'

const D = 8
const extent = z.number().int().min(3)

const mgInput = z.object({ d1: extent, d2: extent, d3: extent, direction: z.enum(['x', 'y', 'z']) })
export type MgInput = z.infer<typeof mgInput>

export function nasMgWorkload(input: MgInput, expected: Expected): Workload {
  const { d1, d2, d3, direction } = parseInput('NAS_MG', mgInput, input)
  const at = (x: number, y: number, z: number) => D * (x + d1 * (y + d2 * z))
  const place = (base: number): Placement => {
    switch (direction) {
      case 'x': return { type: hvector(d3 - 2, 1, D * d1 * d2, vector(d2 - 2, 1, d1, FLOAT64)), count: 1, origin: base + at(d1 - 1, 1, 1) }
      case 'y': return { type: vector(d3 - 2, d1 - 2, d1 * d2, FLOAT64), count: 1, origin: base + at(1, d2 - 1, 1) }
      case 'z': return { type: vector(d2 - 2, d1 - 2, d1, FLOAT64), count: 1, origin: base + at(1, 1, 0) }
    }
  }
  return makeWorkload({
    app: 'NAS_MG', input: `mg_${direction} (${d1},${d2},${d3})`, side: 'recv', expected,
    regions: [{ name: 'u', bytes: D * d1 * d2 * d3 }],
    place: ([base]) => place(base),
  })
}

// Spec §5: classes S, W, A, C on 4 processes; x: bytes/blocks/γ, y and z: bytes/blocks/γ.
type Row = [d1: number, d2: number, d3: number, xBytes: number, xBlocks: number, xGamma: number, yzBytes: number, yzBlocks: number, yzGamma: number]
const ROWS: readonly Row[] = [
  [34, 18, 18, 2048, 256, 256, 4096, 16, 8.0],
  [130, 66, 66, 32768, 4096, 256, 65536, 64, 2.0],
  [258, 130, 130, 131072, 16384, 256, 262144, 128, 1.0],
  [514, 258, 258, 524288, 65536, 256, 1048576, 256, 1.0],
]

export function nasMgWorkloads(): Workload[] {
  const out: Workload[] = []
  for (const [d1, d2, d3, xBytes, xBlocks, xGamma, yzBytes, yzBlocks, yzGamma] of ROWS) {
    out.push(nasMgWorkload({ d1, d2, d3, direction: 'x' }, { bytes: xBytes, blocks: xBlocks, gamma: xGamma, gammaDigits: 0, handler: '2-level vector' }))
    for (const direction of ['y', 'z'] as const) {
      out.push(nasMgWorkload({ d1, d2, d3, direction }, { bytes: yzBytes, blocks: yzBlocks, gamma: yzGamma, gammaDigits: 1, handler: 'vector' }))
    }
  }
  return out
}
