// Δr for a receive: the request's override, else SC19 §3.2.4's selection with the measured
// checkpoint size C and the NIC memory free now.

import type { ReceiveRequest, ReceiveStrategyName } from './contract.js'
import { checkpointSlotBytes } from './checkpoints.js'
import { selectDeltaR, type DeltaRChoice } from './delta-r.js'
import { handlerModel, handlerPs, packetPs } from './model.js'
import { gammaOf, typeWork } from './type-work.js'

export const DEFAULT_EPSILON = 0.2

export function chooseDeltaR(req: ReceiveRequest, strategy: ReceiveStrategyName, copies: number): DeltaRChoice {
  const profile = req.nic.profile
  const k = profile.network.mtuBytes
  const bytes = req.type.size * req.count
  if (req.deltaR !== undefined) {
    const deltaP = Math.max(1, Math.ceil(req.deltaR / k))
    return { deltaR: deltaP * k, deltaP, satisfied: { overhead: true, memory: true, packetBuffer: true } }
  }
  const slot = checkpointSlotBytes(req.type, req.count)
  const gamma = gammaOf(typeWork(req.type, req.count, profile.host.cacheLineBytes), k)
  const th = handlerPs(handlerModel(profile, strategy, gamma, slot, k), gamma)
  return selectDeltaR({
    profile, bytes, handlerPs: th, packetPs: packetPs(profile), slotBytes: slot, copies,
    nicMemBytes: req.nic.memory.capacity - req.nic.memory.used,
    epsilon: req.epsilon ?? DEFAULT_EPSILON,
  })
}
