import { describe, expect, it } from 'vitest'
import { run, types } from '../src/index.js'

// sc19: o = 65 ns, L = 183.4 ns, 200 Gbit/s (40 ps/B), 48 B packet header, match 30 ns,
// PCIe Gen4 x32 128b/130b with 24 B per TLP: wire(8 B) = 32 B -> ceil(32 * 16000 * 130 / (32 * 32 * 128)) = 508 ps,
// DMA read latency 500 ns, write latency 250 ns.
describe('one eager message, closed form (sc19)', () => {
  it('o + PCIe read + (L + ser) + match + PCIe write + o', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      const buf = new Float64Array([comm.rank === 0 ? 2.5 : 0])
      if (comm.rank === 0) await comm.send(buf, 1, types.FLOAT64, 1, 3)
      else await comm.recv(buf, 1, types.FLOAT64, 0, 3)
      return buf[0]
    })
    const o = 65_000
    const read = 508 + 500_000
    const ser = (8 + 48) * 40
    const L = 183_400
    const match = 30_000
    const write = 508 + 250_000
    // sender: o, its NIC reads the payload, the packet leaves after ser: the send completes.
    expect(r.endTimes.ps[0]).toBe(o + read + ser)
    expect(r.endTimes.ps[0]).toBe(567_748)
    // receiver (posted at t = 0): arrival, match, deposit, then its own o.
    expect(r.endTimes.ps[1]).toBe(o + read + L + ser + match + write + o)
    expect(r.endTimes.ps[1]).toBe(1_096_656)
    expect(r.results).toEqual([2.5, 2.5])
    expect(r.stats.messages).toBe(1)
    expect(r.stats.eagerMessages).toBe(1)
    expect(r.stats.packets).toBe(1)
  })
})
