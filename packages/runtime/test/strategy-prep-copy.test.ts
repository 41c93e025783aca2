import { describe, expect, it } from 'vitest'
import { FLOAT64, vector } from '@spinmpi/ddt'
import { run, runUnpack } from '../src/index.js'

// A rendezvous receive with a checkpointed strategy copies its resident NIC state (dataloop and
// checkpoints) over PCIe once, when postReceive posts the ME; the clear-to-send waits for that
// read instead of issuing another one.
describe('resident state crosses PCIe once per receive', () => {
  const type = vector(8192, 16, 32, FLOAT64).commit() // 1 MiB packed, 128 B blocks
  it('run(): the receiver issues one DMA read, of the plan bytes, as runUnpack does', async () => {
    const alone = runUnpack({ type, strategy: 'rw-cp', dataMode: false })
    const r = await run({ ranks: 2, mode: 'timing', strategy: 'rw-cp' }, async (comm) => {
      if (comm.rank === 0) await comm.send(null, 1, type, 1, 0)
      else await comm.recv(null, 1, type, 0, 0)
    })
    const receiver = r.stats.nics[1]!
    console.log(alone.prepCopyBytes, receiver.dmaReads, receiver.dmaBytesRead)
    expect(receiver.dmaReads).toBe(1)
    expect(receiver.dmaBytesRead).toBe(alone.prepCopyBytes)
  })
})
