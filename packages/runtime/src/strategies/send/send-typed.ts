// Send side (SC19 §3.1): how a typed buffer leaves the sender. Each send strategy is a record
// (send/host.ts, stream.ts, outbound.ts, listed in send/registry.ts); sendTyped checks the
// request and hands it to the record. Every NIC command is issued after the host overhead o
// that posts it, as for any other put.

import type { Datatype } from '@spinmpi/ddt'
import type { MessageHeader, Nic, Profile, PutDestination, Ps } from '@spinmpi/nic'
import { sendStrategy, type SendStrategyName } from './registry.js'

export interface TypedSend {
  readonly nic: Nic
  /** Target, match bits and header fields (hdrData, userHeader) of the message. */
  readonly dest: PutDestination
  readonly type: Datatype
  readonly count: number
  /** Sender buffer (null in timing mode) and the index of the MPI buffer address in it. */
  readonly buffer: Uint8Array | null
  readonly bufferOffset: number
  readonly strategy: SendStrategyName
  /** Simulated time the sending CPU starts on the send (default: now; never before now). */
  readonly at?: Ps
  /** Send only this prefix of the packed stream (a rendezvous the receiver truncated); default all. */
  readonly bytes?: number
  /** Called with the message's header when its first NIC command is issued (to await its send event). */
  readonly onIssued?: (header: MessageHeader) => void
}

export interface SendReport {
  readonly strategy: SendStrategyName
  /** Bytes of the message (the prefix when `bytes` was given). */
  readonly bytes: number
  /** Host CPU time the send occupies (packing or finding regions, and o per NIC command). */
  readonly hostBusyPs: Ps
}

/** Starts sending `count` instances of `type` at `at`; the network does the rest as the sim runs. */
export function sendTyped(s: TypedSend): SendReport {
  const whole = s.type.size * s.count
  const bytes = s.bytes ?? whole
  if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > whole) {
    throw new RangeError(`sendTyped: bytes ${bytes} is outside [0, ${whole}]`)
  }
  const sim = s.nic.sim
  const start = Math.max(sim.now, s.at ?? sim.now)
  return sendStrategy(s.strategy).send(s, bytes, start)
}

/**
 * Host CPU time `sendTyped` reports for the whole message, known before sending: host pack + o,
 * one (region step + o) per contiguous region for stream (at least one o), o for outbound.
 */
export function sendHostBusyPs(profile: Profile, type: Datatype, count: number, strategy: SendStrategyName): Ps {
  return sendStrategy(strategy).hostBusyPs(profile, type, count)
}
