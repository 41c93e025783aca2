// The `specialized` plan: the descriptor becomes resident NIC state (copied once per type), the
// handlers run on any idle HPU (default scheduling).

import { classify, MpiError, ERR_ARG } from '@spinmpi/ddt'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { receiveLayout } from '../layout.js'
import { checkpointFreeDetails, offloadPlan } from './offload-plan.js'
import type { Planned } from './planned.js'
import { residencyOf } from './residency.js'
import { classifyFor, specializedPayload } from './specialized-handler.js'
import { gammaOf, typeWork } from '../model/type-work.js'
import { hostWalkPs } from '../model/host-cost.js'
import { handlerUnits } from '../model/completion-model.js'
import type { ReceiveStrategy } from './record.js'
import { TypeCountCache } from '../type-cache.js'

// Why a (type, count) has no specialized handler, made once: a receive of a general layout asks
// again at every message (and falls back to host), and building the error (its stack) cost more
// than the rest of the failed plan.
const unservable = new TypeCountCache<MpiError | null>((type, count) => (classify(type, count).kind === 'general'
  ? new MpiError(ERR_ARG, 'receive.strategy: specialized needs a vector, index-block or indexed layout; this type is general (use rw-cp or auto)')
  : null))

export function specializedPlan(req: ReceiveRequest): Planned {
  const cannot = unservable.get(req.type, req.count)
  if (cannot !== null) throw cannot
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const work = typeWork(req.type, req.count, profile.host.cacheLineBytes)
  const residency = residencyOf(req.nic)
  const { state, created } = residency.acquire(residency.key(req.type, req.count, 'specialized'), () => {
    const d = classifyFor(req) as Float64Array
    return { data: new Uint8Array(d.buffer), extra: null }
  })
  const d = new Float64Array(state.data.buffer, state.data.byteOffset, state.data.byteLength / 8)
  return offloadPlan(req, {
    strategy: 'specialized', layout, resident: state, created,
    payload: specializedPayload(d, layout, profile.costs),
    hpuMemBytes: 0,
    // building the descriptor reads the normalized loop once: one step per block list entry
    hostPrepPs: d[0] === 0 ? 0 : hostWalkPs(profile.host, work.blocks),
    details: checkpointFreeDetails(gammaOf(work, profile.network.mtuBytes)),
  })
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
  cannotServe: (type, count) => (unservable.get(type, count) === null ? null : 'no specialized handler for a general layout'),
  refusal: (type, count) => unservable.get(type, count),
}
