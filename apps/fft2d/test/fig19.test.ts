import { findFigure, type FigureResult } from '@spinmpi/micro'
import { describe, expect, it } from 'vitest'

const fig19 = findFigure('fig19')!

const result = (gains: readonly [number, number][]): FigureResult => ({
  name: 'fig19', profile: 'sc19',
  rows: gains.flatMap(([ranks, pct]) => [
    { ranks, strategy: 'host', runtimeNs: 100 * (1 + pct / 100), speedupPct: 0 },
    { ranks, strategy: 'rw-cp', runtimeNs: 100, speedupPct: pct },
  ]),
})

describe('fig19 (FFT2D strong scaling)', () => {
  it('quick run: rows for P = 16 and 64, both strategies, speedup from the runtimes', async () => {
    const r = await fig19.run({ quick: true })
    const rows = r.rows as { ranks: number; strategy: string; runtimeNs: number; speedupPct: number }[]
    expect(rows.map((x) => [x.ranks, x.strategy])).toEqual([[16, 'host'], [16, 'rw-cp'], [64, 'host'], [64, 'rw-cp']])
    for (const p of [16, 64]) {
      const host = rows.find((x) => x.ranks === p && x.strategy === 'host')!
      const rw = rows.find((x) => x.ranks === p && x.strategy === 'rw-cp')!
      expect(rw.speedupPct).toBeCloseTo((host.runtimeNs / rw.runtimeNs - 1) * 100, 9)
      expect(host.speedupPct).toBe(0)
    }
    expect(fig19.check!(r)).toHaveLength(2)
  })

  it('passes the paper shape (peak near 26% at P = 64, then shrinking) and misses otherwise', () => {
    const paper = fig19.check!(result([[16, 10], [32, 18], [64, 26], [128, 20], [256, 12], [512, 6], [1024, 2]]))
    expect(paper.map((c) => c.pass)).toEqual([true, true])
    const flat = fig19.check!(result([[16, 5], [64, 4], [128, 6], [1024, 0]]))
    expect(flat.map((c) => c.pass)).toEqual([false, false])
    expect(flat[0]!.measured).toMatch(/^peak P=128: 6\.0%/)
  })
})
