// SC19 Fig. 14 as the paper draws it: for each γ a group of bars (one per strategy) of the peak
// DMA write queue, the group annotated with the DMA writes issued; the paper's bound of 160 as a rule.

import type { FigureResult } from '../figure.js'
import { axis } from '../plot/axes.js'
import { colorScale } from '../plot/colors.js'
import type { ChartSpec } from '../plot/vega.js'
import type { ReceiveStrategyName } from '@spinmpi/runtime'

/** One row of the figure's result (fig14.ts builds them, this chart draws them). */
export type Fig14Row = { readonly strategy: ReceiveStrategyName; readonly gamma: number; readonly dmaQueueMax: number; readonly dmaWrites: number }

export function fig14Chart(result: FigureResult, title: string, bound: number): ChartSpec {
  const rows = result.rows as readonly Fig14Row[]
  const gammas = [...new Set(rows.map((r) => r.gamma))]
  const writes = gammas.map((gamma) => {
    const own = rows.filter((r) => r.gamma === gamma)
    return { gamma, top: Math.max(...own.map((r) => r.dmaQueueMax)), label: `${Math.max(...own.map((r) => r.dmaWrites))} writes` }
  })
  const x = { field: 'gamma', type: 'ordinal', axis: axis('γ (blocks per packet)', 'plain', { labelAngle: 0 }) }
  const y = { field: 'dmaQueueMax', type: 'quantitative', axis: axis('peak DMA write queue (requests)'), scale: { domain: [0, bound * 1.1] } }
  return {
    title, width: 560, height: 300,
    layer: [
      {
        data: { values: rows },
        mark: 'bar',
        encoding: {
          x, y, xOffset: { field: 'strategy' },
          color: { field: 'strategy', type: 'nominal', scale: colorScale(rows.map((r) => r.strategy)), legend: { title: 'strategy' } },
          tooltip: [{ field: 'strategy' }, { field: 'gamma' }, { field: 'dmaQueueMax' }, { field: 'dmaWrites' }],
        },
      },
      {
        data: { values: writes },
        mark: { type: 'text', dy: -8, fontSize: 10 },
        encoding: { x, y: { field: 'top', type: 'quantitative' }, text: { field: 'label' } },
      },
      {
        data: { values: [{ bound, label: `paper: under ${bound}` }] },
        layer: [
          { mark: { type: 'rule', color: '#555', strokeDash: [6, 4] }, encoding: { y: { field: 'bound', type: 'quantitative' } } },
          { mark: { type: 'text', align: 'left', dx: 4, dy: -6, color: '#555' }, encoding: { y: { field: 'bound', type: 'quantitative' }, x: { value: 4 }, text: { field: 'label' } } },
        ],
      },
    ],
  }
}
