// The `specialized` plan: the descriptor becomes resident NIC state (copied once per type), the
// handlers run on any idle HPU (default scheduling); plans are pooled per descriptor.

import { classify, MpiError, ERR_ARG } from '@spinmpi/ddt'
import type { PayloadHandler } from '@spinmpi/nic'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { receiveLayout, spanOf } from '../layout.js'
import { checkpointFreeDetails, contextSpec, detailsPair, OffloadedPlan, pooledPlan, type PooledParts } from './offload-plan.js'
import { PlanPool } from './plan-pool.js'
import type { Planned } from './planned.js'
import { residencyOf, type ResidentState } from './residency.js'
import { classifyFor, specializedPayload } from './specialized-handler.js'
import { gammaOf, typeWork } from '../model/type-work.js'
import { hostWalkPs } from '../model/host-cost.js'
import { handlerUnits } from '../model/completion-model.js'
import type { ReceiveStrategy } from './record.js'
import { TypeCountCache } from '../type-cache.js'
import { specializedWhyNot } from './specialized-why.js'

// Why a (type, count) has no specialized handler, made once: a receive of a general layout asks
// again at every message (and falls back to host), and building the error (its stack) cost more
// than the rest of the failed plan. It says what the layout is (count > 1 wraps the type in a
// contiguous, which a one-level type alone would fit) in the words of compare's note.
const unservable = new TypeCountCache<MpiError | null>((type, count) => (classify(type, count).kind === 'general'
  ? new MpiError(ERR_ARG, `receive.strategy: ${specializedWhyNot(type, count)}; use rw-cp or auto`)
  : null))

export function specializedPlan(req: ReceiveRequest): Planned {
  const cannot = unservable.get(req.type, req.count)
  if (cannot !== null) throw cannot
  const residency = residencyOf(req.nic)
  const key = residency.key(req.type, req.count, 'specialized')
  // resident already (the common case): no build closure (see residentCheckpoints)
  const { state, created } = residency.reuse(key) ?? residency.acquire(key, descriptorBuilder(req))
  const parts = specializedParts.get(state) ?? newParts(req, state)
  const host = spanOf(parts.layout, req.buffer, req.bufferOffset)
  const hostPs = parts.hostPs
  const details = parts.details[created ? 0 : 1]
  const spare = pooledPlan(parts.plans, 'specialized', parts.layout, host, state, created, 0, hostPs, details)
  if (spare !== null) return spare
  const context = contextSpec(0, host, parts.payload, undefined, undefined)
  return new OffloadedPlan(residency, 'specialized', parts.layout, context, state, created, 0, hostPs, details, { resets: 0 }, parts.plans)
}

/** Makes the resident descriptor of (type, count). */
function descriptorBuilder(req: ReceiveRequest): () => { data: Uint8Array; extra: null } {
  return () => {
    const d = classifyFor(req) as Float64Array
    return { data: new Uint8Array(d.buffer), extra: null }
  }
}

/**
 * What every specialized receive of one resident descriptor shares, made at its first receive
 * and kept with the state (weakly). The handler reads the descriptor and keeps nothing of a
 * receive: every receive runs the same closure. Per receive remain the context spec and the plan,
 * pooled here.
 */
interface SpecializedParts extends PooledParts {
  readonly payload: PayloadHandler
  readonly hostPs: number
}

const specializedParts = new WeakMap<ResidentState, SpecializedParts>()

function newParts(req: ReceiveRequest, state: ResidentState): SpecializedParts {
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const work = typeWork(req.type, req.count, profile.host.cacheLineBytes)
  const d = new Float64Array(state.data.buffer, state.data.byteOffset, state.data.byteLength / 8)
  const parts: SpecializedParts = {
    layout,
    payload: specializedPayload(d, layout, profile.costs),
    // building the descriptor reads the normalized loop once: one step per block list entry
    hostPs: d[0] === 0 ? 0 : hostWalkPs(profile.host, work.blocks),
    details: detailsPair(checkpointFreeDetails(gammaOf(work, profile.network.mtuBytes))),
    plans: new PlanPool<OffloadedPlan>(),
  }
  specializedParts.set(state, parts)
  return parts
}

export const specializedReceive: ReceiveStrategy<'specialized'> = {
  name: 'specialized',
  summary: 'handlers written for one layout (vector, index-block, indexed) read a descriptor in NIC memory',
  unpackedBy: 'handlers',
  chart: { colour: '#d62728', order: 1 },
  plan: specializedPlan,
  model: {
    handler(profile) {
      const u = handlerUnits(profile)
      return { initPs: u.dispatchPs + u.ps(u.fixedCycles), setupPs: u.ps(u.costs.segmentStepCycles), blockPs: u.ps(u.specialBlockCycles) }
    },
    deltaP: () => 1,
    hpus: (P) => P,
  },
  deltaR: null,
  finishesOnHost: false,
  cannotServe: (type, count) => (unservable.get(type, count) === null ? null : specializedWhyNot(type, count)),
  refusal: (type, count) => unservable.get(type, count),
}
