// The §3.2.4 model against the simulation: one point per message (model − simulation, %, against
// γ), coloured by application, over the ±tolerance band the claim judges them by. Points only:
// the inputs are unrelated, a line through them would mean nothing.

import type { FigureResult } from '../figure.js'
import { axis } from '../plot/axes.js'
import { colorScale } from '../plot/colors.js'
import { logTicks } from '../plot/line-spec.js'
import type { ChartSpec } from '../plot/vega.js'

type Row = { readonly app: string; readonly input: string; readonly gamma: number; readonly errorPct: number }

/** `tolerance` as a fraction (0.25: the band is ±25%). */
export function modelChart(result: FigureResult, title: string, tolerance: number): ChartSpec {
  const rows = (result.rows as readonly Row[]).filter((r) => r.gamma > 0 && Number.isFinite(r.errorPct))
  const pct = 100 * tolerance
  const worst = Math.max(pct, ...rows.map((r) => Math.abs(r.errorPct)))
  const gammas = rows.map((r) => r.gamma)
  const x = { field: 'gamma', type: 'quantitative', scale: { type: 'log' }, axis: axis('γ (blocks per packet)', 'plain', gammas.length === 0 ? {} : { values: logTicks(gammas, 10) }) }
  const y = { type: 'quantitative', scale: { domain: [-1.2 * worst, 1.2 * worst] }, axis: axis('model − simulation (%)') }
  const band = { data: { values: [{ lo: -pct, hi: pct, label: `±${pct}% agreement band` }] } }
  return {
    title, width: 560, height: 300,
    layer: [
      { ...band, mark: { type: 'rect', color: '#2ca02c', opacity: 0.12 }, encoding: { y: { ...y, field: 'lo' }, y2: { field: 'hi' } } },
      { ...band, mark: { type: 'rule', color: '#2ca02c', strokeDash: [4, 3] }, encoding: { y: { ...y, field: 'lo' } } },
      { ...band, mark: { type: 'rule', color: '#2ca02c', strokeDash: [4, 3] }, encoding: { y: { ...y, field: 'hi' } } },
      { ...band, mark: { type: 'text', align: 'left', baseline: 'bottom', dx: 4, dy: -2, color: '#2a7a2a' }, encoding: { y: { ...y, field: 'hi' }, x: { value: 0 }, text: { field: 'label' } } },
      { data: { values: [{ y: 0 }] }, mark: { type: 'rule', color: '#555' }, encoding: { y: { ...y, field: 'y' } } },
      {
        data: { values: rows.map((r) => ({ app: r.app, input: r.input, gamma: r.gamma, errorPct: r.errorPct })) },
        mark: { type: 'point', filled: true, size: 50 },
        encoding: {
          x, y: { ...y, field: 'errorPct' },
          color: { field: 'app', type: 'nominal', scale: colorScale(rows.map((r) => r.app)), legend: { title: 'application' } },
          shape: { field: 'app', type: 'nominal', legend: { title: 'application' } },
          tooltip: [{ field: 'app' }, { field: 'input' }, { field: 'gamma', format: '.2f' }, { field: 'errorPct', format: '.1f' }],
        },
      },
    ],
  }
}
