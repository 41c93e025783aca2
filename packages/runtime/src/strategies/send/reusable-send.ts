// A typed send the MPI layer fills in place and sends through again (a pooled series call, see
// comm/p2p.ts): its destination and the host strategy's put are kept with it, so a reused call
// allocates none of them. Poisoned when its call goes back to the pool, so a stale read shows.

import type { Datatype } from '@spinmpi/ddt'
import type { MessageHeader, Nic, PutDestination, PutOptions, Ps } from '@spinmpi/nic'
import type { TypedSendOf } from './send-contract.js'

/** Match bits no live send has (a constant: `-1n` in a method allocates a BigInt per call). */
const POISON_BITS = -1n

/** A destination filled in place (the shape of an eager put's: no remote offset, no ack). */
class SendDestination implements PutDestination {
  target = -1
  matchBits = 0n
  hdrData = -1
  userHeader: readonly number[] = []
}

/** The host strategy's put: its options and the send it belongs to (the issue event's argument). */
export class HostPut implements PutOptions {
  target = -1
  matchBits = 0n
  remoteOffset: number | undefined = undefined
  hdrData: number | undefined = undefined
  userHeader: readonly number[] | undefined = undefined
  ack: boolean | undefined = undefined
  bytes = -1
  data: Uint8Array | null = null
  /** The header put returns is read only for its message id (issued): the NIC may reuse it. */
  readonly transient = true
  constructor(public send: TypedSendOf) {}

  fill(d: PutDestination, bytes: number, data: Uint8Array | null): this {
    this.target = d.target
    this.matchBits = d.matchBits
    this.remoteOffset = d.remoteOffset
    this.hdrData = d.hdrData
    this.userHeader = d.userHeader
    this.ack = d.ack
    this.bytes = bytes
    this.data = data
    return this
  }

  poison(): void {
    this.target = -1
    this.matchBits = POISON_BITS
    this.hdrData = -1
    this.bytes = -1
    this.data = null
  }
}

export class ReusableTypedSend<N extends string = string> implements TypedSendOf<N> {
  nic: Nic = null as unknown as Nic
  readonly dest = new SendDestination()
  type: Datatype = null as unknown as Datatype
  count = -1
  buffer: Uint8Array | null = null
  bufferOffset = -1
  /**
   * A number from the start (0: now, as undefined would be), so V8 keeps the field a double and
   * updates it in place: a field that held undefined took a new heap number per message (16 B).
   */
  at: Ps = 0
  bytes: number | undefined = undefined
  /** The host strategy's put, kept for the next send through this object. */
  hostPut: HostPut | null = null

  constructor(
    public strategy: N,
    readonly onIssued: (header: MessageHeader) => void,
  ) {}

  /** Given back with its call: values no live send has. */
  poison(): void {
    this.nic = null as unknown as Nic
    this.dest.target = -1
    this.dest.matchBits = POISON_BITS
    this.dest.hdrData = -1
    this.type = null as unknown as Datatype
    this.count = -1
    this.buffer = null
    this.bufferOffset = -1
    this.at = Number.NaN
    this.hostPut?.poison()
  }
}
