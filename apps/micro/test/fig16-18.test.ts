import { describe, expect, it } from 'vitest'
import { classify } from '@spinmpi/ddt'
import { hostMemory, measure, workloads, type Workload } from '@spinmpi/ddtbench'
import { hostUnpackTraffic, runUnpack } from '@spinmpi/runtime/internal'
import { fig16, type Fig16Row } from '../src/fig16.js'
import { fig17, type Fig17Row } from '../src/fig17.js'
import { fig18, type Fig18Row } from '../src/fig18.js'
import { ddtbenchProfile, figureInputs, geomean, QUICK_INPUTS, runInput } from '../src/ddtbench-unpack.js'
import type { FigureResult } from '../src/figure.js'

const quick = { quick: true } as const
const input = (app: string, label: string): Workload => {
  const w = workloads().find((x) => x.app === app && x.input === label && x.side === 'recv')
  if (w === undefined) throw new Error(`no input ${app} ${label}`)
  return w
}

describe('the quick subset', () => {
  it('is one receive-side input per app, every app present', () => {
    const ws = figureInputs(true)
    expect(ws.map((w) => w.app)).toEqual(['WRF', 'MILC', 'NAS_LU', 'NAS_MG', 'FFT2D', 'SPECFEM3D', 'LAMMPS', 'COMB', 'SW4LITE'])
    expect(ws.every((w) => w.side === 'recv' && QUICK_INPUTS[w.app] === w.input)).toBe(true)
  })
})

describe('fig16', () => {
  it('rows are well formed: one per applicable offload, speedup = hostNs / ns, γ and bytes from the type', async () => {
    const result = await fig16.run(quick)
    const rows = result.rows as readonly Fig16Row[]
    const ws = figureInputs(true)
    for (const w of ws) {
      const mine = rows.filter((r) => r.app === w.app && r.input === w.input)
      const general = classify(w.type, w.count).kind === 'general'
      expect(mine.map((r) => r.strategy)).toEqual(general ? ['rw-cp', 'iovec'] : ['rw-cp', 'specialized', 'iovec'])
      const m = measure(w)
      for (const r of mine) {
        expect(Object.keys(r).sort()).toEqual(['app', 'bytes', 'gamma', 'hostNs', 'input', 'nicBytes', 'ns', 'speedup', 'strategy'])
        expect(r.speedup).toBe(r.hostNs / r.ns)
        expect(r.bytes).toBe(w.expected.bytes)
        expect(r.gamma).toBe(m.gamma)
        expect(r.ns).toBeGreaterThan(0)
        expect(r.nicBytes).toBeGreaterThan(0)
      }
      // the iovec list is 16 B per contiguous block
      expect(mine.find((r) => r.strategy === 'iovec')!.nicBytes).toBe(16 * m.blocks)
    }
    expect(result.unverified).toEqual([])
  })

  it('specialized moves only its 40 B vector descriptor to the NIC for MILC (5 float64 words)', async () => {
    const rows = (await fig16.run(quick)).rows as readonly Fig16Row[]
    expect(rows.find((r) => r.app === 'MILC' && r.strategy === 'specialized')!.nicBytes).toBe(40)
  })

  it('checks are computed from the rows: one-packet and γ ≈ 512 inputs show no gain', async () => {
    const result = await fig16.run(quick)
    const checks = fig16.check!(result)
    expect(checks).toHaveLength(4)
    expect(checks[1]!.pass).toBe(true) // lu_y n=12 and SPECFEM3D oc 493 fit in one packet
    expect(checks[2]!.pass).toBe(true)
    expect(checks[3]!.pass).toBe(true)
    const best = Math.max(...(result.rows as readonly Fig16Row[]).map((r) => r.speedup))
    expect(checks[0]!.pass).toBe(best >= 8 && best <= 16)
    // the same check on altered rows follows the data
    const row: Fig16Row = { app: 'X', input: 'x', gamma: 1, bytes: 1 << 20, hostNs: 110, strategy: 'rw-cp', ns: 10, speedup: 11, nicBytes: 1 }
    const altered: FigureResult = { ...result, rows: [...result.rows, row] }
    expect(fig16.check!(altered)[0]!.pass).toBe(true)
    const onePacketGain: FigureResult = { ...result, rows: [...result.rows, { ...row, bytes: 2048 }] }
    expect(fig16.check!(onePacketGain)[1]!.pass).toBe(false)
  })
})

