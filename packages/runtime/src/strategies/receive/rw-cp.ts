// `rw-cp` (SC19 §3.2.4): blocked-RR with Δp = ⌈Δr/k⌉ and one vHPU per run, which owns the
// working copy of its run's checkpoint; a master copy restores it when a packet arrives behind it.

import type { Segment } from '@spinmpi/ddt'
import { ReturnCode, type PayloadHandler, type Profile, type SchedulingPolicy } from '@spinmpi/nic'
import { restoreSlot, type CheckpointSet } from '../handlers/checkpoints.js'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { copyCycles, stateSaveBytes } from '../handlers/handler-costs.js'
import { receiveLayout, spanOf, type ReceiveLayout } from '../layout.js'
import { contextSpec, OffloadedPlan, planGamma, pooledPlan, type HandlerCounters } from './offload-plan.js'
import { ChoiceDetails } from './choice-details.js'
import { PlanPool } from './plan-pool.js'
import type { Planned } from './planned.js'
import { SegmentWriter } from '../handlers/segment-writer.js'
import { typeSegments } from '../handlers/type-segments.js'
import { chooseDeltaR, type DeltaRPolicy } from '../model/receive-delta-r.js'
import { residencyOf, type ResidentState } from './residency.js'
import { handlerUnits, type ReceiveModel } from '../model/completion-model.js'
import { copySlotFrom, residentCheckpoints, type ResidentCheckpoints } from './checkpoint-state.js'
import { servesAny, type ReceiveStrategy } from './record.js'

export function rwCpPlan(req: ReceiveRequest): Planned {
  const choice = chooseDeltaR(req, rwCpModel, rwCpDeltaR)
  const { state, created } = residentCheckpoints(req, 'rw-cp', choice.deltaR)
  const parts = rwCpParts.get(state) ?? newParts(req, state)
  const slots = parts.set.slots
  const host = spanOf(parts.layout, req.buffer, req.bufferOffset)
  const details = parts.details.of(choice, created)
  const spare = pooledPlan(parts.plans, 'rw-cp', parts.layout, host, state, created, slots.length, parts.set.hostPs, details)
  if (spare !== null) return spare
  const counters: HandlerCounters = { resets: 0 }
  // The working copies live in HPU memory (slot j for run j, initialMem: equal to the masters at posting).
  const context = contextSpec(slots.length, host, rwCpPayload(parts, counters), parts.policy, slots)
  return new OffloadedPlan(
    residencyOf(req.nic), 'rw-cp', parts.layout, context, state, created, slots.length, parts.set.hostPs, details, counters, parts.plans,
  )
}

/**
 * What every rw-cp receive of one resident checkpoint state shares, made at its first receive
 * and kept with the state (weakly: a state evicted and made again gets new parts). Per receive
 * remain the counters, the payload closure over them, the context spec and the plan: pooled
 * here (the MPI layer gives a rendezvous receive's plan back once it is done with it).
 */
interface RwCpParts {
  readonly state: ResidentState
  readonly set: CheckpointSet
  readonly layout: ReceiveLayout
  readonly policy: SchedulingPolicy
  /** Where the master slots start in the resident bytes (after the dataloop tree). */
  readonly base: number
  /**
   * A handler restores its run's slot into this segment, walks, and stores the state back: no
   * state stays in it (or in the writer) from one handler to the next, so they serve every
   * receive of the type, as the type's scratch segment serves every HPU.
   */
  readonly decoder: Segment
  readonly writer: SegmentWriter
  readonly profile: Profile
  /** Cycles of one master-to-working slot copy. */
  readonly copy: number
  /** The details for the latest Δr choice (created, reused): read only, shared by the receives that plan with it. */
  readonly details: ChoiceDetails
  /** Plans of finished receives of this state, each with its own spec, payload closure and counters. */
  readonly plans: PlanPool<OffloadedPlan>
}

const rwCpParts = new WeakMap<ResidentState, RwCpParts>()

function newParts(req: ReceiveRequest, state: ResidentState): RwCpParts {
  const profile = req.nic.profile
  const { set } = state.extra as ResidentCheckpoints
  const layout = receiveLayout(req.type, req.count)
  const shared = typeSegments(req.type, req.count)
  const gamma = planGamma(req)
  const parts: RwCpParts = {
    state, set, layout, profile,
    // frozen, as the details: every receive's context holds the same object
    policy: Object.freeze({ kind: 'blockedRR', deltaP: Math.ceil(set.deltaR / profile.network.mtuBytes), vhpus: set.count }),
    base: state.data.length - set.slots.length,
    decoder: shared.scratch,
    writer: new SegmentWriter(layout.lo, profile.costs, shared.scripts),
    copy: copyCycles(profile, set.slotBytes),
    details: new ChoiceDetails((reused, deltaRChoice) => ({
      gamma, deltaR: set.deltaR, checkpoints: 2 * set.count, checkpointBytes: set.slotBytes, reused, deltaRChoice,
    })),
    plans: new PlanPool<OffloadedPlan>(),
  }
  rwCpParts.set(state, parts)
  return parts
}

/**
 * The payload handler of one receive (its own closure: the reset counter is the receive's). A
 * handler works on its run's slot in place: it reads the state there, progresses it and stores
 * it back, so the next packet of the run continues where this one stopped.
 */
function rwCpPayload(parts: RwCpParts, counters: HandlerCounters): PayloadHandler {
  return (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    const { decoder, set, profile } = parts
    const slotBytes = set.slotBytes
    const j = Math.floor(pkt.offset / set.deltaR)
    restoreSlot(decoder, ctx.mem, 0, j, slotBytes)
    if (pkt.offset < decoder.position) {
      // behind the working copy (out of order): the master restores it
      copySlotFrom(parts.state.data, parts.base, j, ctx.mem, j, slotBytes)
      ctx.account('init', parts.copy)
      restoreSlot(decoder, ctx.mem, 0, j, slotBytes)
      counters.resets++
    }
    parts.writer.run(ctx, pkt, decoder)
    // the progressed state back into the slot: the live frames' stores are this handler's work
    decoder.writeCheckpoint(ctx.mem, j * slotBytes)
    ctx.account('init', copyCycles(profile, stateSaveBytes(profile, decoder.frames, slotBytes)))
    return ReturnCode.SUCCESS
  }
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
