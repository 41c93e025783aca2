// run()'s options, validated with zod; a bad one is an MpiError(ERR_ARG) naming the field.

import { ERR_ARG, MpiError } from '@spinmpi/ddt'
import type { Profile } from '@spinmpi/nic'
import { z } from 'zod'
import type { NicMemoryPolicy, ReceiveStrategyChoice, SendStrategyName } from './strategies/contract.js'
import { RECEIVE_STRATEGY_CHOICES, SEND_STRATEGY_CHOICES } from './types.js'
import { FaultSpecSchema, type FaultSpec } from './faults/fault-spec.js'
import { TimeLimitNsSchema } from './time-limit-scope.js'

/** How to run a program: rank count, profile, seed, data or timing mode, receive and send strategies, reordering, tracing, a time limit. */
export interface RunOptions {
  readonly ranks: number
  /** A profile name ('sc19' by default) or a full profile object. */
  readonly profile?: string | Profile
  /** Dotted-path overrides of profile fields, e.g. {'network.eagerLimitBytes': 0}. */
  readonly overrides?: Readonly<Record<string, string | number>>
  readonly seed?: number
  /** 'data' (default): real payload bytes; 'timing': offsets, sizes and costs only. */
  readonly mode?: 'data' | 'timing'
  /** Receive strategy for every receive whose type has no strategy attribute ('auto' default). */
  readonly strategy?: ReceiveStrategyChoice
  /**
   * Send strategy for every non-contiguous send whose type has no `send` attribute: 'host' pack
   * (default), 'stream' (streaming puts) or 'outbound' (process-put handlers). SC19 §3.1.
   */
  readonly send?: SendStrategyName
  /**
   * true: a receive the requested strategy cannot serve (e.g. 'specialized' on a general type) is
   * an MpiError at the receiving rank instead of a host fallback counted in stats.fallbacks.
   */
  readonly strictStrategy?: boolean
  /** What a receive does when NIC memory is full ('fallback' to host by default). */
  readonly onNicMemoryFull?: NicMemoryPolicy
  /** Seeded out-of-order delivery of the packets of each message. */
  readonly reorder?: { readonly window: number }
  /** Bytes of each overflow buffer for unexpected eager messages (data mode; default 4 MiB). */
  readonly unexpectedBufferBytes?: number
  /**
   * 'goal': record the run's messages and host work as a GOAL schedule (RunResult.goal), the
   * input of LogGOPSim and of spinmpi's LogGOPS backend; see docs/goal.md.
   */
  readonly trace?: 'goal'
  /**
   * Faults to inject (docs/faults.md): packet loss with retransmission, duplicate delivery, NIC
   * memory exhaustion mid-message. Seeded (spec.seed, else `seed`); stats.faults counts them.
   */
  readonly faults?: FaultSpec
  /**
   * false: stats.receives stays empty (byStrategy and fallbacks still count every receive), so a
   * run of millions of messages keeps no record per receive. Default true.
   */
  readonly receiveRecords?: boolean
  /**
   * Limit on simulated time, in ns: events at or before it run; when the next event is later and a
   * rank has not returned, the run stops with a TimeLimitError naming what each such rank was last
   * doing (e.g. polling iprobe for a message nobody sends). Once every rank returned, the events
   * left (packets still in flight) run as without a limit, so results under it are unchanged.
   */
  readonly timeLimitNs?: number
}

const positiveInt = z.number({ error: 'expected a positive integer' }).int({ error: 'expected a positive integer' })
  .min(1, { error: 'expected a positive integer' })

export const RunOptionsSchema = z.strictObject({
  ranks: positiveInt.max(1 << 20, { error: 'at most 1048576 ranks' }),
  profile: z.union([z.string(), z.object({}).loose()], { error: 'expected a profile name or object' }).optional(),
  overrides: z.record(z.string(), z.union([z.string(), z.number()]), { error: 'expected {path: value}' }).optional(),
  seed: z.number({ error: 'expected an integer' }).int({ error: 'expected an integer' }).optional(),
  mode: z.enum(['data', 'timing'], { error: "expected 'data' or 'timing'" }).optional(),
  strategy: z.enum(RECEIVE_STRATEGY_CHOICES, { error: `expected one of ${RECEIVE_STRATEGY_CHOICES.join(', ')}` }).optional(),
  send: z.enum(SEND_STRATEGY_CHOICES, { error: `expected one of ${SEND_STRATEGY_CHOICES.join(', ')}` }).optional(),
  strictStrategy: z.boolean({ error: 'expected true or false' }).optional(),
  onNicMemoryFull: z.enum(['fallback', 'evict'], { error: "expected 'fallback' or 'evict'" }).optional(),
  reorder: z.strictObject({ window: positiveInt }, { error: 'expected {window}' }).optional(),
  unexpectedBufferBytes: positiveInt.min(65536, { error: 'expected at least 65536' }).optional(),
  trace: z.literal('goal', { error: "expected 'goal'" }).optional(),
  faults: FaultSpecSchema.optional(),
  receiveRecords: z.boolean({ error: 'expected true or false' }).optional(),
  timeLimitNs: TimeLimitNsSchema.optional(),
})

export function parseRunOptions(options: unknown): RunOptions {
  const r = RunOptionsSchema.safeParse(options)
  if (r.success) return r.data as RunOptions
  const issue = r.error.issues[0]!
  if (issue.code === 'unrecognized_keys') {
    const what = issue.path.length > 0 ? `${issue.path.join('.')}: unknown field` : 'unknown option'
    throw new MpiError(ERR_ARG, `run options: ${what} ${issue.keys.join(', ')}`)
  }
  const path = issue.path.length > 0 ? issue.path.join('.') : '(options)'
  throw new MpiError(ERR_ARG, `run options: ${path}: ${issue.message}`)
}
