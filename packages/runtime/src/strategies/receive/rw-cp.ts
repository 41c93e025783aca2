// `rw-cp` (SC19 §3.2.4): blocked-RR with Δp = ⌈Δr/k⌉ and one vHPU per run, which owns the
// working copy of its run's checkpoint; a master copy restores it when a packet arrives behind it.

import { ReturnCode, type PayloadHandler } from '@spinmpi/nic'
import { restoreSlot } from '../handlers/checkpoints.js'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { copyCycles, stateSaveBytes } from '../handlers/handler-costs.js'
import { receiveLayout } from '../layout.js'
import { offloadPlan, planGamma, type HandlerCounters } from './offload-plan.js'
import type { Planned } from './planned.js'
import { SegmentWriter } from '../handlers/segment-writer.js'
import { typeSegments } from '../handlers/type-segments.js'
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
  // The working copies live in HPU memory (slot j for run j, initialMem: equal to the masters at
  // posting). A handler works on its run's slot in place: it reads the state there, progresses
  // it and stores it back, so the next packet of the run continues where this one stopped. The
  // Segment object only decodes the slot; no state is kept outside NIC memory between handlers,
  // so the type's shared scratch segment serves.
  const shared = typeSegments(req.type, req.count)
  const decoder = shared.scratch
  const copy = copyCycles(profile, set.slotBytes)
  const w = new SegmentWriter(layout.lo, profile.costs, shared.scripts)
  const deltaR = set.deltaR
  const slotBytes = set.slotBytes
  const payload: PayloadHandler = (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    const j = Math.floor(pkt.offset / deltaR)
    const at = j * slotBytes
    restoreSlot(decoder, ctx.mem, 0, j, slotBytes)
    if (pkt.offset < decoder.position) {
      // behind the working copy (out of order): the master restores it
      copySlotFrom(state.data, base, j, ctx.mem, j, slotBytes)
      ctx.account('init', copy)
      restoreSlot(decoder, ctx.mem, 0, j, slotBytes)
      counters.resets++
    }
    w.run(ctx, pkt, decoder)
    // the progressed state back into the slot: the live frames' stores are this handler's work
    decoder.writeCheckpoint(ctx.mem, at)
    ctx.account('init', copyCycles(profile, stateSaveBytes(profile, decoder.frames, slotBytes)))
    return ReturnCode.SUCCESS
  }
  return offloadPlan(req, {
    strategy: 'rw-cp', layout, payload, resident: state, created, counters,
    policy: { kind: 'blockedRR', deltaP: Math.ceil(deltaR / profile.network.mtuBytes), vhpus: set.count },
    hpuMemBytes: set.slots.length,
    initialMem: set.slots,
    hostPrepPs: set.hostPs,
    details: {
      gamma: planGamma(req), deltaR, checkpoints: 2 * set.count, checkpointBytes: slotBytes,
      deltaRChoice: { binds: choice.binds, satisfied: choice.satisfied },
    },
  })
}

const rwCpModel: ReceiveModel = {
  handler(profile, _gamma, { slotBytes, work }) {
    const u = handlerUnits(profile, work)
    // the handler stores its progressed state back into its run's slot (the live frames)
    const save = copyCycles(profile, stateSaveBytes(profile, work?.depth ?? 0, slotBytes))
    return { initPs: u.dispatchPs + u.ps(u.fixedCycles + save), setupPs: u.ps(u.costs.segmentStepCycles), blockPs: u.ps(u.generalBlockCycles) }
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
