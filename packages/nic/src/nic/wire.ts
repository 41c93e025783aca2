// What a NIC puts in the network's opaque per-message user field. A logical message (one put, or
// one streaming put made of several fragments) is one MessageHeader object shared by all its
// fragments; each network message is a fragment that says where it sits in the logical one.

import type { MessageHeader } from './handler-api.js'

export const WIRE_PUT = 0
export const WIRE_ACK = 1

export interface WireFragment {
  readonly kind: number
  readonly header: MessageHeader
  /** Byte offset of this fragment within the logical message. */
  readonly fragOffset: number
  /** Logical index of this fragment's first packet. */
  readonly firstPacket: number
  /** This fragment starts the logical message (its first packet is the header packet). */
  readonly first: boolean
  /** This fragment ends the logical message; totalPackets is then known. */
  readonly eom: boolean
  /** Packets of the whole logical message (valid when eom). */
  readonly totalPackets: number
  /** The initiator wants an ack event. */
  readonly ack: boolean
  /** The initiator's host hears when the last fragment has left (a 'send' event). */
  readonly sendEvent: boolean
}
