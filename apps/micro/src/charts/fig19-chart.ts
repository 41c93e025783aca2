// SC19 Fig. 19 as the paper draws it: FFT2D runtime against P for host unpack and RW-CP
// (solid lines, left axis) and RW-CP's speedup over host unpack in % (dashed, right axis).

import type { FigureResult } from '../figure.js'
import { axis } from '../plot/axes.js'
import { colorScale } from '../plot/colors.js'
import { logTicks } from '../plot/line-spec.js'
import type { ChartSpec } from '../plot/vega.js'

/** One row of the figure's result (fig19.ts builds them, this chart draws them). */
export type Fig19Row = {
  readonly ranks: number
  readonly strategy: 'host' | 'rw-cp'
  readonly runtimeNs: number
  /** (host / this - 1) * 100; 0 for the host rows. */
  readonly speedupPct: number
}

export function fig19Chart(result: FigureResult, title: string): ChartSpec {
  const rows = result.rows as readonly Fig19Row[]
  const gains = rows.filter((r) => r.strategy === 'rw-cp').map((r) => ({ ranks: r.ranks, speedupPct: r.speedupPct, series: 'speedup of RW-CP (%)' }))
  const ranks = [...new Set(rows.map((r) => r.ranks))].sort((a, b) => a - b)
  const x = { field: 'ranks', type: 'quantitative', scale: { type: 'log', base: 2 }, axis: axis('ranks P', 'plain', { values: ranks }) }
  // ticks at the powers of ten: Vega's own (1 to 9 per decade) crowd, and its overlap removal
  // dropped 100 ms and 1 s while it kept 900 ms and 2 s
  const runtimes = rows.map((r) => r.runtimeNs).filter((v) => v > 0)
  const runtimeTicks = runtimes.length === 0 ? {} : { values: logTicks(runtimes, 10) }
  return {
    title, width: 560, height: 320,
    resolve: { scale: { y: 'independent', color: 'independent' } },
    layer: [
      {
        data: { values: rows },
        mark: { type: 'line', point: true, strokeWidth: 2 },
        encoding: {
          x,
          y: { field: 'runtimeNs', type: 'quantitative', scale: { type: 'log' }, axis: axis('runtime (solid lines)', 'ns', runtimeTicks) },
          color: { field: 'strategy', type: 'nominal', scale: colorScale(rows.map((r) => r.strategy)), legend: { title: 'runtime' } },
          tooltip: [{ field: 'strategy' }, { field: 'ranks' }, { field: 'runtimeNs', format: '.0f' }],
        },
      },
      {
        data: { values: gains },
        mark: { type: 'line', point: true, strokeDash: [6, 4], strokeWidth: 2 },
        encoding: {
          x,
          y: { field: 'speedupPct', type: 'quantitative', axis: axis('speedup of RW-CP over host (%, dashed)', 'plain', { orient: 'right' }) },
          color: { field: 'series', type: 'nominal', scale: { domain: ['speedup of RW-CP (%)'], range: ['#000000'] }, legend: { title: 'speedup' } },
          tooltip: [{ field: 'ranks' }, { field: 'speedupPct', format: '.1f' }],
        },
      },
    ],
  }
}
