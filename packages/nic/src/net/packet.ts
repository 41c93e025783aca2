// A packet on the wire. Packet objects are pooled by the Network (see Network.release), so the
// per-packet path allocates nothing; `data` is a view made only when a handler asks for it.

import type { Ps } from '../sim/time.js'
import { packetView, type PacketViews } from './payload-views.js'

/** First packet of a message: carries the match information, runs the header handler. */
export const PKT_HEADER = 1
/** Last packet of a message: its arrival completes the message. */
export const PKT_COMPLETION = 2
/** A second copy made by fault injection (the network does not tell the NIC; tests may look). */
export const PKT_DUPLICATE = 4

export class Packet {
  src = 0
  dst = 0
  /** Network-wide message id, unique per Network. */
  msgId = 0
  /** Index of the packet in its message, 0-based in packetization order. */
  seq = 0
  /** Byte offset of this packet's payload in the message. */
  offset = 0
  /** Payload bytes (0 only for an empty message's single packet). */
  length = 0
  /** PKT_HEADER | PKT_COMPLETION | PKT_DUPLICATE bits. */
  flags = 0
  /** The message's user header (match bits, tag, ...): opaque to the network, shared by its packets. */
  user: unknown = null
  /** Time the packet started leaving the source NIC. */
  injectedAt: Ps = 0
  /** Time the last bit reached the destination NIC. */
  arrivedAt: Ps = 0
  /** The bytes the payload was cut from (the message, or a streamed chunk of it), or null. */
  messageData: Uint8Array | null = null
  /** Where this packet's payload starts in messageData. */
  dataOffset = 0
  /** The cached views of messageData's packets, and this packet's slot among them. */
  views: PacketViews | null = null
  viewSlot = 0

  /** This packet's payload bytes, or null in timing mode. */
  get data(): Uint8Array | null {
    const d = this.messageData
    return d === null ? null : packetView(d, this.views!, this.viewSlot, this.dataOffset, this.length)
  }

  get isHeader(): boolean {
    return (this.flags & PKT_HEADER) !== 0
  }

  get isCompletion(): boolean {
    return (this.flags & PKT_COMPLETION) !== 0
  }
}

/** Called when a packet's last bit reaches the destination NIC. */
export type PacketArrival = (pkt: Packet) => void
