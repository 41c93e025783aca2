// `rw-cp` (SC19 §3.2.4): blocked-RR with Δp = ⌈Δr/k⌉ and one vHPU per run, which owns the
// working copy of its run's checkpoint; a master copy restores it when a packet arrives behind it.

import { Segment } from '@spinmpi/ddt'
import { ReturnCode, type PayloadHandler } from '@spinmpi/nic'
import { restoreSlot } from '../handlers/checkpoints.js'
import type { ReceiveRequest } from '../contract.js'
import { copyCycles } from '../handlers/handler-costs.js'
import { receiveLayout } from '../layout.js'
import { offloadPlan, planGamma, type HandlerCounters } from './offload-plan.js'
import type { Planned } from './planned.js'
import { SegmentWriter } from '../handlers/segment-writer.js'
import { chooseDeltaR, type DeltaRPolicy } from '../model/receive-delta-r.js'
import { handlerUnits, type ReceiveModel } from '../model/completion-model.js'
import { copySlotFrom, residentCheckpoints, type ResidentCheckpoints } from './checkpoint-state.js'
import { servesAny, type ReceiveStrategy } from './record.js'

export function rwCpPlan(req: ReceiveRequest): Planned {
  const counters: HandlerCounters = { resets: 0 }
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const choice = chooseDeltaR(req, rwCpModel, rwCpDeltaR)
  const { state, created } = residentCheckpoints(req, 'rw-cp', choice.deltaR)
  const { set } = state.extra as ResidentCheckpoints
  const base = state.data.length - set.slots.length
  // working copies start equal to the masters (copied inside the NIC at posting): each run's
  // segment is restored from its slot now, so no handler allocates
  const working: Segment[] = []
  for (let j = 0; j < set.count; j++) {
    const seg = new Segment(req.type, req.count)
    restoreSlot(seg, set.slots, 0, j, set.slotBytes)
    working.push(seg)
  }
  const copy = copyCycles(profile, set.slotBytes)
  const w = new SegmentWriter(layout.lo, profile.costs)
  const deltaR = set.deltaR
  const payload: PayloadHandler = (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    const j = Math.floor(pkt.offset / deltaR)
    const seg = working[j]!
    if (pkt.offset < seg.position) {
      copySlotFrom(state.data, base, j, ctx.mem, j, set.slotBytes)
      ctx.account('init', copy)
      restoreSlot(seg, ctx.mem, 0, j, set.slotBytes)
      counters.resets++
    }
    w.run(ctx, pkt, seg)
    return ReturnCode.SUCCESS
  }
  return offloadPlan(req, {
    strategy: 'rw-cp', layout, payload, resident: state, created, counters,
    policy: { kind: 'blockedRR', deltaP: Math.ceil(deltaR / profile.network.mtuBytes), vhpus: set.count },
    hpuMemBytes: set.slots.length,
    initialMem: set.slots,
    hostPrepPs: set.hostPs,
    details: {
      gamma: planGamma(req), deltaR, checkpoints: 2 * set.count, checkpointBytes: set.slotBytes, reused: false,
      deltaRChoice: { binds: choice.binds, satisfied: choice.satisfied },
    },
  })
}

const rwCpModel: ReceiveModel = {
  handler(profile, _gamma, { work }) {
    const u = handlerUnits(profile, work)
    return { initPs: u.dispatchPs + u.ps(u.fixedCycles), setupPs: u.ps(u.costs.segmentStepCycles), blockPs: u.ps(u.generalBlockCycles) }
  },
  // blocked-RR: an HPU waits for the packets of its run
  deltaP: (deltaR, mtu) => Math.ceil(deltaR / mtu),
  hpus: (P) => P,
}

const rwCpDeltaR: DeltaRPolicy = { copies: 2, catchUpBound: false }

export const rwCpReceive: ReceiveStrategy<'rw-cp'> = {
  name: 'rw-cp',
  summary: 'the vHPU of each Δr run owns a working copy of its checkpoint; a master copy restores it on reorder',
  unpackedBy: 'handlers',
  chart: { colour: '#2ca02c', order: 2 },
  plan: rwCpPlan,
  model: rwCpModel,
  deltaR: rwCpDeltaR,
  finishesOnHost: false,
  cannotServe: servesAny,
}
