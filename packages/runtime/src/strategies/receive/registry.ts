// Which planner builds a receive for each strategy ('auto' resolved first; SC19 §3.2.6 picks the
// strategy when the type is committed: specialized when the layout fits one, else RW-CP).

import { classify } from '@spinmpi/ddt'
import { match } from 'ts-pattern'
import type { ReceiveRequest, ReceiveStrategyName } from '../contract.js'
import { hostPlan } from './host.js'
import { nothingToUndo, type Planned } from './planned.js'
import { iovecPlan } from './iovec.js'
import { specializedPlan } from './specialized.js'
import { hpuLocalPlan, roCpPlan, rwCpPlan } from './rw-cp.js'

/** The strategy `auto` runs for (type, count). */
export function autoStrategy(req: Pick<ReceiveRequest, 'type' | 'count'>): ReceiveStrategyName {
  return classify(req.type, req.count).kind === 'general' ? 'rw-cp' : 'specialized'
}

export function resolveStrategy(req: ReceiveRequest): ReceiveStrategyName {
  return req.strategy === 'auto' ? autoStrategy(req) : req.strategy
}

export function planFor(req: ReceiveRequest): Planned {
  return match(resolveStrategy(req))
    .with('host', () => ({ plan: hostPlan(req), abandon: nothingToUndo }))
    .with('iovec', () => iovecPlan(req))
    .with('specialized', () => specializedPlan(req))
    .with('hpu-local', () => hpuLocalPlan(req))
    .with('ro-cp', () => roCpPlan(req))
    .with('rw-cp', () => rwCpPlan(req))
    .exhaustive()
}
