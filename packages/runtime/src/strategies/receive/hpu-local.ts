// `hpu-local` (SC19 §3.2.4): one segment per vHPU (blocked-RR, Δp = 1, P vHPUs); each catches up
// over the other vHPUs' packets and resets when a packet is behind it.

import type { Segment } from '@spinmpi/ddt'
import { ReturnCode, type PayloadHandler } from '@spinmpi/nic'
import { slotBytesOf } from '../handlers/checkpoints.js'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { receiveLayout } from '../layout.js'
import { checkpointFreeDetails, offloadPlan, planGamma, type HandlerCounters } from './offload-plan.js'
import type { Planned } from './planned.js'
import { residencyOf } from './residency.js'
import { SegmentWriter } from '../handlers/segment-writer.js'
import { typeSegments } from '../handlers/type-segments.js'
import { handlerUnits } from '../model/completion-model.js'
import { servesAny, type ReceiveStrategy } from './record.js'

export function hpuLocalPlan(req: ReceiveRequest): Planned {
  const counters: HandlerCounters = { resets: 0 }
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const P = profile.nic.hpus
  const shared = typeSegments(req.type, req.count)
  const slot = slotBytesOf(shared.fresh, profile.nic)
  const residency = residencyOf(req.nic)
  const { state, created } = residency.acquire(residency.key(req.type, req.count, 'dataloop'), () => ({
    data: new Uint8Array(shared.dataloopBytes),
    extra: null,
  }))
  // each vHPU's segment starts at offset 0, made when the vHPU gets its first packet (a message
  // of fewer packets than vHPUs needs fewer of them)
  const segs: (Segment | undefined)[] = new Array<Segment | undefined>(P).fill(undefined)
  const w = new SegmentWriter(layout.lo, profile.costs, shared.scripts)
  const payload: PayloadHandler = (ctx, pkt) => {
    const seg = segs[ctx.vhpu] ?? (segs[ctx.vhpu] = shared.fresh.clone())
    if (pkt.offset < seg.position) {
      seg.reset()
      counters.resets++
    }
    w.run(ctx, pkt, seg)
    return ReturnCode.SUCCESS
  }
  return offloadPlan(req, {
    strategy: 'hpu-local', layout, payload, resident: state, created, counters,
    policy: { kind: 'blockedRR', deltaP: 1, vhpus: P },
    hpuMemBytes: P * slot,
    hostPrepPs: 0,
    details: checkpointFreeDetails(planGamma(req), slot),
  })
}

export const hpuLocalReceive: ReceiveStrategy<'hpu-local'> = {
  name: 'hpu-local',
  summary: 'one segment per vHPU that catches up over the other vHPUs\' packets, reset when behind',
  unpackedBy: 'handlers',
  chart: { colour: '#9467bd', order: 4 },
  plan: hpuLocalPlan,
  model: {
    handler(profile, gamma, { packets, work }) {
      const u = handlerUnits(profile, work)
      // in order, each vHPU skips the other P−1 vHPUs' packets; with fewer packets than HPUs,
      // packet i skips the i before it
      const P = profile.nic.hpus
      const behind = packets <= P ? (packets - 1) / 2 : P - 1
      return {
        initPs: u.dispatchPs + u.ps(u.fixedCycles),
        setupPs: u.ps(u.costs.segmentStepCycles + behind * gamma * u.costs.catchupStepCycles),
        blockPs: u.ps(u.generalBlockCycles),
      }
    },
    deltaP: () => 1,
    hpus: (P) => P,
  },
  deltaR: null,
  finishesOnHost: false,
  cannotServe: servesAny,
}
