// SC19 §3.2.4's analytic model: a payload handler costs T_PH(γ) = init + setup + γ·block and a
// message of n_pkt packets on P HPUs completes in
//   T_C = T_pkt + ⌈Δr/k⌉·(P−1)·T_pkt + ⌈n_pkt/P⌉·T_PH(γ)
// The per-phase costs come from the same profile units the handlers charge. A general handler's
// block cost is the work the type really takes per block (stack steps and leaf pieces of one
// full walk, counted by typeWork) when the caller gives it, else one stack step per block (a
// one-level layout). T_C is evaluated per HPU without the paper's P < n_pkt simplification
// (processingPs), and with the HPUs the packet buffer can feed (bufferedHpus).

import { cyclesPs, ns, type Profile, type Ps } from '@spinmpi/nic'

/** Counted work of one full walk of the type (typeWork's fields the model needs). */
export interface WalkWork {
  readonly blocks: number
  readonly stackSteps: number
  readonly pieces: number
  /** Stack frames of the type's deepest state (what an RW-CP handler stores back); 0 if unknown. */
  readonly depth?: number
}

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

/** What T_PH depends on besides γ: checkpoint slot C, interval Δr, packets of the message, the type's walk. */
export interface HandlerShape {
  readonly slotBytes: number
  readonly deltaR: number
  readonly packets: number
  readonly work?: WalkWork | undefined
}

/** The profile units every handler model is built from (a strategy's record combines them). */
export interface HandlerUnits {
  readonly costs: Profile['costs']
  /** Dispatch of one handler (ps) and its fixed cycles. */
  readonly dispatchPs: Ps
  readonly fixedCycles: number
  /** Cycles per block of a specialized handler, and of a general one (a segment walk). */
  readonly specialBlockCycles: number
  readonly generalBlockCycles: number
  ps(cycles: number): Ps
}

/**
 * A general handler's block cost is the work the type really takes per block when the caller
 * counted it (stack steps and leaf pieces of one walk), else one stack step per block.
 */
export function handlerUnits(profile: Profile, work?: WalkWork): HandlerUnits {
  const c = profile.costs
  const hz = profile.nic.hpuHz
  const specialBlockCycles = c.pieceCycles + c.dmaIssueCycles
  return {
    costs: c,
    dispatchPs: ns(profile.nic.handlerDispatchNs),
    fixedCycles: c.handlerBaseCycles,
    specialBlockCycles,
    generalBlockCycles: work === undefined || work.blocks === 0
      ? specialBlockCycles + c.segmentStepCycles
      : c.dmaIssueCycles + (work.stackSteps * c.segmentStepCycles + work.pieces * c.pieceCycles) / work.blocks,
    ps: (cycles: number): Ps => cyclesPs(cycles, hz),
  }
}

/** How a strategy's handlers cost and spread over HPUs in the model (part of its record). */
export interface ReceiveModel {
  /** T_PH's phases at γ blocks per packet. */
  handler(profile: Profile, gamma: number, shape: HandlerShape): HandlerModel
  /** Packets per blocked-RR run at interval Δr (1: each packet to any free HPU). */
  deltaP(deltaR: number, mtu: number): number
  /** HPUs the handlers can use out of P (an in-order engine: 1). */
  hpus(P: number): number
}

/** No handlers (a host unpack): every phase 0. */
export const NO_HANDLER: HandlerModel = { initPs: 0, setupPs: 0, blockPs: 0 }

export function handlerPs(m: HandlerModel, gamma: number): Ps {
  return m.initPs + m.setupPs + gamma * m.blockPs
}

export interface ModelInput {
  readonly profile: Profile
  /** The strategy's model; null: no handlers, the NIC deposits and the host unpacks. */
  readonly model: ReceiveModel | null
  /** Packed message bytes. */
  readonly bytes: number
  readonly gamma: number
  /** Checkpoint interval in bytes (Δr = k for strategies without checkpoints). */
  readonly deltaR?: number
  readonly slotBytes?: number
  /** HPUs (default: the profile's). */
  readonly hpus?: number
  /** Host unpack time after the deposit (model null). */
  readonly hostUnpackPs?: Ps
  /** The type's counted walk, for the general handlers' per-block cost. */
  readonly work?: WalkWork
  /** Blocks of each packet (type-work.ts packetBlocks); without it every packet has γ. */
  readonly packetBlocks?: ArrayLike<number>
}

