// Δr for a receive: the request's override, else SC19 §3.2.4's selection with the measured
// checkpoint size C and the NIC memory free now.

import { cyclesPs, type Profile } from '@spinmpi/nic'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { checkpointSlotBytes } from '../handlers/checkpoints.js'
import { selectDeltaR, type DeltaRChoice } from './delta-r-constraints.js'
import { handlerPs, packetPs, type ReceiveModel } from './completion-model.js'
import { gammaOf, typeWork } from './type-work.js'
import { TypeCountCache } from '../type-cache.js'

export const DEFAULT_EPSILON = 0.2

/** What a checkpointing strategy needs of Δr (part of its record). */
export interface DeltaRPolicy {
  /** Copies kept of every checkpoint in NIC memory (RW-CP: a master and a working copy). */
  readonly copies: number
  /**
   * Whether every handler catches up from its checkpoint (RO-CP: on average (Δr/k − 1)/2 packets),
   * so that Δr is also kept where that catch-up stays within 1/ε of the rest of the handler.
   */
  readonly catchUpBound: boolean
}

export function chooseDeltaR(req: ReceiveRequest, model: ReceiveModel, policy: DeltaRPolicy): DeltaRChoice {
  const profile = req.nic.profile
  const k = profile.network.mtuBytes
  if (req.deltaR !== undefined) {
    const deltaP = Math.max(1, Math.ceil(req.deltaR / k))
    return { deltaR: deltaP * k, deltaP, satisfied: { overhead: true, memory: true, packetBuffer: true }, binds: 'override' }
  }
  const nicMemBytes = req.nic.memory.capacity - req.nic.memory.used
  const epsilon = req.epsilon ?? DEFAULT_EPSILON
  // The choice is a function of these inputs alone, and a rank's receives of one type ask with
  // the same ones again and again (the model's numbers were most of a forced receive's planning).
  const memo = lastChoices.get(req.type, req.count)
  const l = memo.last
  if (l !== null && l.profile === profile && l.model === model && l.policy === policy && l.epsilon === epsilon && l.nicMemBytes === nicMemBytes) {
    return l.choice
  }
  const choice = computeDeltaR(req, profile, model, policy, epsilon, nicMemBytes)
  memo.last = { profile, model, policy, epsilon, nicMemBytes, choice }
  return choice
}

/** The last Δr chosen for a (type, count), with the inputs it was chosen from. */
interface LastChoice {
  readonly profile: Profile
  readonly model: ReceiveModel
  readonly policy: DeltaRPolicy
  readonly epsilon: number
  readonly nicMemBytes: number
  readonly choice: DeltaRChoice
}

const lastChoices = new TypeCountCache<{ last: LastChoice | null }>(() => ({ last: null }))

function computeDeltaR(req: ReceiveRequest, profile: Profile, model: ReceiveModel, policy: DeltaRPolicy, epsilon: number, nicMemBytes: number): DeltaRChoice {
  const k = profile.network.mtuBytes
  const bytes = req.type.size * req.count
  const slot = checkpointSlotBytes(req.type, req.count, profile)
  const work = typeWork(req.type, req.count, profile.host.cacheLineBytes)
  const gamma = gammaOf(work, k)
  const th = handlerPs(model.handler(profile, gamma, { slotBytes: slot, deltaR: k, packets: Infinity, work }), gamma)
  // A strategy that catches up in every handler pays for Δr in each (our rule; SC19 gives the
  // selection for RW-CP only).
  let maxDeltaP: number | undefined
  if (policy.catchUpBound) {
    const perPacket = gamma * cyclesPs(profile.costs.catchupStepCycles, profile.nic.hpuHz)
    maxDeltaP = perPacket > 0 ? 1 + Math.floor((2 * th) / (epsilon * perPacket)) : undefined
  }
  return selectDeltaR({
    profile, bytes, handlerPs: th, packetPs: packetPs(profile), slotBytes: slot, copies: policy.copies,
    nicMemBytes,
    epsilon,
    ...(maxDeltaP === undefined ? {} : { maxDeltaP }),
  })
}
