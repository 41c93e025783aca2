// What the injected faults did in a run: packets lost and sent again, duplicates (all discarded
// before any handler), and packets spilled to the host when NIC memory ran out.

import type { Cluster } from '@spinmpi/nic'

/** Fault counts of a run (all zero without faults). */
export interface FaultCounts {
  /** Transmissions lost in the network (a packet lost twice counts twice). */
  readonly dropped: number
  /** Transmissions of lost packets after their timeout (equals dropped once the run has drained). */
  readonly retransmitted: number
  /** Packets delivered twice. */
  readonly duplicates: number
  /** Duplicates the receiving NICs discarded before any handler (all of them with dupMode 'discard'). */
  readonly duplicatesDiscarded: number
  /** Duplicates whose payload handler ran again (dupMode 'handler'). */
  readonly duplicatesHandled: number
  /** Packets of offloaded receives that went raw to host memory for lack of NIC memory. */
  readonly spilledPackets: number
  readonly spilledBytes: number
  /** Receives with at least one spilled packet (partially unpacked by the host: partial fallbacks). */
  readonly spilledReceives: number
}

/** The fault counts of `cluster` after a run; `spilledReceives` is counted by the receive side. */
export function faultCounts(cluster: Cluster, spilledReceives: number): FaultCounts {
  const c = cluster.network.counters
  let discarded = 0
  let handled = 0
  let spilledPackets = 0
  let spilledBytes = 0
  for (const nic of cluster.nics) {
    discarded += nic.stats.duplicates
    handled += nic.stats.duplicatesHandled
    spilledPackets += nic.stats.packetsSpilled
    spilledBytes += nic.stats.spilledBytes
  }
  return {
    dropped: c.packetsDropped,
    retransmitted: c.packetsRetransmitted,
    duplicates: c.packetsDuplicated,
    duplicatesDiscarded: discarded,
    duplicatesHandled: handled,
    spilledPackets,
    spilledBytes,
    spilledReceives,
  }
}
