import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Segment } from '@spinmpi/ddt'
import { resolveProfile, type CostParams, type HandlerContext, type PayloadPacket } from '@spinmpi/nic'
import { makeCheckpoints, receiveLayout } from '../src/internal.js'
import { SegmentWriter } from '../src/strategies/handlers/segment-writer.js'
import { PacketScripts } from '../src/strategies/handlers/packet-scripts.js'
import { catchupCycles } from '../src/strategies/handlers/handler-costs.js'
import { generatedTypeArb } from '../../ddt/test/arbitraries.js'

const sc19 = resolveProfile('sc19')
// cycles that are not whole and differ from each other, so a count booked under the wrong
// unit or phase shows
const costs: CostParams = { ...sc19.costs, segmentStepCycles: 3.25, pieceCycles: 7.5, catchupStepCycles: 1.75 }

/** A handler context that logs what the writer books and writes, and makes the writes in `host`. */
class LogContext {
  readonly log: (string | number)[] = []
  constructor(readonly host: Uint8Array) {}
  account(phase: string, n: number): void {
    this.log.push(phase, n)
  }
  dmaToHost(hostOffset: number, src: Uint8Array | null, srcOffset: number, len: number): number {
    this.log.push('dma', hostOffset, srcOffset, len)
    if (src !== null) this.host.set(src.subarray(srcOffset, srcOffset + len), hostOffset)
    return 0
  }
  dmaToHostRows(src: Uint8Array | null, rows: Float64Array, stride: number, count: number, hostBase: number, unitA: number, unitB: number): void {
    for (let r = 0; r < count * stride; r += stride) {
      this.account('block', rows[r + 3]! * unitA + rows[r + 4]! * unitB)
      this.dmaToHost(hostBase + rows[r]!, src, rows[r + 1]!, rows[r + 2]!)
    }
  }
}

/**
 * The walk as it was before it issued run lists: account + dmaToHost per piece, from the sink.
 * The writer's walk (one dmaToHostRows per packet) must log the same.
 */
function walkPerPiece(ctx: LogContext, pkt: PayloadPacket, seg: Segment, lo: number): void {
  if (pkt.length === 0) return
  const first = pkt.offset
  seg.resetCounters()
  if (first !== seg.position) seg.process(first, first, () => {})
  ctx.account('setup', costs.segmentStepCycles + catchupCycles(costs, seg))
  let steps = seg.stackSteps
  let pieces = seg.pieces
  seg.process(first, first + pkt.length, (buf, stream, len) => {
    ctx.account('block', (seg.stackSteps - steps) * costs.segmentStepCycles + (seg.pieces - pieces) * costs.pieceCycles)
    steps = seg.stackSteps
    pieces = seg.pieces
    ctx.dmaToHost(buf - lo, pkt.data, stream - first, len)
  })
  ctx.account('block', (seg.stackSteps - steps) * costs.segmentStepCycles)
}

const caseArb = fc.record({
  gen: generatedTypeArb({ maxDepth: 3, maxPieces: 300 }),
  count: fc.integer({ min: 1, max: 3 }),
  packet: fc.integer({ min: 1, max: 200 }),
  // packet indices in arrival order (taken modulo the packet count), repeats included
  order: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
  restore: fc.boolean(),
  seed: fc.nat(255),
})

describe('packet scripts replay exactly what the segment walk does (packet-scripts.ts)', () => {
  it('same bookings, DMAs, host bytes and segment states as the walk (and the walk as per piece), for random types, packet sizes and orders', () => {
    fc.assert(
      fc.property(caseArb, ({ gen, count, packet, order, restore, seed }) => {
        const type = gen.type.commit()
        const size = type.size * count
        fc.pre(size > 0)
        const layout = receiveLayout(type, count)
        const span = layout.hi - layout.lo
        const packets = Math.ceil(size / packet)
        const fresh = new Segment(type, count)
        const scripts = new PacketScripts(fresh.maxCheckpointBytes)
        // restore-style handlers (RO-CP, RW-CP) start every packet from a checkpoint; others keep
        // one segment going (HPU-local)
        const set = restore ? makeCheckpoints(type, count, Math.max(1, 3 * packet), sc19) : null
        const walked = { seg: fresh.clone(), w: new SegmentWriter(layout.lo, costs, null), ctx: new LogContext(new Uint8Array(span)) }
        const replayed = { seg: fresh.clone(), w: new SegmentWriter(layout.lo, costs, scripts), ctx: new LogContext(new Uint8Array(span)) }
        const reference = { seg: fresh.clone(), ctx: new LogContext(new Uint8Array(span)) }
        // three passes over the order: the first notes each range (it may not come again), the
        // second records, the third replays
        for (let pass = 0; pass < 3; pass++) {
          for (const o of order) {
            const i = o % packets
            const offset = i * packet
            const length = Math.min(packet, size - offset)
            const data = new Uint8Array(length)
            for (let b = 0; b < length; b++) data[b] = (seed + 31 * i + 7 * b + pass) & 0xff
            const pkt: PayloadPacket = { offset, length, data, index: i + 1 }
            for (const side of [walked, replayed]) {
              if (set !== null) side.seg.loadCheckpoint(set.slots, Math.floor(offset / set.deltaR) * set.slotBytes)
              else if (offset < side.seg.position) side.seg.reset()
              side.w.run(side.ctx as unknown as HandlerContext, pkt, side.seg)
            }
            if (set !== null) reference.seg.loadCheckpoint(set.slots, Math.floor(offset / set.deltaR) * set.slotBytes)
            else if (offset < reference.seg.position) reference.seg.reset()
            walkPerPiece(reference.ctx, pkt, reference.seg, layout.lo)
            expect(walked.ctx.log).toEqual(reference.ctx.log)
            expect(replayed.ctx.log).toEqual(walked.ctx.log)
            expect(replayed.seg.serialize()).toEqual(walked.seg.serialize())
            expect(replayed.seg.position).toBe(walked.seg.position)
            expect(replayed.seg.frames).toBe(walked.seg.frames)
          }
        }
        expect(replayed.ctx.host).toEqual(walked.ctx.host)
        expect(walked.ctx.host).toEqual(reference.ctx.host)
        // restore-style: every packet of the third pass starts from a state the second pass recorded;
        // a kept segment may start a pass from states the one before did not see
        if (set !== null) expect(scripts.replays).toBeGreaterThanOrEqual(order.length)
        else expect(scripts.replays).toBeGreaterThan(0)
      }),
      { numRuns: 150, seed: 1415 },
    )
  })
})
