// Retransmission of packets lost to fault injection. The sending NIC keeps every packet until the
// receiving NIC's link-level acknowledgement is back; a packet whose acknowledgement has not come
// back one retransmission timeout (RTO) after its last bit left is sent again (selective repeat:
// only that packet). The simulation knows which packets are lost, so a timeout only ever fires for
// a lost packet (no spurious retransmissions; the RTO is chosen above the round trip for that
// reason). Acknowledgements are not simulated as traffic: they are header-only and would ride
// on the reverse link. See docs/faults.md.

import type { NetworkParams } from '../profile/schema.js'
import type { Ps } from '../sim/time.js'
import { ns, transferPs } from '../sim/time.js'

/** RTO = this many unloaded round trips (chosen; see docs/faults.md). */
export const RTO_ROUND_TRIPS = 2

/**
 * The default retransmission timeout of a profile: twice the unloaded round trip from a packet's
 * last bit leaving the sender to its header-only acknowledgement arriving back,
 * 2 · (2 · L + ser(0)). sc19: 2 · (2 · 183.4 ns + 1.92 ns) = 737.44 ns.
 */
export function defaultRtoPs(params: NetworkParams): Ps {
  const ackPs = transferPs(params.headerBytes, params.linkGbps)
  return RTO_ROUND_TRIPS * (2 * ns(params.latencyNs) + ackPs)
}

/** A lost packet waiting for its timeout, with what it needs to be sent again. */
export interface Resend {
  src: number
  dst: number
  msgId: number
  seq: number
  offset: number
  length: number
  flags: number
  user: unknown
  /** The payload as the sender's retransmission buffer holds it (null in timing mode). */
  data: Uint8Array | null
  /** When the timeout fires and the packet may leave again. */
  due: Ps
}

/**
 * One sender's lost packets in timeout order. Every timeout is the same RTO after an injection,
 * and injections of one port are in time order, so pushes come in due order: a FIFO suffices.
 */
export class ResendQueue {
  private items: Resend[] = []
  private head = 0

  get length(): number {
    return this.items.length - this.head
  }

  peek(): Resend | undefined {
    return this.items[this.head]
  }

  push(r: Resend): void {
    this.items.push(r)
  }

  shift(): Resend {
    const r = this.items[this.head++]!
    if (this.head === this.items.length) {
      this.items = []
      this.head = 0
    }
    return r
  }
}
