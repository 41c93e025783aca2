// Messages still waiting for a receive when a run ends (MPI would call the program erroneous;
// the run reports them instead of dropping them silently): the unexpected eager messages and
// ready-to-send controls left in each NIC's unexpected list.

import { ANY_SOURCE, type Cluster } from '@spinmpi/nic'
import { KIND_EAGER, KIND_RTS, kindOf, lowOf } from './comm/match-bits.js'

/** A message that was sent but never received when the run ended. */
export interface UnreceivedMessage {
  /** World rank the message was sent to. */
  readonly rank: number
  /** World rank that sent it. */
  readonly source: number
  readonly tag: number
  readonly bytes: number
  /** Communicator context id (0 = COMM_WORLD) and whether it was a collective's message. */
  readonly contextId: number
  readonly collective: boolean
}

/** A receive a rank posted (irecv, or recv in a sendrecv) that no message matched by the end of the run. */
export interface UnmatchedReceive {
  readonly rank: number
  /** The call as errors name it, e.g. `irecv(source=0, tag=5, count=4 x float64)`. */
  readonly call: string
}

const ALL_BITS = (1n << 64n) - 1n
const CONTEXT_SHIFT = 53n

/** Drains the NICs' unexpected lists (the run is over) into a list, by rank then arrival. */
export function collectUnreceived(cluster: Cluster): UnreceivedMessage[] {
  const out: UnreceivedMessage[] = []
  for (let rank = 0; rank < cluster.nics.length; rank++) {
    const nic = cluster.nics[rank]!
    for (;;) {
      const u = nic.probe({ matchBits: 0n, ignoreBits: ALL_BITS, source: ANY_SOURCE }, true)
      if (u === null) break
      const bits = u.header.matchBits
      const kind = kindOf(bits)
      if (kind !== KIND_EAGER && kind !== KIND_RTS) continue
      const context = Number((bits >> CONTEXT_SHIFT) & 0xffn)
      out.push({
        rank, source: u.header.source, tag: lowOf(bits), bytes: u.header.hdrData, contextId: context >> 1, collective: (context & 1) === 1,
      })
    }
  }
  return out
}
