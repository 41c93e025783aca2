// What a run reports besides results: message and packet counts, one record per receive (eager
// ones as host), the messages nobody received, and per-NIC resource peaks.

import type { NicReport, Ps } from '@spinmpi/nic'
import type { ReceiveStrategyName } from './strategies/contract.js'
import type { UnmatchedReceive, UnreceivedMessage } from './unreceived.js'
import type { FaultCounts } from './faults/fault-counts.js'

/** One receive of a run: peer, tag, size, the strategy that unpacked it and its processing and host times. */
export interface ReceiveRecord {
  readonly rank: number
  readonly source: number
  readonly tag: number
  readonly bytes: number
  readonly strategy: ReceiveStrategyName
  /** Why the requested offload was not used, or null. */
  readonly fallback: string | null
  /** From the data message's first byte at the NIC to its completion (handlers and DMA done). */
  readonly processingPs: Ps
  /** Host CPU time after completion (host unpack; 0 when offloaded). */
  readonly hostPs: Ps
  /** Host CPU time before posting (checkpoints, iovec lists). */
  readonly prepPs: Ps
  readonly nicMemBytes: number
}

/** Receives per strategy: count, bytes, processing and host time. */
export interface StrategySummary {
  readonly receives: number
  readonly bytes: number
  readonly processingPs: Ps
  readonly hostPs: Ps
}

/** Statistics of a run: messages, packets, receives and their strategies, NIC counters per node. */
export interface RunStats {
  /** User-level messages sent (point-to-point and the collectives built on it). */
  readonly messages: number
  readonly eagerMessages: number
  readonly rendezvousMessages: number
  /** Bytes of the user messages sent eagerly / by rendezvous. */
  readonly eagerBytes: number
  readonly rendezvousBytes: number
  /** Packets injected into the network (protocol control messages included). */
  readonly packets: number
  readonly payloadBytes: number
  readonly receives: readonly ReceiveRecord[]
  readonly byStrategy: Readonly<Partial<Record<ReceiveStrategyName, StrategySummary>>>
  /**
   * Receives that fell back to host unpack: NIC memory was full, or the requested strategy could
   * not serve the type (see ReceiveRecord.fallback; run option strictStrategy makes it an error).
   */
  readonly fallbacks: number
  /** Messages sent but never received by the end of the run (unexpected eager messages and RTS). */
  readonly unreceived: readonly UnreceivedMessage[]
  /** The users' receives still posted that no message matched (an irecv nobody sent to), by rank. */
  readonly unmatchedReceives: readonly UnmatchedReceive[]
  /** Sum over NICs and HPUs of handler execution time. */
  readonly hpuBusyPs: Ps
  /** Host CPU time booked per rank (MPI overheads, pack/unpack, modelled compute). */
  readonly hostBusyPs: readonly Ps[]
  /** Discrete events the simulator executed (for simulator-speed reports). */
  readonly events: number
  readonly dmaPeakDepth: number
  readonly nicMemPeakBytes: number
  /** What the injected faults did (run option faults; all zero without). */
  readonly faults: FaultCounts
  readonly nics: readonly Omit<NicReport, 'messages'>[]
}

/** Mutable counters filled during a run. */
export class StatsCollector {
  eager = 0
  rendezvous = 0
  eagerBytes = 0
  rendezvousBytes = 0
  /** Receives that fell back from the requested strategy. */
  fallbacks = 0
  readonly receives: ReceiveRecord[] = []
  private readonly byStrategy: Partial<Record<ReceiveStrategyName, { receives: number; bytes: number; processingPs: Ps; hostPs: Ps }>> = {}

  /** `keepRecords` false: only the per-strategy sums and the fallback count are kept. */
  constructor(private readonly keepRecords = true) {}

  /** True when every receive is kept as a ReceiveRecord (else `tally` is all a receive needs). */
  get keepsRecords(): boolean {
    return this.keepRecords
  }

  add(r: ReceiveRecord): void {
    if (this.keepRecords) this.receives.push(r)
    this.tally(r.strategy, r.fallback !== null, r.bytes, r.processingPs, r.hostPs)
  }

  /** A receive's share of the sums, without its record (a run of millions keeps none). */
  tally(strategy: ReceiveStrategyName, fallback: boolean, bytes: number, processingPs: Ps, hostPs: Ps): void {
    if (fallback) this.fallbacks++
    const s = this.byStrategy[strategy]
    if (s === undefined) {
      this.byStrategy[strategy] = { receives: 1, bytes, processingPs, hostPs }
      return
    }
    s.receives++
    s.bytes += bytes
    s.processingPs += processingPs
    s.hostPs += hostPs
  }

  /** Receives per strategy, strategies in the order of their first receive. */
  summary(): Partial<Record<ReceiveStrategyName, StrategySummary>> {
    const out: Partial<Record<ReceiveStrategyName, StrategySummary>> = {}
    for (const [name, s] of Object.entries(this.byStrategy)) out[name as ReceiveStrategyName] = { ...s }
    return out
  }
}
