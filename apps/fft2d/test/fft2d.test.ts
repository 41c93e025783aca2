import { describe, expect, it } from 'vitest'
import { runFft2d, VERIFY_TOLERANCE } from '../src/index.js'

// Every tile goes rendezvous (eager limit 0) so the receive strategy really unpacks it.
const RENDEZVOUS = { 'network.eagerLimitBytes': 0 }
/** Messages of the two transposes: each rank sends one tile to each other rank, twice. */
const messages = (P: number) => 2 * P * (P - 1)

describe('distributed 2-D FFT (data mode) against the sequential direct DFT', () => {
  it.each([
    [16, 1], [32, 2], [64, 4], [64, 8], [60, 4], [24, 8],
  ])('n = %i on %i ranks (host unpack, default eager limit)', async (n, ranks) => {
    const r = await runFft2d({ n, ranks, strategy: 'host' })
    expect(r.reference).toBe('direct-dft')
    expect(r.verified).toBe(true)
    expect(r.maxRelError).toBeLessThan(VERIFY_TOLERANCE)
    expect(r.messages).toBe(messages(ranks))
  })

  it.each(['host', 'iovec', 'hpu-local', 'ro-cp', 'rw-cp', 'auto'] as const)('under receive strategy %s (all tiles rendezvous)', async (strategy) => {
    const r = await runFft2d({ n: 32, ranks: 4, strategy, overrides: RENDEZVOUS })
    expect(r.verified).toBe(true)
    expect(r.rendezvousMessages).toBe(messages(4))
    // The transpose receive type is general, so 'auto' picks RW-CP (DESIGN §5).
    const used = strategy === 'auto' ? 'rw-cp' : strategy
    expect(r.receivesByStrategy).toEqual({ [used]: messages(4) })
    expect(r.fallbacks).toBe(0)
  })

  it('the specialized handler cannot serve the transpose (not a vector/index-block/indexed layout): host fallback', async () => {
    const r = await runFft2d({ n: 32, ranks: 2, strategy: 'specialized', overrides: RENDEZVOUS })
    expect(r.verified).toBe(true)
    expect(r.receivesByStrategy).toEqual({ host: messages(2) })
    expect(r.fallbacks).toBe(messages(2))
  })

  it.each([[1, 'rw-cp'], [2, 'rw-cp'], [3, 'host'], [4, 'ro-cp']] as const)('under random packet orders (seed %i, %s)', async (seed, strategy) => {
    const r = await runFft2d({ n: 64, ranks: 4, strategy, seed, reorder: { window: 8 }, overrides: RENDEZVOUS })
    expect(r.verified).toBe(true)
    expect(r.receivesByStrategy).toEqual({ [strategy]: messages(4) })
  })

  it('timing mode gives the same simulated time as data mode', async () => {
    for (const [n, ranks, strategy] of [[64, 4, 'rw-cp'], [48, 2, 'host'], [64, 8, 'auto']] as const) {
      const data = await runFft2d({ n, ranks, strategy, overrides: RENDEZVOUS })
      const timing = await runFft2d({ n, ranks, strategy, overrides: RENDEZVOUS, mode: 'timing' })
      expect(timing.verified).toBeNull()
      expect(timing.runtimeNs).toBe(data.runtimeNs)
      expect(timing.transposeNs).toBe(data.transposeNs)
    }
  })

  it('one rank: two FFT phases and two local copies, computed by hand', async () => {
    // n = 16: a phase is 16 rows x 5*16*log2(16) = 5120 flops at 6 flops/ns = 853.333 ns (to the ps).
    // Local copy = host pack of the send tile (4096 B, one merged block: 4096/2.5 + 0.4 = 1638.8 ns)
    // plus host unpack into the receive type (4096 B in 256 blocks: 4096/2.5 + 256 x 0.4 = 1740.8 ns).
    const fft = 853.333, pack = 1638.8, unpack = 1740.8
    const r = await runFft2d({ n: 16, ranks: 1, mode: 'timing' })
    expect(r.runtimeNs).toBeCloseTo(2 * (fft + pack + unpack), 9)
    expect(r.computeNs).toBeCloseTo(2 * fft, 9)
    expect(r.messages).toBe(0)
  })

  it('is deterministic: same inputs and seed, same result and times', async () => {
    const a = await runFft2d({ n: 32, ranks: 4, strategy: 'rw-cp', seed: 5, reorder: { window: 4 }, overrides: RENDEZVOUS })
    const b = await runFft2d({ n: 32, ranks: 4, strategy: 'rw-cp', seed: 5, reorder: { window: 4 }, overrides: RENDEZVOUS })
    expect(b).toEqual(a)
  })

  it('validates its options, naming the field', async () => {
    await expect(runFft2d({ n: 30, ranks: 4 })).rejects.toThrow(/^fft2d: n: must be a multiple of ranks \(4\)$/)
    await expect(runFft2d({ n: 16384, ranks: 4 })).rejects.toThrow(/^fft2d: n: data mode supports n up to 8192/)
    await expect(runFft2d({ n: 16, ranks: 0 })).rejects.toThrow(/^fft2d: ranks: expected a positive integer/)
    await expect(runFft2d({ n: 16, ranks: 2, strategy: 'fast' as never })).rejects.toThrow(/^fft2d: strategy: expected one of host/)
    await expect(runFft2d({ n: 16, ranks: 2, colour: 1 } as never)).rejects.toThrow(/^fft2d: unknown option colour/)
  })
})
