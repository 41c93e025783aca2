// State of one incoming logical message at the target NIC, from its header packet to its
// completion. Packets of a message are counted by logical index; the message is complete when
// every packet has been handled (processed, deposited or dropped), the header handler has
// finished and, if installed, the completion handler too.

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

  constructor(readonly header: MessageHeader, readonly sink: HerSink<Her>) {}

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
