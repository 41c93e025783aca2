import { describe, expect, it } from 'vitest'
import { FLOAT64, vector } from '@spinmpi/ddt'
import { run } from '../src/internal.js'
import { runUnpack } from '../src/harness.js'

// A rendezvous receive with a checkpointed strategy copies its resident NIC state (dataloop and
// checkpoints) over PCIe once, when postReceive posts the ME; the clear-to-send waits for that
// read instead of issuing another one.
describe('resident state crosses PCIe once per receive', () => {
  // 1 MiB packed in 8192 blocks of 128 B: 512 packets of 2 KiB
  const type = vector(8192, 16, 32, FLOAT64).commit()
  // dataloop: a vector node over a run, 32 B each = 64 B; Δr = 6 packets (12,288 B) gives
  // ⌈512 / 6⌉ = 86 checkpoints of C = 612 B (sc19: 36 B + 16 frames × 36 B)
  const expected = 64 + 86 * 612

  it('runUnpack reads the dataloop and the 86 checkpoints once', () => {
    const alone = runUnpack({ type, strategy: 'rw-cp', dataMode: false })
    expect(alone.deltaR).toBe(12_288)
    expect(alone.checkpointBytes).toBe(612)
    expect(alone.prepCopyBytes).toBe(expected)
  })

  it('run(): the receiver issues one DMA read, of the same bytes', async () => {
    const r = await run({ ranks: 2, mode: 'timing', strategy: 'rw-cp' }, async (comm) => {
      if (comm.rank === 0) await comm.send(null, 1, type, 1, 0)
      else await comm.recv(null, 1, type, 0, 0)
    })
    const receiver = r.stats.nics[1]!
    expect(receiver.dmaReads).toBe(1)
    expect(receiver.dmaBytesRead).toBe(expected)
  })
})
