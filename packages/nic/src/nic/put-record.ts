// The header of a message the NIC sends, and the wire fragment of a whole put: one object per put
// (a put's only fragment is the whole message, so the header is its own fragment), reused once
// nobody can read it. Its lifetime has several owners: the network and then the target's inbound
// message (one hold, the wire's: the target takes it over with the header packet and gives it
// back when the message is finalized), the initiator's send-event callback (a hold until it has
// made the event), and every host event that names the header (a hold from its making to its
// release by its queue). A record goes back to its pool when the last hold is dropped. Holders
// that have no point where they let go never drop theirs, and the record is then left to the
// collector: an event a log or a waiter keeps, an unexpected message's record, a header handed
// to handlers, an acked put, a network that may duplicate packets (the target remembers
// finished headers by identity). Only puts whose initiator said it keeps no header are pooled
// (PutOptions.transient); every other header is a record of no pool, never counted.

import type { MessageHeader } from './handler-api.js'
import { WIRE_PUT, type WireFragment } from './wire.js'

/** Match bits no live message has (a constant: `-1n` in a method allocates a BigInt per call). */
const POISON_BITS = -1n
/** The user header of a put that gives none (shared: headers are read only). */
export const NO_USER_HEADER: readonly number[] = []

export class PutRecord implements MessageHeader, WireFragment {
  source = 0
  target = 0
  matchBits = 0n
  length = 0
  remoteOffset = 0
  hdrData = 0
  userHeader: readonly number[] = NO_USER_HEADER
  messageId = 0
  // the fragment of a whole put (a streaming put's fragments are objects of their own)
  kind = WIRE_PUT
  header: MessageHeader = this
  fragOffset = 0
  firstPacket = 0
  first = true
  eom = true
  totalPackets = 1
  ack = false
  sendEvent = true
  /** Owners that may still read the record (counted only when pool is not null). */
  holds = 0
  /** A pooled record's own copy of its user header (a transient put's caller may reuse its array). */
  ownUserHeader: number[] | null = null

  constructor(readonly pool: PutRecordPool | null) {}

  /** Released: values no live message has, so a stale read shows. */
  poison(): void {
    this.source = -1
    this.target = -1
    this.matchBits = POISON_BITS
    this.length = -1
    this.remoteOffset = -1
    this.hdrData = -1
    this.userHeader = null as unknown as readonly number[]
    this.ownUserHeader?.fill(-1)
    this.messageId = -1
    this.kind = -1
    this.header = null as unknown as MessageHeader
    this.fragOffset = -1
    this.firstPacket = -1
    this.totalPackets = -1
    this.holds = -1
  }
}

/** Points `r`'s user header at its own copy of `src` (the array is kept with the record). */
export function copyUserHeader(r: PutRecord, src: readonly number[] | undefined): void {
  if (src === undefined || src.length === 0) {
    r.userHeader = NO_USER_HEADER
    return
  }
  let own = r.ownUserHeader
  if (own === null || own.length !== src.length) own = r.ownUserHeader = src.slice()
  else for (let i = 0; i < src.length; i++) own[i] = src[i]!
  r.userHeader = own
}

/** Whether pools made from now on hand released records out again (see setPutRecordReuse). */
let reuseByDefault = true

/**
 * Tests only: false makes the pools created afterwards poison the records released to them and
 * never hand them out again, so a read of a released header shows. Returns the previous setting.
 */
export function setPutRecordReuse(on: boolean): boolean {
  const was = reuseByDefault
  reuseByDefault = on
  return was
}

/** One initiator NIC's released records. */
export class PutRecordPool {
  private readonly free: PutRecord[] = []
  private readonly reuse = reuseByDefault
  /** Records released so far (tests: the pooled path was taken). */
  released = 0

  /** A record with `holds` owners: a released one when there is one. */
  take(holds: number): PutRecord {
    const r = this.free.pop() ?? new PutRecord(this)
    r.header = r
    r.kind = WIRE_PUT
    r.fragOffset = 0
    r.firstPacket = 0
    r.holds = holds
    return r
  }

  give(r: PutRecord): void {
    r.poison()
    this.released++
    if (this.reuse) this.free.push(r)
  }
}

/** One more owner reads `h` (a no-op for a header of no pool). */
export function holdHeader(h: MessageHeader): void {
  if (h instanceof PutRecord && h.pool !== null) {
    if (h.holds <= 0) throw new Error(`holdHeader: message ${h.messageId} from ${h.source} was already released`)
    h.holds++
  }
}

/** An owner of `h` is done with it; the last one gives the record back to its pool. */
export function dropHeader(h: MessageHeader): void {
  if (h instanceof PutRecord && h.pool !== null) {
    if (h.holds <= 0) throw new Error(`dropHeader: message ${h.messageId} from ${h.source} was already released`)
    if (--h.holds === 0) h.pool.give(h)
  }
}
