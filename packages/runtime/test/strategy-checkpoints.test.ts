import { describe, expect, it } from 'vitest'
import { FLOAT64, Segment, vector } from '@spinmpi/ddt'
import { resolveProfile } from '@spinmpi/nic'
import { checkpointSlotBytes, makeCheckpoints } from '../src/internal.js'

const sc19 = resolveProfile('sc19')
const compact = resolveProfile('sc19', { 'nic.checkpointFrames': 0, 'nic.checkpointHeaderBytes': 12, 'nic.checkpointFrameBytes': 8 })

describe('checkpoint slots (SC19 §3.2.4)', () => {
  const flat = vector(64, 2, 4, FLOAT64).commit() // one vector frame
  const nested = vector(8, 1, 2, vector(4, 2, 3, FLOAT64).commit()).commit() // two frames

  it('sc19 reserves MPITypes\' 612 B segment whatever the type; compact holds the frames the type uses', () => {
    expect(checkpointSlotBytes(flat, 1, sc19)).toBe(36 + 16 * 36)
    expect(checkpointSlotBytes(nested, 1, sc19)).toBe(612)
    // compact: version 2 + frames 2 + run offset 8, then 8 B per frame
    expect(new Segment(flat, 1).depth).toBe(1)
    expect(checkpointSlotBytes(flat, 1, compact)).toBe(12 + 8)
    expect(new Segment(nested, 1).depth).toBe(2)
    expect(checkpointSlotBytes(nested, 1, compact)).toBe(12 + 16)
  })

  it('slot i holds the state at i·Δr: restoring it resumes the stream there', () => {
    // 8 × 4 blocks of 16 B = 512 packed bytes; Δr = 96 B gives 6 checkpoints
    const set = makeCheckpoints(nested, 1, 96, sc19)
    expect(set.count).toBe(6)
    expect(set.slots.length).toBe(6 * 612)
    for (let i = 0; i < set.count; i++) {
      const seg = new Segment(nested, 1)
      seg.loadCheckpoint(set.slots, i * set.slotBytes)
      expect(seg.position).toBe(i * 96)
      const reference = new Segment(nested, 1)
      const got: number[] = []
      const want: number[] = []
      seg.process(i * 96, 512, (b, s, l) => got.push(b, s, l))
      reference.process(i * 96, 512, (b, s, l) => want.push(b, s, l))
      expect(got).toEqual(want)
    }
  })

  it('creation costs the walk per block and every slot written at the host copy rate', () => {
    const set = makeCheckpoints(nested, 1, 96, sc19)
    // the walk stops at the last checkpoint, 480 B = 30 blocks of 16 B
    expect(set.walkBlocks).toBe(30)
    expect(set.writtenBytes).toBe(6 * 612)
    // 30 × 0.4 ns + 3672 B / 2.5 B/ns = 12 + 1468.8 ns
    expect(set.hostPs).toBe(1_480_800)
    const small = makeCheckpoints(nested, 1, 96, compact)
    expect(small.hostPs).toBe(12_000 + (6 * 28 * 1000) / 2.5)
  })
})

describe('checkpoint copy on the NIC', () => {
  it('costs the core rate, unless the HPU\'s memory channels are slower', async () => {
    const { copyCycles } = await import('../src/strategies/handlers/handler-costs.js')
    // sc19: 8 B per cycle (0.125 cycles/B) against 2 channels × 50 GiB/s ≈ 134 B per cycle
    expect(copyCycles(sc19, 612)).toBe(76.5)
    // one 1 GiB/s channel at 800 MHz moves 2^30 / 8e8 ≈ 1.34 B per cycle: 612 B take 455.98 cycles
    const slow = resolveProfile('sc19', { 'nic.nicMemChannelsPerHpu': 1, 'nic.nicMemGiBps': 1 })
    expect(copyCycles(slow, 612)).toBeCloseTo((612 * 8e8) / 2 ** 30, 9)
  })
})
