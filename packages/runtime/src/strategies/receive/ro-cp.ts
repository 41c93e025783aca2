// `ro-cp` (SC19 §3.2.4): host-made checkpoints every Δr bytes, read-only on the NIC; each handler
// copies the nearest one into its HPU's scratch slot and catches up from there.

import { ReturnCode, type PayloadHandler } from '@spinmpi/nic'
import { restoreSlot } from '../handlers/checkpoints.js'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { copyCycles } from '../handlers/handler-costs.js'
import { receiveLayout } from '../layout.js'
import { offloadPlan, planGamma } from './offload-plan.js'
import type { Planned } from './planned.js'
import { SegmentWriter } from '../handlers/segment-writer.js'
import { typeSegments } from '../handlers/type-segments.js'
import { chooseDeltaR, type DeltaRPolicy } from '../model/receive-delta-r.js'
import { handlerUnits, type ReceiveModel } from '../model/completion-model.js'
import { copySlotFrom, residentCheckpoints, type ResidentCheckpoints } from './checkpoint-state.js'
import { servesAny, type ReceiveStrategy } from './record.js'

export function roCpPlan(req: ReceiveRequest): Planned {
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const choice = chooseDeltaR(req, roCpModel, roCpDeltaR)
  const { state, created } = residentCheckpoints(req, 'ro-cp', choice.deltaR)
  const { set } = state.extra as ResidentCheckpoints
  const base = state.data.length - set.slots.length
  const P = profile.nic.hpus
  // every handler restores its HPU's scratch slot into the segment first: one shared segment
  const shared = typeSegments(req.type, req.count)
  const seg = shared.scratch
  const copy = copyCycles(profile, set.slotBytes)
  const w = new SegmentWriter(layout.lo, profile.costs, shared.scripts)
  const deltaR = set.deltaR
  const payload: PayloadHandler = (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    const j = Math.floor(pkt.offset / deltaR)
    // the copy: master slot j (after the dataloop) into this HPU's scratch slot
    copySlotFrom(state.data, base, j, ctx.mem, ctx.hpu, set.slotBytes)
    ctx.account('init', copy)
    restoreSlot(seg, ctx.mem, 0, ctx.hpu, set.slotBytes)
    w.run(ctx, pkt, seg)
    return ReturnCode.SUCCESS
  }
  return offloadPlan(req, {
    strategy: 'ro-cp', layout, payload, resident: state, created,
    hpuMemBytes: P * set.slotBytes,
    hostPrepPs: set.hostPs,
    details: {
      gamma: planGamma(req), deltaR, checkpoints: set.count, checkpointBytes: set.slotBytes,
      deltaRChoice: { binds: choice.binds, satisfied: choice.satisfied },
    },
  })
}

const roCpModel: ReceiveModel = {
  handler(profile, gamma, { slotBytes, deltaR, work }) {
    const u = handlerUnits(profile, work)
    // a copy of the slot, then on average half an interval of catch-up
    const behind = Math.max(0, deltaR / profile.network.mtuBytes - 1) / 2
    return {
      initPs: u.dispatchPs + u.ps(u.fixedCycles + copyCycles(profile, slotBytes)),
      setupPs: u.ps(u.costs.segmentStepCycles + behind * gamma * u.costs.catchupStepCycles),
      blockPs: u.ps(u.generalBlockCycles),
    }
  },
  deltaP: () => 1,
  hpus: (P) => P,
}

const roCpDeltaR: DeltaRPolicy = { copies: 1, catchUpBound: true }

export const roCpReceive: ReceiveStrategy<'ro-cp'> = {
  name: 'ro-cp',
  summary: 'host-made checkpoints every Δr bytes; each handler copies the nearest one and catches up from it',
  unpackedBy: 'handlers',
  chart: { colour: '#ff7f0e', order: 3 },
  plan: roCpPlan,
  model: roCpModel,
  deltaR: roCpDeltaR,
  finishesOnHost: false,
  cannotServe: servesAny,
}
