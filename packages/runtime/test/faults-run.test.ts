// run() under faults (docs/faults.md): rendezvous receives of a non-contiguous type through every
// offloaded strategy, plus eager messages and a collective, deliver the exact data under packet
// loss, duplicates (discarded or handled) and NIC memory exhaustion; stats.faults counts them and
// the same seed repeats the run.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { run, types, type ReceiveStrategyName } from '../src/index.js'

const STRATEGIES: ReceiveStrategyName[] = ['host', 'iovec', 'hpu-local', 'ro-cp', 'rw-cp']
const N = 64 // a 64 x 64 float64 matrix
const columns = types.vector(N, 8, N, types.FLOAT64).commit() // 8 columns: 4 KiB in 64 B blocks
const block = types.vector(N / 2, 8, N, types.FLOAT64).commit() // 32 rows x 8 columns: 2 KiB, twice

async function exchange(strategy: ReceiveStrategyName, faults: object, seed: number) {
  return run({ ranks: 3, strategy, seed, faults, overrides: { 'network.eagerLimitBytes': 1024, 'network.mtuBytes': 256 } }, async (comm) => {
    const m = new Float64Array(N * N)
    if (comm.rank === 0) {
      for (let i = 0; i < m.length; i++) m[i] = i
      await comm.send(m, 1, columns, 1, 1) // 4 KiB: rendezvous
      await comm.send(m, 2, block, 2, 2) // 4 KiB: rendezvous
    } else {
      await comm.recv(m, comm.rank === 1 ? 1 : 2, comm.rank === 1 ? columns : block, 0, comm.rank)
    }
    const sum = new Float64Array(1)
    await comm.allreduce(Float64Array.of(comm.rank + 1), sum, 1, types.FLOAT64, 'SUM')
    return { got: Array.from(m), sum: sum[0] }
  })
}


describe('run() under faults', () => {
  it('gives every rank the same data as without faults, for every receive strategy', async () => {
    const clean = new Map<string, unknown>()
    for (const s of STRATEGIES) clean.set(s, (await exchange(s, {}, 1)).results)
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...STRATEGIES),
      fc.record({ loss: fc.constantFrom(0, 0.05, 0.2), dup: fc.constantFrom(0, 0.1), nicmem: fc.constantFrom(undefined, 300, 4096), dupMode: fc.constantFrom('discard', 'handler') }),
      fc.integer({ min: 1, max: 1000 }),
      async (strategy, f, seed) => {
        const faults = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined))
        const r = await exchange(strategy, faults, seed)
        expect(r.results).toEqual(clean.get(strategy))
        expect(r.results[1]!.got.filter((x) => x !== 0).length).toBe(N * 8 - 1) // element 0 holds 0
        expect(r.results.map((x) => x.sum)).toEqual([6, 6, 6])
        expect(r.stats.faults.retransmitted).toBe(r.stats.faults.dropped)
        expect(r.stats.faults.duplicatesDiscarded + r.stats.faults.duplicatesHandled).toBe(r.stats.faults.duplicates)
        expect(r.stats.fallbacks).toBe(0)
      }), { numRuns: 25, seed: 77 })
  })

  it('counts the faults, and the same seed gives the same times and counts', async () => {
    const faults = { loss: 0.1, dup: 0.1, nicmem: 300, seed: 5 }
    const a = await exchange('rw-cp', faults, 1)
    const b = await exchange('rw-cp', faults, 1)
    expect(a.stats.faults.dropped).toBeGreaterThan(0)
    expect(a.stats.faults.duplicates).toBeGreaterThan(0)
    expect(a.stats.faults.spilledPackets).toBeGreaterThan(0)
    expect(a.stats.faults.spilledReceives).toBeGreaterThan(0)
    expect(a.stats.rendezvousMessages).toBe(2)
    expect(a.stats.byStrategy['rw-cp']?.receives).toBe(2)
    expect(b.endTimes.ps).toEqual(a.endTimes.ps)
    expect(b.stats.faults).toEqual(a.stats.faults)
    const clean = await exchange('rw-cp', {}, 1)
    expect(clean.stats.faults).toEqual({
      dropped: 0, retransmitted: 0, duplicates: 0, duplicatesDiscarded: 0, duplicatesHandled: 0, spilledPackets: 0, spilledBytes: 0, spilledReceives: 0,
    })
    expect(a.makespanPs).toBeGreaterThan(clean.makespanPs)
  })

  it('rejects a bad fault option with an MpiError naming it', async () => {
    await expect(run({ ranks: 2, faults: { loss: 2 } }, () => 0)).rejects.toThrow('run options: faults.loss: expected a probability in [0, 1)')
    await expect(run({ ranks: 2, faults: { lost: 0.1 } as never }, () => 0)).rejects.toThrow('run options: faults: unknown field lost')
  })
})