/** What the model says, and what bounds it. */
export interface ModelBreakdown {
  readonly ps: Ps
  readonly handlerPs: Ps
  /** HPUs busy at once: min(P, runs), fewer when the packet buffer cannot hold their runs. */
  readonly hpus: number
  /** Which term sets T_C: the HPUs (ramp plus share), or the link (last run's arrival). */
  readonly bound: 'hpus' | 'link'
}

/**
 * T_C for n_pkt packets in runs of Δp on P HPUs, each run's packets one after another on one
 * HPU (blocked-RR; Δp = 1 is any free HPU). The paper's T_pkt + Δp(P−1)T_pkt + ⌈n_pkt/P⌉T_PH
 * is the last HPU to start with an equal share of equal packets; here each HPU's share is summed
 * (runs go round-robin, so some HPUs hold one run more; packet i costs `th(i)`, its own γ), P is
 * at most the number of runs, and no packet is processed before it arrives ((i+1)·T_pkt), so the
 * link bounds T_C as well. `bound` says which: the HPUs' work or the arrivals.
 */
export function processingPs(nPkt: number, deltaP: number, P: number, tPkt: Ps, th: (packet: number) => Ps): { ps: Ps; bound: 'hpus' | 'link' } {
  const runs = Math.ceil(nPkt / deltaP)
  const p = Math.max(1, Math.min(P, runs))
  let worst = 0
  let linkBound = false
  for (let h = 0; h < p; h++) {
    let t = 0
    // whether this HPU sat idle waiting for a packet of its last run
    let waitedLast = false
    for (let r = h; r < runs; r += p) {
      const end = Math.min(nPkt, (r + 1) * deltaP)
      for (let i = r * deltaP; i < end; i++) {
        const arrival = (i + 1) * tPkt
        if (r + p >= runs && arrival > t) waitedLast = true
        t = Math.max(t, arrival) + th(i)
      }
    }
    if (t > worst) {
      worst = t
      linkBound = waitedLast && h === (runs - 1) % p
    }
  }
  return { ps: worst, bound: linkBound ? 'link' : 'hpus' }
}

/**
 * HPUs the packet buffer keeps busy: when a handler is slower than the wire (T_PH > T_pkt) a
 * run's packets wait in the buffer, so runs on P HPUs need P·Δp packets buffered; a buffer of
 * B_pkt holds ⌊B_pkt / (Δp·k)⌋ runs and the other HPUs starve.
 */
export function bufferedHpus(profile: Profile, P: number, deltaP: number, th: Ps): number {
  if (th <= packetPs(profile)) return P
  const runs = Math.floor(profile.nic.pktBufBytes / (deltaP * profile.network.mtuBytes))
  return Math.max(1, Math.min(P, runs))
}

/** T_C of SC19 §3.2.4 in picoseconds. */
export function modelTime(input: ModelInput): Ps {
  return modelBreakdown(input).ps
}

export function modelBreakdown(input: ModelInput): ModelBreakdown {
  const { profile, model: strategy, bytes, gamma } = input
  const k = profile.network.mtuBytes
  const nPkt = Math.max(1, Math.ceil(bytes / k))
  const tPkt = packetPs(profile)
  // no handlers: the deposit streams in at the link rate, then the CPU unpacks
  if (strategy === null) {
    return { ps: nPkt * tPkt + ns(profile.pcie.latencyNs) + (input.hostUnpackPs ?? 0), handlerPs: 0, hpus: 0, bound: 'link' }
  }
  const P = strategy.hpus(input.hpus ?? profile.nic.hpus)
  const deltaR = input.deltaR ?? k
  const model = strategy.handler(profile, gamma, { slotBytes: input.slotBytes ?? 0, deltaR, packets: nPkt, work: input.work })
  const th = handlerPs(model, gamma)
  // each packet with its own γ when the caller counted them, else the average
  const perPacket = input.packetBlocks
  const thOf = perPacket === undefined ? () => th : (i: number) => handlerPs(model, perPacket[i] ?? gamma)
  // the last write still crosses PCIe
  const pcie = ns(profile.pcie.latencyNs)
  // Only blocked-RR strategies hold HPUs back until enough packets of a run have arrived.
  const deltaP = strategy.deltaP(deltaR, k)
  const hpus = bufferedHpus(profile, P, deltaP, th)
  const t = processingPs(nPkt, deltaP, hpus, tPkt, thOf)
  return { ps: t.ps + pcie, handlerPs: th, hpus: Math.min(hpus, Math.ceil(nPkt / deltaP)), bound: t.bound }
}
