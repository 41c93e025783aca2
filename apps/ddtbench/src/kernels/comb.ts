// COMB halo boxes (LLNL Comb, mpi_type path), spec §9: a Fortran-order 3-D subarray of doubles
// over the local array with ghosts. Decision (c): 100³ owned points, ghost 1, one variable; the
// receive side writes the low ghost layer of the face.

import { FLOAT64, subarray } from '@spinmpi/ddt'
import { z } from 'zod'
import { parseInput, positiveInt } from '../input.js'
import { makeWorkload } from '../make-workload.js'
import type { Expected, Workload } from '../workload.js'

const D = 8

const combInput = z.object({ owned: positiveInt.default(100), ghost: positiveInt.default(1), face: z.enum(['x', 'y', 'z']) })
export type CombInput = z.input<typeof combInput>

export function combWorkload(input: CombInput, expected: Expected): Workload {
  const { owned, ghost, face } = parseInput('COMB', combInput, input)
  const full = owned + 2 * ghost
  const axis = face === 'x' ? 0 : face === 'y' ? 1 : 2
  const subsizes = [owned, owned, owned]
  const starts = [ghost, ghost, ghost]
  subsizes[axis] = ghost
  starts[axis] = 0
  return makeWorkload({
    app: 'COMB', input: `${face}-face ${owned}^3 g=${ghost}`, side: 'recv', expected,
    regions: [{ name: 'var0', bytes: D * full * full * full }],
    place: ([base]) => ({ type: subarray([full, full, full], subsizes, starts, 'F', FLOAT64), count: 1, origin: base }),
  })
}

export function combWorkloads(): Workload[] {
  return [
    combWorkload({ face: 'x' }, { bytes: 80000, blocks: 10000, gamma: 250, gammaDigits: 2, handler: '2-level vector' }),
    combWorkload({ face: 'y' }, { bytes: 80000, blocks: 100, gamma: 3.45, gammaDigits: 2, handler: 'vector' }),
  ]
}
