// NAS LU faces (DDTBench NAS_LU_x / NAS_LU_y), spec §5. A double array (5, n+2, n+2), the five
// components fastest: element (c, j, k) is at c + 5·(j + (n+2)·k). The receive side (Fig. 16)
// writes the ghost face: base (0,1,0) for x, (0,0,1) for y.

import { FLOAT64, contiguous, vector } from '@spinmpi/ddt'
import { z } from 'zod'
import { parseInput, positiveInt } from '../input.js'
import { makeWorkload } from '../make-workload.js'
import type { Expected, Workload } from '../workload.js'

const COMPONENTS = 5
const D = 8

const luInput = z.object({ n: positiveInt, direction: z.enum(['x', 'y']) })
export type LuInput = z.infer<typeof luInput>

export function nasLuWorkload(input: LuInput, expected: Expected): Workload {
  const { n, direction } = parseInput('NAS_LU', luInput, input)
  const at = (c: number, j: number, k: number) => D * (c + COMPONENTS * (j + (n + 2) * k))
  return makeWorkload({
    app: 'NAS_LU', input: `lu_${direction} n=${n}`, side: 'recv', expected,
    regions: [{ name: 'u', bytes: D * COMPONENTS * (n + 2) * (n + 2) }],
    place: ([base]) => direction === 'x'
      ? { type: contiguous(COMPONENTS * n, FLOAT64), count: 1, origin: base + at(0, 1, 0) }
      : { type: vector(n, 1, n + 2, contiguous(COMPONENTS, FLOAT64)), count: 1, origin: base + at(0, 0, 1) },
  })
}

// Spec §5: the grid sizes of classes S, W, A–E, and the computed LU_y γ and blocks/pkt.
const ROWS: readonly [n: number, gamma: number, blocksPerPkt: number][] = [
  [12, 12.0, 12.0], [33, 33.0, 33.0], [64, 32.5, 32.0], [102, 51.5, 51.0],
  [162, 41.25, 40.5], [408, 51.75, 51.0], [1020, 51.8, 51.0],
]

export function nasLuWorkloads(): Workload[] {
  const out: Workload[] = []
  for (const [n, gamma, blocksPerPkt] of ROWS) {
    const bytes = 40 * n
    const packets = Math.ceil(bytes / 2048)
    out.push(nasLuWorkload({ n, direction: 'x' }, { bytes, blocks: 1, gamma: 1, gammaDigits: 2, blocksPerPkt: 1 / packets, handler: 'contig' }))
    out.push(nasLuWorkload({ n, direction: 'y' }, { bytes, blocks: n, gamma, gammaDigits: 2, blocksPerPkt, handler: 'vector' }))
  }
  return out
}
