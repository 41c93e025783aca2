import { describe, expect, it } from 'vitest'
import { BYTE, vector } from '@spinmpi/ddt'
import { runUnpack } from '../src/harness.js'
import { smallPacketProfile } from './strategy-helpers.js'

// 64 KiB of 32 B blocks in 256 packets of 256 B; Δr = 1024 B: 64 runs of 4 packets, each run's
// packets on one vHPU in order (SC19 §3.2.4, RW-CP).
const type = vector(2048, 32, 48, BYTE).commit()
const profile = smallPacketProfile()

describe('RW-CP progresses its checkpoint in place (SC19 §3.2.4)', () => {
  const r = runUnpack({ type, strategy: 'rw-cp', profile, deltaR: 1024 })

  it('each handler continues from the state the previous one of its run stored: no catch-up', () => {
    // the handler reads its run's slot in HPU memory; were the progressed state not written back,
    // packets 2..4 of every run would start from the run's checkpoint and catch up 1..3 packets
    expect(r.split.handlers).toBe(256)
    expect(r.split.setup).toBe(256 * profile.costs.segmentStepCycles)
    expect(r.resets).toBe(0)
    expect(r.verified).toBe(true)
  })

  it('charges the store of the live state: header and frames in use, at 8 B per cycle', () => {
    // sc19 layout: 36 B header + 36 B per frame. A one-level vector stopped mid-message holds one
    // frame (72 B = 9 cycles); after the last packet the segment is exhausted: header only (4.5)
    expect(r.split.init).toBe(255 * 9 + 4.5)
  })

  it('out of order, the master copy restores a working copy that is ahead, and the bytes stay right', () => {
    const o = runUnpack({ type, strategy: 'rw-cp', profile, deltaR: 1024, reorder: { seed: 3, window: 8 } })
    expect(o.resets).toBeGreaterThan(0)
    expect(o.verified).toBe(true)
    expect(o.guardIntact).toBe(true)
  })
})
