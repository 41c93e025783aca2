// Counters and per-message records of one NIC. Time series (DMA queue depth, NIC memory and
// packet buffer occupancy) live with their resources; NicReport gathers everything.

import type { Ps } from '../sim/time.js'
import { emptySplit, type HandlerSplit } from './execution-context.js'

/** Per message received: source, size, ME, the path it took, and when its header was injected, its first byte arrived and its last byte was written. */
export interface MessageRecord {
  readonly source: number
  readonly messageId: number
  readonly bytes: number
  readonly meId: number
  /** 'process' (handlers), 'deposit' (non-processing path), 'discard' (no match), 'drop'. */
  readonly path: 'process' | 'deposit' | 'discard' | 'drop'
  /** When the header packet started leaving the initiator. */
  readonly injectedAt: Ps
  /** Arrival of the header packet's last bit at this NIC. */
  readonly firstByteAt: Ps
  /** Last byte written to host memory (firstByteAt when nothing was written). */
  readonly lastWriteAt: Ps
  /** When the message was complete (handlers done, data in host memory). */
  readonly completedAt: Ps
  readonly droppedBytes: number
}

export class NicStats {
  packetsIn = 0
  packetsProcessed = 0
  packetsDeposited = 0
  packetsDiscarded = 0
  packetsDropped = 0
  flowControlDrops = 0
  /** Packets delivered twice (fault injection) and discarded before any handler. */
  duplicates = 0
  /** Duplicates whose payload handler ran anyway (InboundEngine.duplicatesToHandlers). */
  duplicatesHandled = 0
  /** Packets of processed messages put raw into their ME's spill area (NIC memory exhausted). */
  packetsSpilled = 0
  spilledBytes = 0
  /** Times the packet buffer filled and the link was paused. */
  backPressureEvents = 0
  handlerErrors = 0
  readonly split: HandlerSplit = emptySplit()
  /** Off: `messages` stays empty (runs of millions of messages keep no record of each). */
  keepMessages = true
  readonly messages: MessageRecord[] = []
}
