// The DMA side of every offloaded payload handler (SC19 §3.2.2): each contiguous piece of the
// packet is written to host memory with a non-blocking DMA without host event; the completion
// handler issues one zero-byte DMA with an event. One writer per receive, rebound per packet,
// so emitting a piece allocates nothing.

import { ReturnCode, type CompletionHandler, type DmaOptions, type HandlerContext, type PayloadPacket } from '@spinmpi/nic'

const NO_EVENT: DmaOptions = { noEvent: true }

export class PieceWriter {
  private ctx: HandlerContext | null = null
  private data: Uint8Array | null = null
  private pktOffset = 0
  /** Pieces written since the last bind. */
  pieces = 0
  /** A PieceSink for Segment.process: buffer offset, stream offset, length. */
  readonly sink = (bufOffset: number, streamOffset: number, length: number): void => {
    this.pieces++
    ;(this.ctx as HandlerContext).dmaToHost(bufOffset - this.lo, this.data, streamOffset - this.pktOffset, length, NO_EVENT)
  }

  /** `lo`: the span start the ME's host memory begins at (layout.ts). */
  constructor(private readonly lo: number) {}

  bind(ctx: HandlerContext, pkt: PayloadPacket): void {
    this.ctx = ctx
    this.data = pkt.data
    this.pktOffset = pkt.offset
    this.pieces = 0
  }

  /** Writes one piece directly (specialized handlers). */
  write(bufOffset: number, streamOffset: number, length: number): void {
    this.sink(bufOffset, streamOffset, length)
  }
}

/**
 * The completion handler of every offloaded strategy: the final zero-byte write that signals the
 * host. The host learns of it through the message's put event, which the NIC posts when the
 * message's last write is done (this one), so the write asks for no DMA event of its own: the
 * runtime never waited on it, and each one cost an event and a host-event delivery per message.
 */
const SIGNAL: DmaOptions = { noEvent: true }
export const signalCompletion: CompletionHandler = (ctx) => {
  ctx.dmaToHost(0, null, 0, 0, SIGNAL)
  return ReturnCode.SUCCESS
}
