// The options of a MILC run, validated with zod; a bad one is a MilcOptionsError naming the field.

import { RECEIVE_CHOICES } from '@spinmpi/runtime'
import { z } from 'zod'
import { MilcOptionsError } from './grid.js'
import type { Dims } from './lattice.js'

import type { ReceiveStrategyChoice } from '@spinmpi/runtime'
export type { ReceiveStrategyChoice }

export interface MilcOptions {
  readonly ranks: number
  /** Global lattice extents (x, y, z, t); each even. */
  readonly lattice: Dims
  /** Ranks along x, y, z, t; chosen from the lattice when absent. */
  readonly grid?: Dims
  /** Stencil steps, each preceded by a halo exchange (default 1). */
  readonly steps?: number
  readonly strategy?: ReceiveStrategyChoice
  /** 'data' (default) moves and checks real values; 'timing' only times the run. */
  readonly mode?: 'data' | 'timing'
  readonly profile?: string
  readonly seed?: number
  /** Seeded out-of-order delivery of each message's packets within this window. */
  readonly reorderWindow?: number
  /** Overrides the profile's eager limit (0 sends every face by rendezvous through the strategy). */
  readonly eagerLimitBytes?: number
}

const int = (what: string) => z.number({ error: `expected ${what}` }).int({ error: `expected ${what}` })
const positive = int('a positive integer').min(1, { error: 'expected a positive integer' })
const dims = z.tuple([positive, positive, positive, positive], { error: 'expected 4 positive integers (x, y, z, t)' })

export const MilcOptionsSchema = z.strictObject({
  ranks: positive.max(4096, { error: 'at most 4096 ranks' }),
  lattice: dims,
  grid: dims.optional(),
  steps: positive.max(1000, { error: 'at most 1000 steps' }).optional(),
  strategy: z.enum(RECEIVE_CHOICES, { error: `expected one of ${RECEIVE_CHOICES.join(', ')}` }).optional(),
  mode: z.enum(['data', 'timing'], { error: "expected 'data' or 'timing'" }).optional(),
  profile: z.string({ error: 'expected a profile name' }).optional(),
  seed: int('an integer').optional(),
  reorderWindow: positive.optional(),
  eagerLimitBytes: int('a non-negative integer').min(0, { error: 'expected a non-negative integer' }).optional(),
})

/** Sites a run may have: 32^4 with real data (about 10 s), 4x that in timing mode. */
export const MAX_DATA_SITES = 2 ** 20
export const MAX_TIMING_SITES = 2 ** 22

export function parseMilcOptions(raw: unknown): MilcOptions {
  const r = MilcOptionsSchema.safeParse(raw)
  if (!r.success) {
    const issue = r.error.issues[0]!
    if (issue.code === 'unrecognized_keys') throw new MilcOptionsError(`milc options: unknown option ${issue.keys.join(', ')}`)
    const field = issue.path.length > 0 ? issue.path.join('.') : 'options'
    throw new MilcOptionsError(`milc options: ${field}: ${issue.message}`)
  }
  const o = r.data
  o.lattice.forEach((n, d) => {
    if (n % 2 !== 0) throw new MilcOptionsError(`milc options: lattice.${d}: extents must be even (checkerboard layout), got ${n}`)
  })
  // Checked before any field or face type is built: a run touches every site (data mode holds
  // them all), so the lattice size bounds its time and memory.
  const sites = o.lattice[0] * o.lattice[1] * o.lattice[2] * o.lattice[3]
  const timing = o.mode === 'timing'
  const limit = timing ? MAX_TIMING_SITES : MAX_DATA_SITES
  if (sites > limit) {
    throw new MilcOptionsError(`milc options: lattice: ${o.lattice.join('x')} has ${sites} sites, more than the ${limit} of ${timing ? 'timing' : 'data'} mode${timing ? '' : ' (--timing allows ' + MAX_TIMING_SITES + ')'}`)
  }
  return o
}
