// Options of one FFT2D run, validated with zod; a bad one is an Fft2dOptionsError naming the field.

import { RECEIVE_CHOICES, SEND_STRATEGIES, type ReceiveStrategyChoice, type SendStrategyName } from '@spinmpi/runtime'
import { z } from 'zod'

/** Data mode keeps n x n/P complex per rank twice (matrix and scratch); bound the total. */
export const DATA_MODE_MAX_N = 8192

export class Fft2dOptionsError extends Error {
  override readonly name = 'Fft2dOptionsError'
}

const int = (what: string) => z.number({ error: `expected ${what}` }).int({ error: `expected ${what}` })

export const fft2dOptionsSchema = z.strictObject({
  n: int('a positive integer').min(1, { error: 'expected a positive integer' }),
  ranks: int('a positive integer').min(1, { error: 'expected a positive integer' }).max(1 << 20, { error: 'at most 1048576 ranks' }),
  strategy: z.enum(RECEIVE_CHOICES, { error: `expected one of ${RECEIVE_CHOICES.join(', ')}` }).default('auto'),
  /** How the transpose tiles leave the sender (SC19 §3.1); the same for every strategy. */
  send: z.enum(SEND_STRATEGIES, { error: `expected one of ${SEND_STRATEGIES.join(', ')}` }).default('host'),
  mode: z.enum(['data', 'timing'], { error: "expected 'data' or 'timing'" }).default('data'),
  profile: z.string({ error: 'expected a profile name' }).min(1, { error: 'expected a profile name' }).default('sc19'),
  overrides: z.record(z.string(), z.union([z.string(), z.number()]), { error: 'expected {path: value}' }).default({}),
  seed: int('an integer').default(1),
  reorder: z.strictObject({ window: int('a positive integer').min(1, { error: 'expected a positive integer' }) }).optional(),
}).superRefine((o, ctx) => {
  if (o.n % o.ranks !== 0) ctx.addIssue({ code: 'custom', path: ['n'], message: `must be a multiple of ranks (${o.ranks})` })
  if (o.mode === 'data' && o.n > DATA_MODE_MAX_N) {
    ctx.addIssue({ code: 'custom', path: ['n'], message: `data mode supports n up to ${DATA_MODE_MAX_N}; use timing mode` })
  }
})

export type Fft2dOptionsInput = z.input<typeof fft2dOptionsSchema>

export interface Fft2dOptions {
  readonly n: number
  readonly ranks: number
  readonly strategy: ReceiveStrategyChoice
  readonly send: SendStrategyName
  readonly mode: 'data' | 'timing'
  readonly profile: string
  readonly overrides: Readonly<Record<string, string | number>>
  readonly seed: number
  readonly reorder?: { readonly window: number }
}

export function parseFft2dOptions(input: unknown): Fft2dOptions {
  const r = fft2dOptionsSchema.safeParse(input)
  if (r.success) return r.data
  const issue = r.error.issues[0]!
  if (issue.code === 'unrecognized_keys') throw new Fft2dOptionsError(`fft2d: unknown option ${issue.keys.join(', ')}`)
  const field = issue.path.length > 0 ? issue.path.join('.') : '(options)'
  throw new Fft2dOptionsError(`fft2d: ${field}: ${issue.message}`)
}
