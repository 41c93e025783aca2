// The receive strategies: one record per strategy (its own file in this folder), listed here
// once. Names, the name type, the zod enums and the CLI choices all derive from this list; a new
// strategy is a new record file plus one line below (docs/extending.md).

import { classify } from '@spinmpi/ddt'
import type { ReceivePlanOf, ReceiveRequestOf } from '../contract-core.js'
import type { Planned } from './planned.js'
import { namesOf } from '../names-of.js'
import type { ReceiveStrategy } from './record.js'
import { hostReceive } from './host.js'
import { iovecReceive } from './iovec.js'
import { specializedReceive } from './specialized.js'
import { hpuLocalReceive } from './hpu-local.js'
import { roCpReceive } from './ro-cp.js'
import { rwCpReceive } from './rw-cp.js'

/** Every receive strategy, host first (the order of tables and choices). */
export const RECEIVE_STRATEGY_RECORDS = [
  hostReceive,
  iovecReceive,
  specializedReceive,
  hpuLocalReceive,
  roCpReceive,
  rwCpReceive,
] as const

/** How a non-contiguous receive is unpacked: by the host, from an iovec list by the NIC, or by sPIN handlers (specialized, HPU-local, RO-CP, RW-CP; SC19 §3.2). */
export type ReceiveStrategyName = (typeof RECEIVE_STRATEGY_RECORDS)[number]['name']
/** A receive strategy, or 'auto': specialized when the layout fits one, else rw-cp (autoStrategy; never host, whatever the size). */
export type ReceiveStrategyChoice = ReceiveStrategyName | 'auto'

type ReceiveRequest = ReceiveRequestOf<ReceiveStrategyChoice>

/** The receive strategies' names, host first. */
export const RECEIVE_STRATEGIES = namesOf(RECEIVE_STRATEGY_RECORDS)
/** The receive strategies plus 'auto' (autoStrategy: a rule on the type, not the §3.2.4 model). */
export const RECEIVE_CHOICES = [...RECEIVE_STRATEGIES, 'auto'] as const

const byName = new Map<string, ReceiveStrategy>(RECEIVE_STRATEGY_RECORDS.map((s) => [s.name, s]))

/** The record of a strategy. */
export function receiveStrategy(name: ReceiveStrategyName): ReceiveStrategy<ReceiveStrategyName> {
  return byName.get(name) as ReceiveStrategy<ReceiveStrategyName>
}

/** What a receive falls back to when its strategy cannot serve it (NIC memory full, strict off). */
export const FALLBACK_RECEIVE = hostReceive

/** What `auto` does, in one line (help texts). */
export const AUTO_STRATEGY_SUMMARY = 'specialized when the layout fits one, else rw-cp (SC19 §3.2.6); never host, even where host is faster (docs/strategies.md)'

/**
 * The strategy `auto` runs for (type, count): SC19 §3.2.6 picks specialized when the layout fits
 * one, else RW-CP. A rule on the type only: neither the message size, γ nor the profile enter it,
 * so it loses to host on many blocks per packet (examples/types/struct.json at 4 MiB: 2.92×
 * host's time on sc19); docs/strategies.md lists the known misses and a model-based alternative.
 */
export function autoStrategy(req: Pick<ReceiveRequest, 'type' | 'count'>): ReceiveStrategyName {
  return classify(req.type, req.count).kind === 'general' ? rwCpReceive.name : specializedReceive.name
}

export function resolveStrategy(req: ReceiveRequest): ReceiveStrategyName {
  return req.strategy === 'auto' ? autoStrategy(req) : req.strategy
}

export function planFor(req: ReceiveRequest): Planned {
  return receiveStrategy(resolveStrategy(req)).plan(req)
}

/** A record's plan, with its strategy checked to be a registered name (records see names as strings). */
export function namedPlan(plan: ReceivePlanOf): ReceivePlanOf<ReceiveStrategyName> {
  if (!byName.has(plan.strategy)) throw new Error(`receive plan names unregistered strategy '${plan.strategy}'`)
  return plan as ReceivePlanOf<ReceiveStrategyName>
}
