// Drives one ddt Segment for one packet inside a general payload handler (SC19 §3.2.4): first the
// catch-up to the packet's offset (booked as setup), then the walk that emits pieces, each
// booked as block work (the stack steps since the previous piece plus one piece) before its DMA
// is issued, so the DMA leaves the HPU when the handler has really found it. The walk collects
// its pieces as rows and issues them as one run list (ctx.dmaToHostRows books and issues row by
// row, as account + dmaToHost per piece would; nothing else touches the context during a walk).
// A packet whose range and starting state were seen before replays the recorded script
// (packet-scripts.ts): the same rows, without walking the segment.

import type { Segment } from '@spinmpi/ddt'
import type { CostParams, HandlerContext, PayloadPacket } from '@spinmpi/nic'
import { catchupCycles } from './handler-costs.js'
import { putRow, ROW, type PacketScript, type PacketScripts } from './packet-scripts.js'

const NOOP = (): void => {}
/**
 * Rows of the packet being walked, shared by every writer: a handler runs to its end before
 * another starts, and the rows are copied out when the script is kept.
 */
let recordRows: Float64Array = new Float64Array(64 * ROW)

export class SegmentWriter {
  private seg: Segment | null = null
  private pktOffset = 0
  private steps = 0
  private pieces = 0
  /** Rows of the packet being walked (ROW numbers each, `recorded` of them). */
  private recorded = 0
  private readonly sink = (bufOffset: number, streamOffset: number, length: number): void => {
    const seg = this.seg as Segment
    const steps = seg.stackSteps - this.steps, pieces = seg.pieces - this.pieces
    this.steps = seg.stackSteps
    this.pieces = seg.pieces
    this.record(bufOffset, streamOffset - this.pktOffset, length, steps, pieces)
  }

  /** `scripts`: the (type, count)'s packet scripts to replay and record, or null to always walk. */
  constructor(private readonly lo: number, private readonly costs: CostParams, private readonly scripts: PacketScripts | null = null) {}

  /**
   * Processes `pkt` with `seg` (already restored or reset by the caller) and leaves `seg` in the
   * state after the packet. Setup is booked as one segment step (entering the processing
   * function) plus the catch-up work to the packet's offset.
   */
  run(ctx: HandlerContext, pkt: PayloadPacket, seg: Segment): void {
    if (pkt.length === 0) return
    const first = pkt.offset
    const scripts = this.scripts
    let keep = false
    if (scripts !== null) {
      const script = scripts.find(seg, first, first + pkt.length)
      if (script !== null) {
        this.replay(ctx, pkt, seg, script)
        return
      }
      keep = scripts.willKeep(seg, first)
    }
    seg.resetCounters()
    if (first !== seg.position) seg.process(first, first, NOOP)
    const catchup = seg.catchupPieces + seg.catchupSteps
    const c = this.costs
    ctx.account('setup', c.segmentStepCycles + catchupCycles(c, seg))
    this.seg = seg
    this.pktOffset = first
    this.steps = seg.stackSteps
    this.pieces = seg.pieces
    this.recorded = 0
    seg.process(first, first + pkt.length, this.sink)
    this.seg = null
    ctx.dmaToHostRows(pkt.data, recordRows, ROW, this.recorded, -this.lo, c.segmentStepCycles, c.pieceCycles)
    // steps taken after the last piece (advancing past the packet's end)
    const trailing = seg.stackSteps - this.steps
    ctx.account('block', trailing * c.segmentStepCycles)
    if (keep) (scripts as PacketScripts).keep(first, first + pkt.length, catchup, recordRows, this.recorded, trailing, seg.serialize())
  }

  /** The recorded script: the walk's bookings and DMAs, then the segment in its end state. */
  private replay(ctx: HandlerContext, pkt: PayloadPacket, seg: Segment, s: PacketScript): void {
    const c = this.costs
    const step = c.segmentStepCycles, piece = c.pieceCycles, lo = this.lo
    ctx.account('setup', step + s.catchup * c.catchupStepCycles)
    // The rows are the NIC's run-list layout: buffer offset, stream offset, length, steps, pieces.
    ctx.dmaToHostRows(pkt.data, s.rows, ROW, s.pieces, -lo, step, piece)
    ctx.account('block', s.trailing * step)
    seg.loadCheckpoint(s.end, 0)
  }

  private record(buf: number, stream: number, length: number, steps: number, pieces: number): void {
    recordRows = putRow(recordRows, this.recorded++, buf, stream, length, steps, pieces)
  }
}
