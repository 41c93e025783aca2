// `hpu-local` (SC19 §3.2.4): one segment per vHPU (blocked-RR, Δp = 1, P vHPUs); each catches up
// over the other vHPUs' packets and resets when a packet is behind it.

import type { Segment } from '@spinmpi/ddt'
import { ReturnCode, type PayloadHandler, type SchedulingPolicy } from '@spinmpi/nic'
import { slotBytesOf } from '../handlers/checkpoints.js'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { receiveLayout, spanOf } from '../layout.js'
import { checkpointFreeDetails, contextSpec, detailsPair, OffloadedPlan, planGamma, pooledPlan, type HandlerCounters, type PooledParts } from './offload-plan.js'
import { PlanPool } from './plan-pool.js'
import type { Planned } from './planned.js'
import { residencyOf, type ResidentState } from './residency.js'
import { SegmentWriter } from '../handlers/segment-writer.js'
import { typeSegments } from '../handlers/type-segments.js'
import { handlerUnits } from '../model/completion-model.js'
import { servesAny, type ReceiveStrategy } from './record.js'

export function hpuLocalPlan(req: ReceiveRequest): Planned {
  const residency = residencyOf(req.nic)
  const key = residency.key(req.type, req.count, 'dataloop')
  // resident already (the common case): no build closure (see residentCheckpoints)
  const { state, created } = residency.reuse(key) ?? residency.acquire(key, dataloopBuilder(req))
  const parts = hpuLocalParts.get(state) ?? newParts(req, state)
  const host = spanOf(parts.layout, req.buffer, req.bufferOffset)
  const spare = pooledPlan(parts.plans, 'hpu-local', parts.layout, host, state, created, parts.hpuMemBytes, 0, parts.details[created ? 0 : 1])
  if (spare !== null) {
    // the vHPUs' segments it made stay with it: back at the start, as new clones would be
    const segs = (spare.counters as SegmentsOfReceive).segs
    for (let v = 0; v < segs.length; v++) segs[v]?.copyFrom(parts.fresh)
    return spare
  }
  const handler: SegmentsOfReceive = { resets: 0, segs: new Array<Segment | undefined>(req.nic.profile.nic.hpus).fill(undefined) }
  const context = contextSpec(parts.hpuMemBytes, host, hpuLocalPayload(parts, handler), parts.policy, undefined)
  return new OffloadedPlan(
    residency, 'hpu-local', parts.layout, context, state, created, parts.hpuMemBytes, 0, parts.details[created ? 0 : 1], handler, parts.plans,
  )
}

/** Makes the resident dataloop tree of (type, count). */
function dataloopBuilder(req: ReceiveRequest): () => { data: Uint8Array; extra: null } {
  return () => ({ data: new Uint8Array(typeSegments(req.type, req.count).dataloopBytes), extra: null })
}

/** A receive's handler state: its reset count and each vHPU's segment (the plan's counters). */
interface SegmentsOfReceive extends HandlerCounters {
  readonly segs: (Segment | undefined)[]
}

/**
 * What every hpu-local receive of one resident dataloop state shares, made at its first receive
 * and kept with the state (weakly), as rw-cp's parts. Per receive remain the vHPUs' segments and
 * the reset count, the payload closure over them, the context spec and the plan: pooled here.
 */
interface HpuLocalParts extends PooledParts {
  /** The type's segment at its start, which each vHPU's segment starts as. */
  readonly fresh: Segment
  readonly writer: SegmentWriter
  readonly policy: SchedulingPolicy
  readonly hpuMemBytes: number
}

const hpuLocalParts = new WeakMap<ResidentState, HpuLocalParts>()

function newParts(req: ReceiveRequest, state: ResidentState): HpuLocalParts {
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const P = profile.nic.hpus
  const shared = typeSegments(req.type, req.count)
  const slot = slotBytesOf(shared.fresh, profile.nic)
  const parts: HpuLocalParts = {
    layout,
    fresh: shared.fresh,
    // no state stays in the writer from one handler to the next (see rw-cp's parts)
    writer: new SegmentWriter(layout.lo, profile.costs, shared.scripts),
    policy: Object.freeze({ kind: 'blockedRR', deltaP: 1, vhpus: P }),
    hpuMemBytes: P * slot,
    details: detailsPair(checkpointFreeDetails(planGamma(req), slot)),
    plans: new PlanPool<OffloadedPlan>(),
  }
  hpuLocalParts.set(state, parts)
  return parts
}

/** The payload handler of one receive: each vHPU's segment, made when the vHPU gets its first packet. */
function hpuLocalPayload(parts: HpuLocalParts, handler: SegmentsOfReceive): PayloadHandler {
  const segs = handler.segs
  return (ctx, pkt) => {
    const seg = segs[ctx.vhpu] ?? (segs[ctx.vhpu] = parts.fresh.clone())
    if (pkt.offset < seg.position) {
      seg.reset()
      handler.resets++
    }
    parts.writer.run(ctx, pkt, seg)
    return ReturnCode.SUCCESS
  }
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
