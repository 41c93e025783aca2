// What a running handler belongs to: a message (inbound, or outbound for process-put) processed
// under one execution context. Implemented by the inbound and outbound engines' message records.
// The HER type is a parameter, so that this file and her.ts do not import each other.

import type { Ps } from '../sim/time.js'
import type { ExecutionContext } from './execution-context.js'
import type { MessageHeader } from './handler-api.js'

export interface ProcessedMessage<H = unknown> {
  readonly context: ExecutionContext
  readonly header: MessageHeader
  /** Latest completion time of a DMA write issued for this message. */
  lastWriteAt: Ps
  droppedBytes: number
  flowControlTriggered: boolean
  /** ME id and user pointer echoed in host events (0 when none). */
  readonly meId: number
  readonly userPtr: number
  /** The engine told when one of this message's handlers has finished. */
  readonly sink: HerSink<H>
}

/** Told when a handler execution request (`H`, the NIC's Her) has finished. */
export interface HerSink<H> {
  handlerFinished(her: H): void
}
