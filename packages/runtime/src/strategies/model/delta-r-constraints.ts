// Checkpoint interval selection (SC19 §3.2.4). Δr is a multiple of the packet size k; we pick
// the largest one (fewest checkpoints) that keeps
//   (1) the blocked-RR ramp within ε of the processing time:
//       T_pkt + ⌈Δr/k⌉(P−1)T_pkt ≤ ε·⌈n_pkt/P⌉·T_PH(γ)
//   (3) the packets buffered within the packet buffer. SC19 writes min(T_PH·k/T_pkt, Δr) ≤ B_pkt
//       (one run); the simulation shows that when a handler is slower than the wire
//       (T_PH > T_pkt) every busy HPU's run waits in the buffer, so we require P·Δr ≤ B_pkt
//       there (else only ⌊B_pkt/Δr⌋ HPUs get packets: completion-model.ts bufferedHpus)
// and leaves at least P runs (so every HPU gets its ⌈n_pkt/P⌉ share, as the model assumes),
// and then raise it as far as needed for (2) the checkpoints to fit in NIC memory:
//       (n_pkt·k/Δr)·C·copies ≤ M_NIC
// (RW-CP keeps a master and a working copy of every checkpoint: copies = 2). When (2) cannot be
// met together with (1), memory wins and `satisfied` says which constraints hold.

import type { Profile, Ps } from '@spinmpi/nic'

export interface DeltaRInput {
  readonly profile: Profile
  /** Packed message bytes m. */
  readonly bytes: number
  /** T_PH(γ) of the strategy's handler. */
  readonly handlerPs: Ps
  readonly packetPs: Ps
  /** Checkpoint size C (measured) and copies kept per checkpoint. */
  readonly slotBytes: number
  readonly copies: number
  /** NIC memory available for checkpoints (default: the profile's nicMemBytes). */
  readonly nicMemBytes?: number
  readonly epsilon: number
  readonly hpus?: number
  /** An extra upper bound on Δp (RO-CP's catch-up budget, receive-delta-r.ts). */
  readonly maxDeltaP?: number
}

export interface DeltaRChoice {
  readonly deltaR: number
  /** ⌈Δr/k⌉: packets per blocked-RR run. */
  readonly deltaP: number
  readonly satisfied: { readonly overhead: boolean; readonly memory: boolean; readonly packetBuffer: boolean }
  /** The limit that set Δp (the tightest upper bound, or memory when it forced Δp up). */
  readonly binds: DeltaRBound
}

export type DeltaRBound = 'overhead' | 'packetBuffer' | 'runs' | 'catchup' | 'memory' | 'message' | 'override'

export function selectDeltaR(input: DeltaRInput): DeltaRChoice {
  const { profile, bytes, handlerPs, packetPs, slotBytes, copies, epsilon } = input
  const k = profile.network.mtuBytes
  const P = input.hpus ?? profile.nic.hpus
  const mem = input.nicMemBytes ?? profile.nic.nicMemBytes
  const bPkt = profile.nic.pktBufBytes
  const nPkt = Math.max(1, Math.ceil(bytes / k))
  // (1): largest run length whose ramp stays within ε of the processing time
  const budget = epsilon * Math.ceil(nPkt / P) * handlerPs - packetPs
  const overheadMax = P <= 1 ? nPkt : Math.floor(budget / ((P - 1) * packetPs))
  // (3): runs on P HPUs all wait in the buffer when a handler is slower than the wire
  const slow = handlerPs > packetPs
  const bufferMax = slow ? Math.floor(bPkt / (P * k)) : nPkt
  // (2): fewest packets per run so that every checkpoint copy fits
  const maxCheckpoints = Math.max(1, Math.floor(mem / Math.max(1, slotBytes * copies)))
  const memoryMin = Math.ceil(nPkt / maxCheckpoints)
  // the model's ⌈n_pkt/P⌉ share per vHPU needs at least P runs
  const parallelMax = Math.ceil(nPkt / P)
  const bounds: readonly [DeltaRBound, number][] = [
    ['overhead', overheadMax], ['packetBuffer', bufferMax], ['runs', parallelMax], ['catchup', input.maxDeltaP ?? nPkt], ['message', nPkt],
  ]
  let binds: DeltaRBound = 'message'
  let deltaP = Infinity
  for (const [name, max] of bounds) {
    if (max < deltaP) {
      deltaP = max
      binds = name
    }
  }
  deltaP = Math.max(1, deltaP)
  if (deltaP < memoryMin) {
    deltaP = Math.min(memoryMin, nPkt)
    binds = 'memory'
  }
  const deltaR = deltaP * k
  const busy = Math.min(P, Math.ceil(nPkt / deltaP))
  return {
    deltaR,
    deltaP,
    satisfied: {
      overhead: packetPs + deltaP * (P - 1) * packetPs <= epsilon * Math.ceil(nPkt / P) * handlerPs,
      memory: Math.ceil(nPkt / deltaP) * slotBytes * copies <= mem,
      packetBuffer: !slow || busy * deltaR <= bPkt,
    },
    binds,
  }
}
