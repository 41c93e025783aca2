import { describe, expect, it } from 'vitest'
import { BYTE, vector } from '@spinmpi/ddt'
import { runUnpack } from '../src/harness.js'
import { smallPacketProfile } from './strategy-helpers.js'

// 64 KiB of 32 B blocks: 256 packets of 256 B on 4 HPUs
const type = vector(2048, 32, 48, BYTE).commit()
const profile = smallPacketProfile()

describe('out-of-order arrival', () => {
  it('forces RW-CP resets from the master copies and stays correct', () => {
    const inOrder = runUnpack({ type, strategy: 'rw-cp', profile, deltaR: 1024 })
    expect(inOrder.resets).toBe(0)
    const r = runUnpack({ type, strategy: 'rw-cp', profile, deltaR: 1024, reorder: { seed: 3, window: 8 } })
    expect(r.resets).toBeGreaterThan(0)
    expect(r.verified).toBe(true)
    expect(r.guardIntact).toBe(true)
  })

  it('forces HPU-local resets and stays correct', () => {
    const inOrder = runUnpack({ type, strategy: 'hpu-local', profile })
    expect(inOrder.resets).toBe(0)
    const r = runUnpack({ type, strategy: 'hpu-local', profile, reorder: { seed: 5, window: 16 } })
    expect(r.resets).toBeGreaterThan(0)
    expect(r.verified).toBe(true)
  })

  it('is deterministic: same seed, same times and bytes', () => {
    const a = runUnpack({ type, strategy: 'rw-cp', profile, reorder: { seed: 9, window: 8 } })
    const b = runUnpack({ type, strategy: 'rw-cp', profile, reorder: { seed: 9, window: 8 } })
    expect(b.ns).toBe(a.ns)
    expect(b.resets).toBe(a.resets)
    expect(b.dmaQueueMax).toBe(a.dmaQueueMax)
  })
})
