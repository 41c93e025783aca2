// `ro-cp` (SC19 §3.2.4): host-made checkpoints every Δr bytes, read-only on the NIC; each handler
// copies the nearest one into its HPU's scratch slot and catches up from there.

import { ReturnCode, type PayloadHandler } from '@spinmpi/nic'
import { restoreSlot } from '../handlers/checkpoints.js'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { copyCycles } from '../handlers/handler-costs.js'
import { receiveLayout, spanOf, type ReceiveLayout } from '../layout.js'
import { contextSpec, OffloadedPlan, planGamma, pooledPlan } from './offload-plan.js'
import { ChoiceDetails } from './choice-details.js'
import { PlanPool } from './plan-pool.js'
import { residencyOf, type ResidentState } from './residency.js'
import type { Planned } from './planned.js'
import { SegmentWriter } from '../handlers/segment-writer.js'
import { typeSegments } from '../handlers/type-segments.js'
import { chooseDeltaR, type DeltaRPolicy } from '../model/receive-delta-r.js'
import { handlerUnits, type ReceiveModel } from '../model/completion-model.js'
import { copySlotFrom, residentCheckpoints, type ResidentCheckpoints } from './checkpoint-state.js'
import { servesAny, type ReceiveStrategy } from './record.js'

export function roCpPlan(req: ReceiveRequest): Planned {
  const choice = chooseDeltaR(req, roCpModel, roCpDeltaR)
  const { state, created } = residentCheckpoints(req, 'ro-cp', choice.deltaR)
  const parts = roCpParts.get(state) ?? newParts(req, state)
  const host = spanOf(parts.layout, req.buffer, req.bufferOffset)
  const details = parts.details.of(choice, created)
  const spare = pooledPlan(parts.plans, 'ro-cp', parts.layout, host, state, created, parts.hpuMemBytes, parts.hostPs, details)
  if (spare !== null) return spare
  const context = contextSpec(parts.hpuMemBytes, host, parts.payload, undefined, undefined)
  return new OffloadedPlan(
    residencyOf(req.nic), 'ro-cp', parts.layout, context, state, created, parts.hpuMemBytes, parts.hostPs, details, { resets: 0 }, parts.plans,
  )
}

/**
 * What every ro-cp receive of one resident checkpoint state shares, made at its first receive
 * and kept with the state (weakly), as rw-cp's parts. The payload handler keeps nothing of a
 * receive (each handler restores its HPU's slot from a master first): every receive of the state
 * runs the same closure. Per receive remain the context spec and the plan, pooled here.
 */
interface RoCpParts {
  readonly layout: ReceiveLayout
  readonly payload: PayloadHandler
  readonly hpuMemBytes: number
  readonly hostPs: number
  readonly details: ChoiceDetails
  readonly plans: PlanPool<OffloadedPlan>
}

const roCpParts = new WeakMap<ResidentState, RoCpParts>()

function newParts(req: ReceiveRequest, state: ResidentState): RoCpParts {
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const { set } = state.extra as ResidentCheckpoints
  const base = state.data.length - set.slots.length
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
  const gamma = planGamma(req)
  const parts: RoCpParts = {
    layout, payload,
    hpuMemBytes: profile.nic.hpus * set.slotBytes,
    hostPs: set.hostPs,
    details: new ChoiceDetails((reused, deltaRChoice) => ({
      gamma, deltaR, checkpoints: set.count, checkpointBytes: set.slotBytes, reused, deltaRChoice,
    })),
    plans: new PlanPool<OffloadedPlan>(),
  }
  roCpParts.set(state, parts)
  return parts
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
