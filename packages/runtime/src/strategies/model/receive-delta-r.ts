// Δr for a receive: the request's override, else SC19 §3.2.4's selection with the measured
// checkpoint size C and the NIC memory free now.

import { cyclesPs } from '@spinmpi/nic'
import type { ReceiveRequest, ReceiveStrategyName } from '../contract.js'
import { checkpointSlotBytes } from '../handlers/checkpoints.js'
import { selectDeltaR, type DeltaRChoice } from './delta-r-constraints.js'
import { handlerModel, handlerPs, packetPs } from './completion-model.js'
import { gammaOf, typeWork } from './type-work.js'

export const DEFAULT_EPSILON = 0.2

export function chooseDeltaR(req: ReceiveRequest, strategy: ReceiveStrategyName, copies: number): DeltaRChoice {
  const profile = req.nic.profile
  const k = profile.network.mtuBytes
  const bytes = req.type.size * req.count
  if (req.deltaR !== undefined) {
    const deltaP = Math.max(1, Math.ceil(req.deltaR / k))
    return { deltaR: deltaP * k, deltaP, satisfied: { overhead: true, memory: true, packetBuffer: true }, binds: 'override' }
  }
  const slot = checkpointSlotBytes(req.type, req.count, profile)
  const work = typeWork(req.type, req.count, profile.host.cacheLineBytes)
  const gamma = gammaOf(work, k)
  const th = handlerPs(handlerModel(profile, strategy, gamma, slot, k, Infinity, work), gamma)
  const epsilon = req.epsilon ?? DEFAULT_EPSILON
  // RO-CP pays for Δr in every handler: on average (Δr/k − 1)/2 packets of catch-up. Its Δr is
  // also kept where that catch-up stays within 1/ε of the rest of the handler (our rule; SC19
  // gives the selection for RW-CP only).
  let maxDeltaP: number | undefined
  if (strategy === 'ro-cp') {
    const perPacket = gamma * cyclesPs(profile.costs.catchupStepCycles, profile.nic.hpuHz)
    maxDeltaP = perPacket > 0 ? 1 + Math.floor((2 * th) / (epsilon * perPacket)) : undefined
  }
  return selectDeltaR({
    profile, bytes, handlerPs: th, packetPs: packetPs(profile), slotBytes: slot, copies,
    nicMemBytes: req.nic.memory.capacity - req.nic.memory.used,
    epsilon,
    ...(maxDeltaP === undefined ? {} : { maxDeltaP }),
  })
}
