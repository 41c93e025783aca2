// FFT2D at scale the way SC19 §5.4 did it: per-message costs from the packet-level simulator
// (message-costs.ts), a GOAL schedule of the whole run (goal-schedule.ts), and the LogGOPS
// simulator with parameters from the profile (loggops-mapping.ts).

import { simulateLogGopsGraph } from '@spinmpi/goal'
import type { Profile } from '@spinmpi/nic'
import type { ReceiveStrategyChoice, SendStrategyName } from '@spinmpi/runtime'
import debugFactory from 'debug'
import { fft2dGraph } from './goal-schedule.js'
import { logGopsFromProfile, PS_PER_NS } from './loggops-mapping.js'
import { measureMessageCosts, modelProfile, type MessageCosts } from './message-costs.js'

const log = debugFactory('spinmpi:fft2d')

export interface ScaledModelOptions {
  readonly n: number
  readonly ranks: number
  readonly strategy: ReceiveStrategyChoice
  /** How tiles leave the sender (default 'host' pack), the same for every strategy. */
  readonly send?: SendStrategyName
  readonly profile?: string
  readonly overrides?: Readonly<Record<string, string | number>>
}

export interface ScaledModelResult {
  readonly runtimeNs: number
  readonly costs: MessageCosts
  /** GOAL operations simulated (all ranks). */
  readonly goalOps: number
}

/** Simulates the GOAL schedule of a run with these per-message costs. */
export function simulateFft2d(costs: MessageCosts, profile: Profile): { runtimeNs: number; goalOps: number } {
  const graph = fft2dGraph(costs)
  const goalOps = graph.numOps
  const result = simulateLogGopsGraph(graph, logGopsFromProfile(profile))
  if (result.max === null) throw new Error(`fft2d model: ${result.unmatched.length} GOAL operations stayed unmatched`)
  log('model n=%d P=%d: %d ops, %d ps', costs.n, costs.ranks, goalOps, result.max)
  return { runtimeNs: result.max / PS_PER_NS, goalOps }
}

export async function modelFft2d(o: ScaledModelOptions): Promise<ScaledModelResult> {
  if (o.n % o.ranks !== 0) throw new RangeError(`fft2d model: n (${o.n}) must be a multiple of ranks (${o.ranks})`)
  const profile = modelProfile(o.profile ?? 'sc19', o.overrides ?? {})
  const costs = await measureMessageCosts(o.n, o.ranks, o.strategy, profile, o.send ?? 'host')
  return { ...simulateFft2d(costs, profile), costs }
}
