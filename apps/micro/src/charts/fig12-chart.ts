// SC19 Fig. 12 as the paper draws it: per strategy, one bar per γ stacked init / setup / block.

import type { FigureResult } from '../figure.js'
import { axis } from '../plot/axes.js'
import { colorScale } from '../plot/colors.js'
import type { ChartSpec } from '../plot/vega.js'
import type { ReceiveStrategyName } from '@spinmpi/runtime/internal'

/** One row of the figure's result (fig12.ts builds them, this chart draws them). */
export type Fig12Row = {
  readonly strategy: ReceiveStrategyName
  readonly gamma: number
  readonly initNs: number
  readonly setupNs: number
  readonly blockNs: number
}

const PHASES = ['init', 'setup', 'block'] as const

export function fig12Chart(result: FigureResult, title: string): ChartSpec {
  const rows = result.rows as readonly Fig12Row[]
  const values = rows.flatMap((r) => PHASES.map((phase, order) => ({ strategy: r.strategy, gamma: r.gamma, phase, order, ns: r[`${phase}Ns`] })))
  return {
    title,
    data: { values },
    facet: { column: { field: 'strategy', type: 'nominal', title: null, sort: ['specialized', 'rw-cp', 'ro-cp', 'hpu-local'] } },
    spec: {
      width: 150, height: 280,
      mark: 'bar',
      encoding: {
        x: { field: 'gamma', type: 'ordinal', axis: axis('γ (blocks per packet)') },
        y: { field: 'ns', type: 'quantitative', stack: 'zero', axis: axis('handler time', 'ns') },
        color: { field: 'phase', type: 'nominal', scale: colorScale([...PHASES]), sort: [...PHASES], legend: { title: 'phase' } },
        order: { field: 'order' },
        tooltip: [{ field: 'strategy' }, { field: 'gamma' }, { field: 'phase' }, { field: 'ns', format: '.1f' }],
      },
    },
  }
}
