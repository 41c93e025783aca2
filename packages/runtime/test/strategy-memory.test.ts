import { describe, expect, it } from 'vitest'
import { BYTE, vector } from '@spinmpi/ddt'
import { Cluster } from '@spinmpi/nic'
import { postReceive, residencyOf } from '../src/internal.js'
import { runUnpack } from '../src/harness.js'

const column = vector(512, 16, 64, BYTE).commit()

describe('NIC memory exhaustion', () => {
  it('falls back to host unpack and still delivers the right bytes', () => {
    // leave one 64 B granule of the 8 MiB: the dataloop and 4 checkpoints of rw-cp cannot fit
    const r = runUnpack({ type: column, strategy: 'rw-cp', reserveNicMemBytes: 8 * 1024 * 1024 - 64, deltaR: 2048 })
    expect(r.strategy).toBe('host')
    expect(r.fallback).toMatch(/^nic memory full/)
    expect(r.verified).toBe(true)
    expect(r.guardIntact).toBe(true)
    expect(r.nicMemBytes).toBe(0)
  })

  it('evicts the least recently used idle type state instead, when asked', () => {
    const cluster = new Cluster({ nodes: 2, seed: 1 })
    const nic = cluster.nic(1)
    const other = vector(64, 8, 16, BYTE).commit()
    const first = postReceive({ nic, type: other, count: 1, buffer: null, bufferOffset: 0, strategy: 'specialized' }, { matchBits: 9n })
    first.plan.finish()
    nic.unlinkMe(first.me)
    const resident = residencyOf(nic)
    expect(resident.residentBytes).toBe(40)
    // fill the rest of NIC memory so nothing else fits
    nic.memory.alloc(nic.memory.capacity - nic.memory.used, 0)
    const fallback = postReceive({ nic, type: column, count: 1, buffer: null, bufferOffset: 0, strategy: 'specialized' }, { matchBits: 1n })
    expect(fallback.plan.strategy).toBe('host')
    nic.unlinkMe(fallback.me)
    const evicting = postReceive(
      { nic, type: column, count: 1, buffer: null, bufferOffset: 0, strategy: 'specialized', onNicMemoryFull: 'evict' },
      { matchBits: 2n },
    )
    expect(evicting.plan.strategy).toBe('specialized')
    expect(evicting.plan.fallback).toBeNull()
    expect(resident.evictions).toBe(1)
    expect(resident.fallbacks).toBe(1)
  })
})