describe('fig17', () => {
  it('RW-CP moves exactly the message bytes; host unpack its cache-line traffic', async () => {
    const result = await fig17.run(quick)
    const rows = result.rows as readonly Fig17Row[]
    const profile = ddtbenchProfile('sc19')
    for (const w of figureInputs(true)) {
      const rw = rows.find((r) => r.app === w.app && r.input === w.input && r.strategy === 'rw-cp')!
      const host = rows.find((r) => r.app === w.app && r.input === w.input && r.strategy === 'host')!
      expect(rw.memBytes).toBe(w.expected.bytes)
      expect(host.memBytes).toBe(hostUnpackTraffic(profile, w.type, w.count).bytes)
      expect(host.memBytes).toBeGreaterThan(rw.memBytes)
    }
  })

  it('MILC (8,16,16,16): the 768-line deposit, then 768 packed-line and 768 user-line LLC misses', async () => {
    const rows = (await fig17.run(quick)).rows as readonly Fig17Row[]
    // 49152 B = 768 lines of 64 B; its 32 blocks of 1536 B start on line boundaries, and the
    // 96 KiB working set fits the 8 MiB LLC, so each line misses exactly once
    expect(rows.find((r) => r.app === 'MILC' && r.strategy === 'host')!.memBytes).toBe(3 * 768 * 64)
  })

  it('the geomean ratio in the check is the ratio of the two geometric means', async () => {
    const result = await fig17.run(quick)
    const rows = result.rows as readonly Fig17Row[]
    const ratio = geomean(rows.filter((r) => r.strategy === 'host').map((r) => r.memBytes)) /
      geomean(rows.filter((r) => r.strategy === 'rw-cp').map((r) => r.memBytes))
    const check = fig17.check!(result)[0]!
    expect(check.measured.startsWith(`${ratio.toFixed(2)}×`)).toBe(true)
    expect(check.pass).toBe(ratio >= 2.5 && ratio <= 6)
  })
})

describe('fig18', () => {
  it('reuses = creation / saving where RW-CP wins, null where it does not', async () => {
    const result = await fig18.run(quick)
    const rows = result.rows as readonly Fig18Row[]
    expect(rows).toHaveLength(9)
    for (const r of rows) {
      expect(r.creationNs).toBeGreaterThan(0)
      if (r.savingNs > 0) {
        expect(r.reuses).not.toBeNull()
        expect(Number.isFinite(r.reuses)).toBe(true)
        expect(r.reuses).toBe(r.creationNs / r.savingNs)
      } else {
        expect(r.reuses).toBeNull()
      }
    }
    // MILC streams at the link rate under RW-CP: its checkpoints pay off within one message
    expect(rows.find((r) => r.app === 'MILC')!.reuses).toBeLessThan(1)
    // SPECFEM3D oc (γ ≈ 493) is slower offloaded: never amortized
    expect(rows.find((r) => r.app === 'SPECFEM3D')!.reuses).toBeNull()
  })

  it('the check counts inputs under 4 reuses, nulls counting as not paying off', async () => {
    const result = await fig18.run(quick)
    const rows = result.rows as readonly Fig18Row[]
    const under = rows.filter((r) => r.reuses !== null && r.reuses < 4).length
    const check = fig18.check!(result)[0]!
    expect(check.measured.startsWith(`${under} of ${rows.length} inputs`)).toBe(true)
    expect(check.pass).toBe(under / rows.length >= 0.65)
  })
})

describe('runs', () => {
  it('timing mode over the virtual addresses gives the data-mode times of the compact layout (WRF, 9 regions)', () => {
    const w = input('WRF', 'wrf_y 2x2')
    const profile = ddtbenchProfile('sc19')
    const placed = hostMemory(w).placement
    for (const strategy of ['host', 'iovec', 'rw-cp'] as const) {
      const data = runUnpack({ type: placed.type, count: placed.count, strategy, profile, dataMode: true })
      const timing = runUnpack({ type: w.type, count: w.count, strategy, profile, dataMode: false })
      expect(data.verified).toBe(true)
      expect(timing.ns).toBe(data.ns)
      expect(timing.prepCopyBytes).toBe(data.prepCopyBytes)
    }
  })

  it('is deterministic', () => {
    const w = input('LAMMPS', 'atomic icount=114 dim1=1217')
    const profile = ddtbenchProfile('sc19')
    const a = runInput(w, profile)
    const b = runInput(w, profile)
    expect(b.host.ns).toBe(a.host.ns)
    expect([...b.offloads].map(([s, u]) => [s, u.ns])).toEqual([...a.offloads].map(([s, u]) => [s, u.ns]))
  })
})
