import { resolveProfile } from '@spinmpi/nic'
import { describe, expect, it } from 'vitest'
import { buildOpGraph, opId, opIndex, simulateLogGopsGraph, type OpGraph } from '@spinmpi/goal/internal'
import { fft2dGraph, fft2dSchedule, logGopsFromProfile, measureMessageCosts, modelFft2d, runFft2d } from '../src/index.js'

const sc19 = resolveProfile('sc19', {})

describe('scaled FFT2D model (packet-level message costs + GOAL + LogGOPS)', () => {
  it('maps the sc19 profile to LogGOPS parameters in picoseconds', () => {
    // G = 8 / 200 ns per byte, times (2048 + 48) / 2048 for packet headers = 40.94 ps -> 41
    expect(logGopsFromProfile(sc19)).toEqual({ L: 183400, o: 65000, g: 6700, G: 41, O: 0, S: 8192 })
  })

  it('takes host costs from the cost model, by hand for n = 512 on 4 ranks', async () => {
    const c = await measureMessageCosts(512, 4, 'host', sc19)
    // 128 rows x 5 * 512 * 9 flops = 2 949 120 flops at 6 flops/ns
    expect(c.fftPs).toBe(491_520_000)
    // pack: 262144 B / 2.5 B/ns + 128 blocks x 0.4 ns; unpack: 262144 / 2.5 + 16384 blocks x 0.4 ns
    expect(c.packPs).toBe(104_908_800)
    expect(c.unpackPs).toBe(111_411_200)
    expect(c.localCopyPs).toBe(104_908_800 + 111_411_200)
    expect([c.messageBytes, c.eager, c.send, c.strategyUsed, c.nicExtraPs, c.prepPs]).toEqual([262144, false, 'host', 'host', 0, 0])
  })

  it('with streaming sends the sender pays one region walk and o per row, minus the o LogGOPS charges', async () => {
    const c = await measureMessageCosts(512, 4, 'host', sc19, 'stream')
    // 128 rows of 2 KiB: 128 x (0.4 + 65) ns - 65 ns; the own tile is still copied by the host
    expect(c.packPs).toBe(128 * 65_400 - 65_000)
    expect(c.localCopyPs).toBe(104_908_800 + 111_411_200)
    expect(c.unpackPs).toBe(111_411_200)
  })

  it('measures the NIC time and preparation of RW-CP from a packet-level exchange', async () => {
    const c = await measureMessageCosts(512, 4, 'rw-cp', sc19)
    expect(c.strategyUsed).toBe('rw-cp')
    expect(c.unpackPs).toBe(0)
    expect(c.nicExtraPs).toBeGreaterThan(0)
    expect(c.prepPs).toBeGreaterThan(0)
  })

  it('leaves eager tiles to the host whatever the strategy', async () => {
    const c = await measureMessageCosts(64, 4, 'rw-cp', sc19)
    // 4096 / 2.5 + 256 blocks x 0.4 ns
    expect([c.eager, c.strategyUsed, c.nicExtraPs, c.unpackPs]).toEqual([true, 'host', 0, 1_740_800])
  })

  it('builds three operations per transpose step plus the phase calcs', async () => {
    const c = await measureMessageCosts(512, 4, 'host', sc19)
    const s = fft2dSchedule(c)
    expect(s.ranks).toHaveLength(4)
    // per phase: fft, local copy, first pack, then (recv, send, calc) for 3 peers
    expect(s.ranks[1]!.ops).toHaveLength(2 * (3 + 3 * 3))
    expect(s.ranks[1]!.ops.filter((o) => o.kind === 'send').map((o) => (o.kind === 'send' ? o.dest : -1))).toEqual([2, 3, 0, 2, 3, 0])
  })

  it('writes the same operation graph straight into typed arrays as the GOAL objects give, ranks interleaved', async () => {
    for (const [n, p, strategy] of [[512, 4, 'rw-cp'], [512, 8, 'host'], [16, 1, 'host']] as const) {
      const c = await measureMessageCosts(n, p, strategy, sc19)
      const direct = fft2dGraph(c)
      const viaObjects = buildOpGraph(fft2dSchedule(c))
      expect([direct.interleaved, direct.numOps, direct.numRanks, direct.maxCpu, direct.maxNic, direct.startList.length])
        .toEqual([true, viaObjects.numOps, p, viaObjects.maxCpu, viaObjects.maxNic, viaObjects.startList.length])
      expect(Array.from(direct.rankStart)).toEqual(Array.from(viaObjects.rankStart))
      // operation by operation, rank r's i-th in each numbering: fields and dependents (by index)
      const fields = ['rankOf', 'type', 'size', 'peer', 'tag', 'cpu', 'nic', 'depCount'] as const
      const row = (g: OpGraph, op: number) => [
        ...fields.map((f) => g[f][op]),
        Array.from(g.doneList.subarray(g.doneStart[op]!, g.doneStart[op + 1]!), (d) => opIndex(g, d)),
      ]
      for (let r = 0; r < p; r++) {
        for (let i = 0; i < viaObjects.rankStart[r + 1]! - viaObjects.rankStart[r]!; i++) {
          expect(row(direct, opId(direct, r, i))).toEqual(row(viaObjects, opId(viaObjects, r, i)))
        }
      }
      // and the simulator's results, unchanged by the numbering
      const params = logGopsFromProfile(sc19)
      expect(simulateLogGopsGraph(direct, params)).toEqual(simulateLogGopsGraph(viaObjects, params))
    }
  })

  it('equals the packet-level run exactly on one rank', async () => {
    const m = await modelFft2d({ n: 16, ranks: 1, strategy: 'host' })
    const full = await runFft2d({ n: 16, ranks: 1, mode: 'timing' })
    expect(m.runtimeNs).toBe(full.runtimeNs)
  })

  it.each(['host', 'rw-cp'] as const)('agrees with the full packet-level run within 2 percent (n = 512, P = 4, %s)', async (strategy) => {
    const m = await modelFft2d({ n: 512, ranks: 4, strategy })
    const full = await runFft2d({ n: 512, ranks: 4, strategy, mode: 'timing' })
    expect(Math.abs(m.runtimeNs / full.runtimeNs - 1)).toBeLessThan(0.02)
  })

  it('agrees with the full packet-level run within 2 percent with streaming sends (n = 512, P = 4, rw-cp)', async () => {
    const m = await modelFft2d({ n: 512, ranks: 4, strategy: 'rw-cp', send: 'stream' })
    const full = await runFft2d({ n: 512, ranks: 4, strategy: 'rw-cp', send: 'stream', mode: 'timing' })
    expect(Math.abs(m.runtimeNs / full.runtimeNs - 1)).toBeLessThan(0.02)
  })
})
