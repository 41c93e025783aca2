// A typed send and its report, in the forms the send strategy records use. It imports nothing
// from this folder: the names derive from registry.ts, which imports the records, so the records
// see the name as a type parameter and send-typed.ts binds it to the registry's names.

import type { Datatype } from '@spinmpi/ddt'
import type { MessageHeader, Nic, PutDestination, Ps } from '@spinmpi/nic'

/** A typed send as the MPI layer asks for it; `N` is the send strategy name type. */
export interface TypedSendOf<N extends string = string> {
  readonly nic: Nic
  /** Target, match bits and header fields (hdrData, userHeader) of the message. */
  readonly dest: PutDestination
  readonly type: Datatype
  readonly count: number
  /** Sender buffer (null in timing mode) and the index of the MPI buffer address in it. */
  readonly buffer: Uint8Array | null
  readonly bufferOffset: number
  readonly strategy: N
  /** Simulated time the sending CPU starts on the send (default: now; never before now). */
  readonly at?: Ps
  /** Send only this prefix of the packed stream (a rendezvous the receiver truncated); default all. */
  readonly bytes?: number
  /** Called with the message's header when its first NIC command is issued (to await its send event). */
  readonly onIssued?: (header: MessageHeader) => void
}

/** What a send strategy reports of a send it started; `N` is its name type. */
export interface SendReportOf<N extends string = string> {
  readonly strategy: N
  /** Bytes of the message (the prefix when `bytes` was given). */
  readonly bytes: number
  /** Host CPU time the send occupies (packing or finding regions, and o per NIC command). */
  readonly hostBusyPs: Ps
}
