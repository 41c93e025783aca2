import { describe, expect, it } from 'vitest'
import { BYTE, vector } from '@spinmpi/ddt'
import { resolveProfile } from '@spinmpi/nic'
import { hostUnpackPs, hostUnpackTraffic, modelTime, receiveStrategy, typeWork } from '../src/internal.js'
import { runUnpack } from '../src/harness.js'

const sc19 = resolveProfile('sc19')

describe('host cost', () => {
  it('charges bytes at the copy rate plus one loop per block', () => {
    const t = vector(1024, 4, 8, BYTE).commit()
    // 4096 B / 2.5 B/ns + 1024 blocks · 1.36 cycles at 3.4 GHz (0.4 ns) = 1638.4 + 409.6 = 2048 ns
    expect(hostUnpackPs(sc19, t, 1)).toBe(2_048_000)
    // the loop's cycles run at the host clock: at 1.7 GHz each block costs 0.8 ns
    expect(hostUnpackPs(resolveProfile('sc19', { 'host.cpuHz': 1.7e9 }), t, 1)).toBe(2_048_000 + 409_600)
    const w = typeWork(t, 1, 64)
    expect(w.blocks).toBe(1024)
    // the span is 8188 B from offset 0: 128 touched lines, 64 packed lines
    expect(w.touchedLines).toBe(128)
    // cold LLC: every packed and every touched user line misses once; plus the 4096 B deposit
    expect(hostUnpackTraffic(sc19, t, 1)).toEqual({ depositBytes: 4096, llcMisses: 64 + 128, bytes: 4096 + (64 + 128) * 64 })
  })
})

describe('modelTime (SC19 §3.2.4 T_C)', () => {
  it('is close to the simulated time for a 1 MiB vector', () => {
    const t = vector(4096, 256, 512, BYTE).commit()
    for (const strategy of ['specialized', 'rw-cp', 'hpu-local'] as const) {
      const r = runUnpack({ type: t, strategy, dataMode: false })
      expect(Math.abs(r.modelNs - r.ns) / r.ns).toBeLessThan(0.1)
    }
  })

  it('is the link time plus the unpack for host', () => {
    const t = vector(4096, 256, 512, BYTE).commit()
    const m = modelTime({ profile: sc19, model: receiveStrategy('host').model, bytes: 1 << 20, gamma: 8, hostUnpackPs: 1000 })
    expect(m).toBe(512 * 83_840 + 250_000 + 1000)
    expect(t.size).toBe(1 << 20)
  })
})

describe('host copy rate (the memory system bounds one core)', () => {
  it('is the calibrated core rate on sc19 and the fill-buffer bound on the SC17 host', async () => {
    const { hostCopyRate } = await import('../src/strategies/model/host-cost.js')
    // sc19: min(2.5, 23.84 GiB/s / 2 = 12.8, 10 × 64 B / 51 ns = 12.55) = 2.5 B/ns
    expect(hostCopyRate(sc19.host)).toBe(2.5)
    // SC17: min(161.06, 150 GiB/s / 2 = 80.53, 640 B / 51 ns = 12.549) B/ns
    const sc17 = resolveProfile('spin-sc17-discrete')
    expect(hostCopyRate(sc17.host)).toBe(640 / 51)
    // with a slower DRAM the bandwidth binds: 10 GiB/s carries 5 GiB/s of copy = 5.3687 B/ns
    const slow = resolveProfile('spin-sc17-discrete', { 'host.memBandwidthGiBps': 10 })
    expect(hostCopyRate(slow.host)).toBeCloseTo(5.36870912, 8)
  })
})
