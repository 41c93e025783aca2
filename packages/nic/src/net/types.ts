// What callers give the Network and what it counts.

import type { Ps } from '../sim/time.js'

/** A message whose bytes are given in one or more chunks (Network.openStream / stream). */
export interface StreamSpec {
  src: number
  dst: number
  /** Opaque user header copied by reference into every packet (match bits, tag, ...). */
  user?: unknown
  /**
   * Called once, when the last packet has left the source NIC (the simulator's now), with the
   * message's `user`. (No time argument: a time past 2^31 ps passed to a call V8 does not inline
   * is boxed, once per message.)
   */
  onInjected?: (msgId: number, user: unknown) => void
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
  /** Probability that a packet (each transmission of it) is lost in the network; lost packets are sent again after rtoPs. */
  drop: number
  /** Probability that a packet is delivered twice. */
  duplicate: number
  /** Retransmission timeout in ps (default: defaultRtoPs of the network profile). */
  rtoPs?: Ps
}

export interface NetworkOptions {
  reorder?: ReorderOptions
  faults?: FaultOptions
  /**
   * Reuse the network's message, chunk and packet objects (default true). Tests turn it off to
   * compare a run against one where every object is fresh (and every released one poisoned).
   */
  reuseObjects?: boolean
}

export interface NetworkCounters {
  messages: number
  packetsInjected: number
  packetsDelivered: number
  packetsDropped: number
  packetsDuplicated: number
  /** Transmissions of lost packets after their timeout (a packet lost twice counts twice). */
  packetsRetransmitted: number
  /** Payload bytes injected (duplicates and retransmissions not counted). */
  payloadBytesInjected: number
}
