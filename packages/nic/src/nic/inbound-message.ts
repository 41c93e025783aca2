// State of one incoming logical message at the target NIC, from its header packet to its
// completion. Packets of a message are counted by logical index; the message is complete when
// every packet has been handled (processed, deposited or dropped), the header handler has
// finished and, if installed, the completion handler too. A record is reused once its message is
// finalized (see InboundEngine.finalize).

import type { Ps } from '../sim/time.js'
import type { ExecutionContext } from './execution-context.js'
import type { MessageHeader } from './handler-api.js'
import type { Her } from './her.js'
import type { MatchEntry } from './match-entry.js'
import type { UnexpectedMessage } from './matching.js'
import type { HerSink, ProcessedMessage } from './processed-message.js'
import type { VirtualHpu } from './scheduler.js'

/** Nothing matched: every packet is discarded. */
export const MODE_DISCARD = 0
/** No handlers (or PROCEED): packets go to host memory on the non-processing path. */
export const MODE_DEPOSIT = 1
/** Handlers process the packets. */
export const MODE_PROCESS = 2
/** The header handler returned DROP (or FAIL): payload packets are dropped and counted. */
export const MODE_DROP = 3

export class InboundMessage implements ProcessedMessage<Her> {
  mode = MODE_DISCARD
  me: MatchEntry | null = null
  context!: ExecutionContext
  /** Packets expected; -1 until the last fragment is seen. */
  totalPackets = -1
  packetsSeen = 0
  packetsDone = 0
  headerDone = false
  headerCode = 0
  /** Payload HERs that arrived while the header handler had not finished (made when one does). */
  early: Her[] | null = null
  completionStarted = false
  finished = false
  pending = false
  errorReported = false
  droppedBytes = 0
  flowControlTriggered = false
  /** Host offset where the message's byte 0 lands (remoteOffset, or the ME's local offset). */
  depositBase = 0
  injectedAt: Ps = 0
  firstByteAt: Ps = 0
  lastWriteAt: Ps = 0
  vhpus: VirtualHpu[] | null = null
  unexpected: UnexpectedMessage | null = null
  /**
   * Logical packet indices seen, to drop fault-injected duplicates: indices below 31 as bits of
   * seenLow (no object for the usual message of a few packets), the rest in `seen`, made when needed.
   */
  seenLow = 0
  seen: Uint8Array | null = null
  meId = 0
  userPtr = 0
  ackWanted = false
  /** Duplicate deliveries whose handlers have not finished (the message waits for them). */
  duplicatesInFlight = 0

  constructor(public header: MessageHeader, readonly sink: HerSink<Her>) {}

  /** A released record taken again for a new message: every field as a new record has it. */
  reset(header: MessageHeader): this {
    this.header = header
    this.mode = MODE_DISCARD
    this.me = null
    this.context = undefined as unknown as ExecutionContext
    this.totalPackets = -1
    this.packetsSeen = 0
    this.packetsDone = 0
    this.headerDone = false
    this.headerCode = 0
    this.early = null
    this.completionStarted = false
    this.finished = false
    this.pending = false
    this.errorReported = false
    this.droppedBytes = 0
    this.flowControlTriggered = false
    this.depositBase = 0
    this.injectedAt = 0
    this.firstByteAt = 0
    this.lastWriteAt = 0
    this.vhpus = null
    this.unexpected = null
    this.seenLow = 0
    this.seen = null
    this.meId = 0
    this.userPtr = 0
    this.ackWanted = false
    this.duplicatesInFlight = 0
    return this
  }

  /** Released (see InboundEngine.finalize): values no live record has, so a stale read shows. */
  poison(): void {
    this.header = null as unknown as MessageHeader
    this.mode = -1
    this.me = null
    // its context may be a retired ME's, reset for another ME by now
    this.context = undefined as unknown as ExecutionContext
    this.totalPackets = -1
    this.packetsSeen = -1
    this.packetsDone = -2
    this.headerDone = false
    this.finished = true
    this.droppedBytes = NaN
    this.depositBase = NaN
    this.injectedAt = NaN
    this.firstByteAt = NaN
    this.lastWriteAt = NaN
    this.unexpected = null
    this.seenLow = -1
    this.seen = null
    this.meId = -1
    this.userPtr = -1
  }

  /** Marks `index` as seen; false when it was already seen (a duplicate). */
  markSeen(index: number): boolean {
    if (index < 31) {
      const bit = 1 << index
      if ((this.seenLow & bit) !== 0) return false
      this.seenLow |= bit
      return true
    }
    let seen = this.seen
    if (seen === null || index >= seen.length) {
      let n = seen === null ? 64 : seen.length
      while (n <= index) n *= 2
      const next = new Uint8Array(n)
      if (seen !== null) next.set(seen)
      this.seen = seen = next
    }
    if (seen[index] === 1) return false
    seen[index] = 1
    return true
  }

  get allPacketsDone(): boolean {
    return this.totalPackets >= 0 && this.packetsDone === this.totalPackets
  }
}

/** Whether inbound engines made from now on reuse released records (tests turn it off). */
let reuseByDefault = true

/**
 * Tests only: false makes the inbound engines created afterwards poison the records they release
 * and never take them again, so a read of a released record shows. Returns the previous setting.
 */
export function setInboundMessageReuse(on: boolean): boolean {
  const was = reuseByDefault
  reuseByDefault = on
  return was
}

/** The setting engines read when they are made. */
export function inboundMessageReuse(): boolean {
  return reuseByDefault
}
