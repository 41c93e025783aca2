// SC19 §3.2.4's analytic model: a payload handler costs T_PH(γ) = init + setup + γ·block and a
// message of n_pkt packets on P HPUs completes in
//   T_C = T_pkt + ⌈Δr/k⌉·(P−1)·T_pkt + ⌈n_pkt/P⌉·T_PH(γ)
// The per-phase costs come from the same profile units the handlers charge, with the work a
// handler of each strategy does per packet on a one-level layout (one stack step per block).

import { cyclesPs, ns, type Profile, type Ps } from '@spinmpi/nic'
import type { ReceiveStrategyName } from './contract.js'

export interface HandlerModel {
  readonly initPs: Ps
  readonly setupPs: Ps
  readonly blockPs: Ps
}

/** Effective packet arrival time: one full packet (payload plus header) at the link rate. */
export function packetPs(profile: Profile): Ps {
  const net = profile.network
  return ns(((net.mtuBytes + net.headerBytes) * 8) / net.linkGbps)
}

/** T_PH's phases for a strategy at γ blocks per packet (checkpoint slot C, interval Δr). */
export function handlerModel(
  profile: Profile, strategy: ReceiveStrategyName, gamma: number, slotBytes = 0, deltaR = 0, packets = Infinity,
): HandlerModel {
  const c = profile.costs
  const hz = profile.nic.hpuHz
  const k = profile.network.mtuBytes
  const fixed = c.handlerBaseCycles
  const dispatch = ns(profile.nic.handlerDispatchNs)
  const perBlockSpecial = c.pieceCycles + c.dmaIssueCycles
  const perBlockGeneral = perBlockSpecial + c.segmentStepCycles
  const ps = (cycles: number): Ps => cyclesPs(cycles, hz)
  switch (strategy) {
    case 'specialized':
      return { initPs: dispatch + ps(fixed), setupPs: ps(c.segmentStepCycles), blockPs: ps(perBlockSpecial) }
    case 'rw-cp':
      return { initPs: dispatch + ps(fixed), setupPs: ps(c.segmentStepCycles), blockPs: ps(perBlockGeneral) }
    case 'ro-cp': {
      // a copy of the slot, then on average half an interval of catch-up
      const behind = Math.max(0, deltaR / k - 1) / 2
      return {
        initPs: dispatch + ps(fixed + slotBytes * c.checkpointByteCycles),
        setupPs: ps(c.segmentStepCycles + behind * gamma * c.catchupStepCycles),
        blockPs: ps(perBlockGeneral),
      }
    }
    case 'hpu-local': {
      // in order, each vHPU skips the other P−1 vHPUs' packets; with fewer packets than HPUs,
      // packet i skips the i before it
      const P = profile.nic.hpus
      const behind = packets <= P ? (packets - 1) / 2 : P - 1
      return { initPs: dispatch + ps(fixed), setupPs: ps(c.segmentStepCycles + behind * gamma * c.catchupStepCycles), blockPs: ps(perBlockGeneral) }
    }
    case 'iovec': {
      const fetch = ns(c.iovecReadNs) / c.iovecEntriesPerRead
      return { initPs: dispatch + ps(fixed), setupPs: 0, blockPs: ps(c.dmaIssueCycles) + fetch }
    }
    case 'host':
      return { initPs: 0, setupPs: 0, blockPs: 0 }
  }
}

export function handlerPs(m: HandlerModel, gamma: number): Ps {
  return m.initPs + m.setupPs + gamma * m.blockPs
}

export interface ModelInput {
  readonly profile: Profile
  readonly strategy: ReceiveStrategyName
  /** Packed message bytes. */
  readonly bytes: number
  readonly gamma: number
  /** Checkpoint interval in bytes (Δr = k for strategies without checkpoints). */
  readonly deltaR?: number
  readonly slotBytes?: number
  /** HPUs (default: the profile's). */
  readonly hpus?: number
  /** Host unpack time after the deposit (strategy 'host'). */
  readonly hostUnpackPs?: Ps
}

/** T_C of SC19 §3.2.4 in picoseconds. */
export function modelTime(input: ModelInput): Ps {
  const { profile, strategy, bytes, gamma } = input
  const k = profile.network.mtuBytes
  // the iovec engine walks in order: one packet at a time
  const P = strategy === 'iovec' ? 1 : input.hpus ?? profile.nic.hpus
  const nPkt = Math.max(1, Math.ceil(bytes / k))
  const tPkt = packetPs(profile)
  // host: the deposit streams in at the link rate, then the CPU unpacks
  if (strategy === 'host') return nPkt * tPkt + ns(profile.pcie.latencyNs) + (input.hostUnpackPs ?? 0)
  const deltaR = input.deltaR ?? k
  const th = handlerPs(handlerModel(profile, strategy, gamma, input.slotBytes ?? 0, deltaR, nPkt), gamma)
  // the last write still crosses PCIe
  const pcie = ns(profile.pcie.latencyNs)
  // Only blocked-RR strategies hold HPUs back until enough packets of a run have arrived.
  const seq = strategy === 'rw-cp' ? Math.ceil(deltaR / k) : 1
  const paper = tPkt + seq * (P - 1) * tPkt + Math.ceil(nPkt / P) * th
  // The paper assumes HPU-bound handlers; when they keep up, the link bounds T_C instead: the
  // last packet arrives after n_pkt·T_pkt and its handler still runs.
  return Math.max(paper, nPkt * tPkt + th) + pcie
}
