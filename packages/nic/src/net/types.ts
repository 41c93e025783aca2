// What callers give the Network and what it counts.

import type { Ps } from '../sim/time.js'

/** A message whose bytes are given in one or more chunks (Network.openStream / stream). */
export interface StreamSpec {
  src: number
  dst: number
  /** Opaque user header copied by reference into every packet (match bits, tag, ...). */
  user?: unknown
  /** Called once, when the last packet has left the source NIC. */
  onInjected?: (msgId: number, time: Ps) => void
}

/** A whole message (Network.send). */
export interface MessageSpec extends StreamSpec {
  /** Total payload bytes of the message (0 is legal: one header-only packet). */
  bytes: number
  /** The message bytes as they leave the source, or null in timing mode. */
  data?: Uint8Array | null
}

export interface ReorderOptions {
  seed: number
  /** A packet is delivered at most window-1 positions away from its place in the message. */
  window: number
}

export interface FaultOptions {
  seed: number
  /** Probability that a packet is lost in the network. */
  drop: number
  /** Probability that a packet is delivered twice. */
  duplicate: number
}

export interface NetworkOptions {
  reorder?: ReorderOptions
  faults?: FaultOptions
}

export interface NetworkCounters {
  messages: number
  packetsInjected: number
  packetsDelivered: number
  packetsDropped: number
  packetsDuplicated: number
  /** Payload bytes injected (duplicates not counted). */
  payloadBytesInjected: number
}
