import { describe, expect, it } from 'vitest'
import { FLOAT64, INT32, Segment, hvector, vector } from '../src/index.js'

type Piece = [number, number, number]
const collect = (seg: Segment, first: number, last: number): Piece[] => {
  const out: Piece[] = []
  seg.process(first, last, (b, s, l) => out.push([b, s, l]))
  return out
}

describe('segment work counters and checkpoints (hand-derived)', () => {
  // vector(4 x 8B, stride 16): runs at 0, 16, 32, 48.
  const v = vector(4, 1, 2, FLOAT64).commit()

  it('a full pass visits 4 pieces with 3 element advances', () => {
    const seg = new Segment(v, 1)
    expect(collect(seg, 0, 32)).toEqual([[0, 0, 8], [16, 8, 8], [32, 16, 8], [48, 24, 8]])
    expect([seg.pieces, seg.stackSteps, seg.catchupSteps, seg.resets]).toEqual([4, 3, 0, 0])
  })

  it('a forward jump skips arithmetically: one probe and one frame step for 2 skipped runs', () => {
    const seg = new Segment(v, 1)
    expect(collect(seg, 20, 24)).toEqual([[36, 20, 4]])
    expect([seg.catchupBytes, seg.catchupPieces, seg.catchupSteps, seg.pieces]).toEqual([20, 2, 2, 1])
    expect(seg.position).toBe(24)
    expect(collect(seg, 8, 12)).toEqual([[16, 8, 4]])
    expect([seg.resets, seg.catchupBytes]).toEqual([1, 28])
    seg.resetCounters()
    expect([seg.resets, seg.catchupBytes, seg.pieces, seg.stackSteps]).toEqual([0, 0, 0, 0])
  })

  it('pieces that touch in memory and in the stream reach the sink merged', () => {
    const seg = new Segment(vector(3, 1, 1, INT32).commit(), 2)
    expect(collect(seg, 2, 22)).toEqual([[2, 2, 20]])
  })

  it('checkpoint of a 2-level vector (NAS MG x-face) is 12 + 8 per frame bytes and restores mid-run', () => {
    const mg = hvector(16, 1, 8 * 34 * 18, vector(16, 1, 34, FLOAT64)).commit()
    const seg = new Segment(mg, 1)
    collect(seg, 0, 8 * 17 + 3)
    expect(seg.checkpointBytes).toBe(28)
    expect(seg.maxCheckpointBytes).toBe(28)
    const cp = Segment.restore(mg, 1, seg.serialize())
    expect(cp.position).toBe(139)
    // Byte 139 is byte 3 of run 1 of plane 1: 4896 + 272 + 3.
    expect(collect(cp, 139, 144)).toEqual([[4896 + 272 + 3, 139, 5]])
  })

  it('writeCheckpoint stores what serialize returns, in place at an offset, and the slot restores', () => {
    const mg = hvector(16, 1, 8 * 34 * 18, vector(16, 1, 34, FLOAT64)).commit()
    const seg = new Segment(mg, 1)
    collect(seg, 0, 8 * 17 + 3)
    expect(seg.frames).toBe(2)
    const slot = new Uint8Array(100).fill(0xee)
    expect(seg.writeCheckpoint(slot, 40)).toBe(28)
    expect(slot.subarray(40, 68)).toEqual(seg.serialize())
    expect(slot[39]).toBe(0xee)
    expect(slot[68]).toBe(0xee)
    const back = new Segment(mg, 1)
    back.loadCheckpoint(slot, 40)
    expect(back.position).toBe(139)
    expect(() => seg.writeCheckpoint(slot, 80)).toThrow(/cannot hold 2 frames/)
  })

  it('an exhausted segment serializes to the bare header', () => {
    const seg = new Segment(v, 1)
    collect(seg, 0, 32)
    expect(seg.serialize().length).toBe(12)
    expect(Segment.restore(v, 1, seg.serialize()).position).toBe(32)
  })
})
