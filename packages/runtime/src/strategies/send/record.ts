// What a send strategy is: one record per strategy, each in its own file in this folder and
// listed once in registry.ts. The MPI layer asks the record (packsOnHost, hostBusyPs) instead of
// comparing names.

import type { Datatype } from '@spinmpi/ddt'
import type { MessageHeader, Profile, Ps } from '@spinmpi/nic'
import type { TypedSendOf } from './send-contract.js'

export interface SendStrategy<N extends string = string> {
  /** The name users pass (`--send`, run option `send`, type attribute `send`). */
  readonly name: N
  /** One line: what the strategy does. */
  readonly summary: string
  /**
   * Whether the host CPU packs the whole message before the NIC sees any of it: the send reads
   * the user buffer at once (else the NIC or a streaming walk reads it later, from a snapshot),
   * and a rendezvous packs before its request to send.
   */
  readonly packsOnHost: boolean
  /**
   * Starts the send of `bytes` (a prefix of the packed stream) with the CPU free from sendStart(s);
   * returns the host CPU time it occupies (sendTyped makes the report: no object per send). (No
   * start argument: a time past 2^31 ps passed to a call V8 does not inline is boxed, per send.)
   */
  send(s: TypedSendOf, bytes: number): Ps
  /** Host CPU time the send of the whole message takes, known before sending (o included). */
  hostBusyPs(profile: Profile, type: Datatype, count: number): Ps
}

/** When the sending CPU starts on `s`: its `at`, never before now. */
export function sendStart(s: TypedSendOf): Ps {
  const now = s.nic.sim.now
  const at = s.at
  return at !== undefined && at > now ? at : now
}

/** Tells the sender the message's first NIC command is out (to await its send event). */
export function issued(s: TypedSendOf, header: MessageHeader): void {
  s.onIssued?.(header)
}
