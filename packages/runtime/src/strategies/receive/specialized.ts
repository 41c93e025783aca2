// The `specialized` plan: the descriptor becomes resident NIC state (copied once per type), the
// handlers run on any idle HPU (default scheduling).

import { MpiError, ERR_ARG } from '@spinmpi/ddt'
import type { ReceiveRequest } from '../contract.js'
import { receiveLayout } from '../layout.js'
import { offloadPlan } from './offload-plan.js'
import type { Planned } from './planned.js'
import { residencyOf } from './residency.js'
import { classifyFor, specializedPayload } from './specialized-handler.js'
import { gammaOf, typeWork } from '../model/type-work.js'
import { hostWalkPs } from '../model/host-cost.js'

export function specializedPlan(req: ReceiveRequest): Planned {
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const work = typeWork(req.type, req.count, profile.host.cacheLineBytes)
  const residency = residencyOf(req.nic)
  const { state, created } = residency.acquire(residency.key(req.type, req.count, 'specialized'), () => {
    const d = classifyFor(req)
    if (d === null) throw new MpiError(ERR_ARG, 'receive.strategy: specialized needs a vector, index-block or indexed layout; this type is general (use rw-cp or auto)')
    return { data: new Uint8Array(d.buffer), extra: null }
  })
  const d = new Float64Array(state.data.buffer, state.data.byteOffset, state.data.byteLength / 8)
  return offloadPlan(req, {
    strategy: 'specialized', layout, resident: state, created,
    payload: specializedPayload(d, layout, profile.costs),
    hpuMemBytes: 0,
    // building the descriptor reads the normalized loop once: one step per block list entry
    hostPrepPs: d[0] === 0 ? 0 : hostWalkPs(profile.host, work.blocks),
    details: { gamma: gammaOf(work, profile.network.mtuBytes), deltaR: 0, checkpoints: 0, checkpointBytes: 0, reused: false },
  })
}
