// Send side (SC19 §3.1): how a typed buffer leaves the sender. Each send strategy is a record
// (send/host.ts, stream.ts, outbound.ts, listed in send/registry.ts); sendTyped checks the
// request and hands it to the record. Every NIC command is issued after the host overhead o
// that posts it, as for any other put.

import type { Datatype } from '@spinmpi/ddt'
import type { Profile, Ps } from '@spinmpi/nic'
import type { SendReportOf, TypedSendOf } from './send-contract.js'
import { sendStrategy, type SendStrategyName } from './registry.js'

/** A typed send: buffer, datatype, destination and send strategy. */
export type TypedSend = TypedSendOf<SendStrategyName>

/** What a send reports: its strategy, bytes and the host CPU time it occupies. */
export type SendReport = SendReportOf<SendStrategyName>

/** Starts sending `count` instances of `type` at `at`; the network does the rest as the sim runs. */
export function sendTyped(s: TypedSend): SendReport {
  const bytes = sendBytes(s)
  return { strategy: s.strategy, bytes, hostBusyPs: startTypedSend(s, bytes) }
}

/** The bytes a typed send sends (its prefix or the whole message), checked. */
export function sendBytes(s: TypedSend): number {
  const whole = s.type.size * s.count
  const bytes = s.bytes ?? whole
  if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > whole) {
    throw new RangeError(`sendTyped: bytes ${bytes} is outside [0, ${whole}]`)
  }
  return bytes
}

/**
 * sendTyped without its report object (the MPI layer's per-message path): starts the send of
 * `bytes` (from sendBytes) and returns the host CPU time it occupies.
 */
export function startTypedSend(s: TypedSend, bytes: number): Ps {
  return sendStrategy(s.strategy).send(s, bytes)
}

/**
 * Host CPU time `sendTyped` reports for the whole message, known before sending: host pack + o,
 * one (region step + o) per contiguous region for stream (at least one o), o for outbound.
 */
export function sendHostBusyPs(profile: Profile, type: Datatype, count: number, strategy: SendStrategyName): Ps {
  return sendStrategy(strategy).hostBusyPs(profile, type, count)
}
