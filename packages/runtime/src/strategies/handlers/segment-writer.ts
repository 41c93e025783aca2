// Drives one ddt Segment for one packet inside a general payload handler (SC19 §3.2.4): first the
// catch-up to the packet's offset (booked as setup), then the walk that emits pieces, each
// booked as block work (the stack steps since the previous piece plus one piece) before its DMA
// is issued, so the DMA leaves the HPU when the handler has really found it.

import type { Segment } from '@spinmpi/ddt'
import type { CostParams, DmaOptions, HandlerContext, PayloadPacket } from '@spinmpi/nic'
import { catchupCycles } from './handler-costs.js'

const NO_EVENT: DmaOptions = { noEvent: true }
const NOOP = (): void => {}

export class SegmentWriter {
  private ctx: HandlerContext | null = null
  private seg: Segment | null = null
  private data: Uint8Array | null = null
  private pktOffset = 0
  private steps = 0
  private pieces = 0
  private readonly sink = (bufOffset: number, streamOffset: number, length: number): void => {
    const seg = this.seg as Segment
    const ctx = this.ctx as HandlerContext
    const c = this.costs
    ctx.account('block', (seg.stackSteps - this.steps) * c.segmentStepCycles + (seg.pieces - this.pieces) * c.pieceCycles)
    this.steps = seg.stackSteps
    this.pieces = seg.pieces
    ctx.dmaToHost(bufOffset - this.lo, this.data, streamOffset - this.pktOffset, length, NO_EVENT)
  }

  constructor(private readonly lo: number, private readonly costs: CostParams) {}

  /**
   * Processes `pkt` with `seg` (already restored or reset by the caller). Setup is booked as one
   * segment step (entering the processing function) plus the catch-up work to the packet's offset.
   */
  run(ctx: HandlerContext, pkt: PayloadPacket, seg: Segment): void {
    if (pkt.length === 0) return
    const first = pkt.offset
    seg.resetCounters()
    if (first !== seg.position) seg.process(first, first, NOOP)
    ctx.account('setup', this.costs.segmentStepCycles + catchupCycles(this.costs, seg))
    this.ctx = ctx
    this.seg = seg
    this.data = pkt.data
    this.pktOffset = first
    this.steps = seg.stackSteps
    this.pieces = seg.pieces
    seg.process(first, first + pkt.length, this.sink)
    // steps taken after the last piece (advancing past the packet's end)
    ctx.account('block', (seg.stackSteps - this.steps) * this.costs.segmentStepCycles)
  }
}
