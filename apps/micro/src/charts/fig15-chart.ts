// SC19 Fig. 15 as the paper draws it: the DMA write queue over time at γ = 16 per strategy, and
// the host's overhead before the receive: creating the checkpoints and copying them (with the
// dataloop or descriptor) to NIC memory, drawn on the same time axis ending where the message
// starts (time 0). A strategy that prepares nothing has no bar.

import type { FigureResult } from '../figure.js'
import { axis } from '../plot/axes.js'
import { colorScale } from '../plot/colors.js'
import type { ChartSpec } from '../plot/vega.js'
import type { ReceiveStrategyName } from '@spinmpi/runtime'

/** One row of the figure's result (fig15.ts builds them, this chart draws them). */
export type Fig15Row = { readonly strategy: ReceiveStrategyName; readonly timeUs: number; readonly depth: number }

const PHASES = ['checkpoint creation', 'copy to NIC memory'] as const

export function fig15Chart(result: FigureResult, title: string): ChartSpec {
  const rows = result.rows as readonly Fig15Row[]
  const create = (result.hostCheckpointNs ?? {}) as Record<string, number>
  const copy = (result.checkpointCopyNs ?? {}) as Record<string, number>
  const strategies = [...new Set(rows.map((r) => r.strategy))]
  // host overhead in µs, before time 0: creation first, then the copy that ends at 0
  const bars = strategies.flatMap((strategy) => {
    const c = (create[strategy] ?? 0) / 1000, p = (copy[strategy] ?? 0) / 1000
    const spans = [
      { strategy, phase: PHASES[0], from: -(c + p), to: -p, us: c },
      { strategy, phase: PHASES[1], from: -p, to: 0, us: p },
    ]
    return spans.filter((s) => s.us > 0)
  })
  const labels = strategies.map((strategy) => {
    const c = (create[strategy] ?? 0) / 1000, p = (copy[strategy] ?? 0) / 1000
    return { strategy, text: c > 0 ? `${c.toFixed(1)} µs creation + ${p.toFixed(2)} µs copy` : `${p.toFixed(2)} µs copy` }
  })
  const x = { field: 'timeUs', type: 'quantitative', axis: axis('time (0: first byte of the message)', 'us') }
  return {
    title,
    vconcat: [
      {
        width: 560, height: 260,
        data: { values: rows },
        mark: { type: 'line', strokeWidth: 1.5 },
        encoding: {
          x,
          y: { field: 'depth', type: 'quantitative', axis: axis('DMA write queue (requests)') },
          color: { field: 'strategy', type: 'nominal', scale: colorScale(strategies), legend: { title: 'strategy' } },
          tooltip: [{ field: 'strategy' }, { field: 'timeUs', format: '.2f' }, { field: 'depth' }],
        },
      },
      {
        width: 560, height: { step: 22 },
        title: 'host overhead before the receive (checkpoint creation, copy to NIC memory)',
        layer: [
          {
            data: { values: bars },
            mark: { type: 'bar' },
            encoding: {
              x: { field: 'from', type: 'quantitative', axis: axis('time', 'us') },
              x2: { field: 'to' },
              y: { field: 'strategy', type: 'nominal', sort: strategies, axis: { title: null } },
              color: { field: 'phase', type: 'nominal', scale: { domain: [...PHASES], range: ['#7f7f7f', '#bcbd22'] }, legend: { title: 'host' } },
              tooltip: [{ field: 'strategy' }, { field: 'phase' }, { field: 'us', title: 'µs', format: '.2f' }],
            },
          },
          {
            data: { values: labels },
            mark: { type: 'text', align: 'left', dx: 4, fontSize: 10 },
            encoding: {
              x: { datum: 0 },
              y: { field: 'strategy', type: 'nominal', sort: strategies },
              text: { field: 'text' },
            },
          },
        ],
      },
    ],
    resolve: { scale: { x: 'shared', color: 'independent' } },
  }
}
