// Per-message costs of one FFT2D transpose step, for the scaled model (fig19): the host-side
// pack, unpack and local copy are the runtime's own cost functions; the NIC-side processing of
// an offloaded receive comes from a packet-level 2-rank run of one message of the real receive
// type (the SC19 method: simulate the unpack of the receive datatype, then feed a GOAL trace).

import { ns, resolveProfile, type Profile } from '@spinmpi/nic'
import {
  hostPackPs, hostUnpackPs, run, sendHostBusyPs, type ReceiveStrategyChoice, type ReceiveStrategyName, type SendStrategyName,
} from '@spinmpi/runtime/internal'
import { rowPhaseFlops } from './flops.js'
import { PS_PER_NS } from './loggops-mapping.js'
import { transposeTypes, type TransposeTypes } from './transpose-types.js'

export interface MessageCosts {
  readonly n: number
  readonly ranks: number
  /** Bytes of one peer's message. */
  readonly messageBytes: number
  /** Eager messages are never offloaded (the host unpacks them from the staging buffer). */
  readonly eager: boolean
  /** The strategy the packet-level run actually used ('host' for eager messages). */
  readonly strategyUsed: ReceiveStrategyName
  /** One row-FFT phase on one rank (flop model). */
  readonly fftPs: number
  /** How tiles leave the sender, the same for both strategies. */
  readonly send: SendStrategyName
  /** Sender CPU per outgoing tile beyond LogGOPS's o: the host pack, or stream's region walk. */
  readonly packPs: number
  /** Host CPU after a receive completes (host unpack; 0 when offloaded). */
  readonly unpackPs: number
  /** How much longer the offloaded receive takes on the NIC than the plain deposit. */
  readonly nicExtraPs: number
  /** One-time host preparation of the receive type (checkpoints), per rank. */
  readonly prepPs: number
  /** The own tile: host pack plus host unpack (the runtime's local copy). */
  readonly localCopyPs: number
}

interface ProbeResult {
  readonly strategy: ReceiveStrategyName
  readonly processingPs: number
  readonly hostPs: number
  readonly prepPs: number
}

/**
 * One transpose step between two ranks in timing mode: both exchange a tile with sendrecv, as in
 * the alltoall, so the NIC receives while it also sends. Rank 1's receive record.
 */
async function probeMessage(t: TransposeTypes, profile: Profile, strategy: ReceiveStrategyChoice, send: SendStrategyName): Promise<ProbeResult> {
  const r = await run({ ranks: 2, profile, mode: 'timing', strategy, send }, async (comm) => {
    const peer = 1 - comm.rank
    await comm.sendrecv(null, 1, t.send, peer, 0, null, 1, t.recv, peer, 0)
  })
  const rec = r.stats.receives.find((x) => x.rank === 1)
  if (rec === undefined) throw new Error(`fft2d model: a ${t.messageBytes}-byte rendezvous receive left no record`)
  return { strategy: rec.strategy, processingPs: rec.processingPs, hostPs: rec.hostPs, prepPs: rec.prepPs }
}

export async function measureMessageCosts(
  n: number, ranks: number, strategy: ReceiveStrategyChoice, profile: Profile, send: SendStrategyName = 'host',
): Promise<MessageCosts> {
  const t = transposeTypes(n, ranks)
  const fftPs = Math.round((rowPhaseFlops(t.rows, n) / profile.host.flopsPerNs) * PS_PER_NS)
  // LogGOPS charges the send's o itself; the own tile is always copied by the host
  const packPs = sendHostBusyPs(profile, t.send, 1, send) - ns(profile.network.overheadNs)
  const localCopyPs = hostPackPs(profile, t.send, 1) + hostUnpackPs(profile, t.recv, 1)
  const base = { n, ranks, messageBytes: t.messageBytes, send, fftPs, packPs, localCopyPs }
  const eager = t.messageBytes <= profile.network.eagerLimitBytes
  if (eager || ranks === 1) {
    return { ...base, eager, strategyUsed: 'host', unpackPs: hostUnpackPs(profile, t.recv, 1), nicExtraPs: 0, prepPs: 0 }
  }
  const deposit = await probeMessage(t, profile, 'host', send)
  const used = strategy === 'host' ? deposit : await probeMessage(t, profile, strategy, send)
  return {
    ...base, eager, strategyUsed: used.strategy,
    unpackPs: used.hostPs,
    nicExtraPs: Math.max(0, used.processingPs - deposit.processingPs),
    prepPs: used.prepPs,
  }
}

/** The profile of a model run (name plus dotted overrides), as the runtime resolves it. */
export function modelProfile(name: string, overrides: Readonly<Record<string, string | number>>): Profile {
  return resolveProfile(name, overrides)
}
