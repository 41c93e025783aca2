// The DMA side of the offloaded payload handlers that place pieces themselves (specialized, and
// the iovec engine; SC19 §3.2.2): each contiguous piece of the packet is written to host memory
// with a non-blocking DMA without host event; the completion handler issues one zero-byte DMA.
// A handler adds its pieces as rows and issues them as one run list (ctx.dmaToHostRows), which
// books and issues row by row what account + dmaToHost per piece would, without a DMA call and
// a deferred request of its own per piece. One writer per receive, rebound per packet: adding
// a piece allocates nothing.

import { ReturnCode, type CompletionHandler, type DmaOptions, type HandlerContext, type PayloadPacket } from '@spinmpi/nic'
import { putRow, ROW } from './packet-scripts.js'

/**
 * Rows of the pieces not issued yet, shared by every writer: a handler issues its rows before it
 * returns (or waits), and another handler runs only after it.
 */
let pieceRows: Float64Array = new Float64Array(64 * ROW)

export class PieceWriter {
  private data: Uint8Array | null = null
  private pktOffset = 0
  /** Rows added since the last issue. */
  private count = 0

  /** `lo`: the span start the ME's host memory begins at (layout.ts). */
  constructor(private readonly lo: number) {}

  bind(pkt: PayloadPacket): void {
    this.data = pkt.data
    this.pktOffset = pkt.offset
    this.count = 0
  }

  /**
   * A piece: `length` bytes at stream offset `streamOffset` to buffer offset `bufOffset`, its DMA
   * issued after `units` units of block work (issue's `unit` cycles each) are charged.
   */
  add(bufOffset: number, streamOffset: number, length: number, units: number): void {
    pieceRows = putRow(pieceRows, this.count++, bufOffset, streamOffset - this.pktOffset, length, units, 0)
  }

  /** Pieces added since the last issue. */
  get pending(): number {
    return this.count
  }

  /** Issues the pieces added so far, in order, as account('block', units * unit) + dmaToHost each. */
  issue(ctx: HandlerContext, unit: number): void {
    const n = this.count
    if (n === 0) return
    this.count = 0
    ctx.dmaToHostRows(this.data, pieceRows, ROW, n, -this.lo, unit, 0)
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
