// SC19 Fig. 18: for every Fig. 16 input, the reuses of its type that amortize RW-CP's checkpoint
// creation, grouped by application; inputs that never pay off (RW-CP not faster than the host)
// are drawn too, as a full-width grey bar marked "never". The paper's 4 reuses as a rule.

import type { FigureResult } from '../figure.js'
import { axis } from '../plot/axes.js'
import type { ChartSpec } from '../plot/vega.js'
import { barsByApplication, INPUT_Y } from './app-rows.js'

/** One row of the figure's result (fig18.ts builds them, this chart draws them). */
export type Fig18Row = {
  readonly app: string
  readonly input: string
  /** Messages of this type needed to amortize checkpoint creation; null: never. */
  readonly reuses: number | null
  /** γ of the input (the x axis of the plot). */
  readonly gamma: number
  readonly creationNs: number
  readonly savingNs: number
}

export function fig18Chart(result: FigureResult, title: string, paperReuses: number): ChartSpec {
  const rows = result.rows as readonly Fig18Row[]
  const finite = rows.filter((r) => r.reuses !== null).map((r) => r.reuses!)
  const low = Math.min(0.01, ...finite.map((r) => r / 2))
  const top = Math.max(paperReuses * 4, ...finite) * 2
  const values = rows.map((r) => ({
    app: r.app,
    label: `${r.input} · γ ${r.gamma.toFixed(1)}`,
    reuses: r.reuses ?? top,
    kind: r.reuses === null ? 'never pays off (RW-CP not faster)' : r.reuses < paperReuses ? `pays off in < ${paperReuses} reuses` : `pays off in ≥ ${paperReuses} reuses`,
    text: r.reuses === null ? 'never' : r.reuses.toFixed(2),
  }))
  const kinds = [`pays off in < ${paperReuses} reuses`, `pays off in ≥ ${paperReuses} reuses`, 'never pays off (RW-CP not faster)']
  const y = INPUT_Y
  const x = { field: 'reuses', type: 'quantitative', scale: { type: 'log', domain: [low, top] }, axis: axis('reuses to amortize checkpoint creation') }
  return barsByApplication(title, values, 12, [
    {
      mark: 'bar',
      encoding: {
        y, x, x2: { datum: low },
        color: { field: 'kind', type: 'nominal', scale: { domain: kinds, range: ['#2ca02c', '#ff7f0e', '#b0b0b0'] }, legend: { title: null } },
        tooltip: [{ field: 'label' }, { field: 'text', title: 'reuses' }],
      },
    },
    { mark: { type: 'text', align: 'left', dx: 3, fontSize: 7 }, encoding: { y, x, text: { field: 'text' } } },
    { mark: { type: 'rule', color: '#555', strokeDash: [4, 3] }, encoding: { x: { datum: paperReuses } } },
  ])
}
