import { findFigure, type FigureResult } from '@spinmpi/micro'
import { describe, expect, it } from 'vitest'

const fig19 = findFigure('fig19')!

/** RW-CP at 100 ns, host slower by the gain; at P = 64 the FFTs take `computePct` of the host run. */
const result = (gains: readonly [number, number][], computePct = 60): FigureResult => {
  const hostNs = (pct: number) => 100 * (1 + pct / 100)
  const at64 = gains.find(([ranks]) => ranks === 64)
  return {
    name: 'fig19', profile: 'sc19',
    rows: gains.flatMap(([ranks, pct]) => [
      { ranks, strategy: 'host', runtimeNs: hostNs(pct), speedupPct: 0 },
      { ranks, strategy: 'rw-cp', runtimeNs: 100, speedupPct: pct },
    ]),
    // two FFT phases of fftPs each
    costs: at64 === undefined ? {} : { '64/host': { fftPs: (hostNs(at64[1]) * 1000 * computePct) / 100 / 2 } },
  }
}

describe('fig19 (FFT2D strong scaling)', () => {
  it('quick run: n = 20480 at P = 64, 128, 256, both strategies, speedup from the runtimes', async () => {
    const r = await fig19.run({ quick: true })
    const rows = r.rows as { ranks: number; strategy: string; runtimeNs: number; speedupPct: number }[]
    expect(rows.map((x) => [x.ranks, x.strategy])).toEqual([64, 128, 256].flatMap((p) => [[p, 'host'], [p, 'rw-cp']]))
    expect(r.n).toBe(20480)
    for (const p of [64, 128, 256]) {
      const host = rows.find((x) => x.ranks === p && x.strategy === 'host')!
      const rw = rows.find((x) => x.ranks === p && x.strategy === 'rw-cp')!
      expect(rw.speedupPct).toBeCloseTo((host.runtimeNs / rw.runtimeNs - 1) * 100, 9)
      expect(host.speedupPct).toBe(0)
    }
    expect(fig19.check!(r)).toHaveLength(4)
  })

  it('passes the paper shape (60% compute, peak near 26% at P = 64, then shrinking) and misses otherwise', () => {
    const paper = fig19.check!(result([[16, 10], [32, 18], [64, 26], [128, 20], [256, 12], [512, 6], [1024, 2]]))
    expect(paper.map((c) => c.pass)).toEqual([true, true, true, true])
    expect(paper[0]!.measured).toBe('60.0% computation, 40.0% communication')
    const flat = fig19.check!(result([[16, 5], [64, 4], [128, 6], [1024, 0]], 80))
    expect(flat.map((c) => c.pass)).toEqual([false, false, false, false])
    expect(flat[2]!.measured).toBe('peak P=128: 6.0%')
    // the trend claims name the cause of their miss; a pass names none
    expect(flat.map((c) => c.cause !== undefined)).toEqual([false, false, true, true])
    expect(paper.every((c) => c.cause === undefined)).toBe(true)
  })
})
