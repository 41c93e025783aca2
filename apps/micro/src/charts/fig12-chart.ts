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

/** A handler time as its label on the bar: ns below 1 µs, else µs. */
const nsText = (ns: number) => (ns < 1000 ? `${ns.toFixed(0)} ns` : `${(ns / 1000).toPrecision(3)} µs`)

// Each strategy's panel has its own y scale (hpu-local's ~10 µs would flatten specialized's
// ~0.1 µs), so every bar carries its total and the subtitle says the scales differ.
export function fig12Chart(result: FigureResult, title: string): ChartSpec {
  const rows = result.rows as readonly Fig12Row[]
  const values = rows.flatMap((r) => {
    const total = r.initNs + r.setupNs + r.blockNs
    return PHASES.map((phase, order) => ({ strategy: r.strategy, gamma: r.gamma, phase, order, ns: r[`${phase}Ns`], total, totalText: nsText(total) }))
  })
  const x = { field: 'gamma', type: 'ordinal', axis: axis('γ (blocks per packet)') }
  return {
    title: { text: title, subtitle: 'each strategy has its own y scale; the number on each bar is its total handler time' },
    data: { values },
    facet: { column: { field: 'strategy', type: 'nominal', title: null, sort: ['specialized', 'rw-cp', 'ro-cp', 'hpu-local'] } },
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 150, height: 280,
      layer: [
        {
          mark: 'bar',
          encoding: {
            x,
            y: { field: 'ns', type: 'quantitative', stack: 'zero', axis: axis('handler time (own scale per panel)', 'ns') },
            color: { field: 'phase', type: 'nominal', scale: colorScale([...PHASES]), sort: [...PHASES], legend: { title: 'phase' } },
            order: { field: 'order' },
            tooltip: [{ field: 'strategy' }, { field: 'gamma' }, { field: 'phase' }, { field: 'ns', format: '.1f' }],
          },
        },
        {
          transform: [{ filter: 'datum.order === 0' }],
          mark: { type: 'text', baseline: 'bottom', dy: -2, fontSize: 8, color: '#333' },
          encoding: { x, y: { field: 'total', type: 'quantitative' }, text: { field: 'totalText' } },
        },
      ],
    },
  }
}
