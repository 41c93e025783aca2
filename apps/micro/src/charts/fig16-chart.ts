// SC19 Fig. 16 as the paper draws it: one group of bars per input (RW-CP, specialized, iovec),
// inputs grouped by application, each labelled with γ, the host time T and the size S, each bar
// annotated with the data moved to the NIC to support the unpack (KiB). Speedup 1 as a rule.

import type { FigureResult } from '../figure.js'
import { axis } from '../plot/axes.js'
import { colorScale } from '../plot/colors.js'
import type { ChartSpec } from '../plot/vega.js'
import { barsByApplication, INPUT_Y } from './app-rows.js'
import type { DdtbenchOffload } from '../ddtbench-unpack.js'

/** One row of the figure's result (fig16.ts builds them, this chart draws them). */
export type Fig16Row = {
  readonly app: string
  readonly input: string
  /** Blocks overlapping each 2 KiB packet, averaged (ddtbench-types.md §1). */
  readonly gamma: number
  readonly bytes: number
  readonly hostNs: number
  readonly strategy: DdtbenchOffload
  readonly ns: number
  /** hostNs / ns. */
  readonly speedup: number
  /** Descriptor, dataloop + checkpoints, or iovec list moved to the NIC for this unpack. */
  readonly nicBytes: number
  /** SPECFEM3D oc, the paper's γ ≈ 512 input. */
  readonly specfemOc: boolean
}

export function fig16Chart(result: FigureResult, title: string): ChartSpec {
  const rows = result.rows as readonly Fig16Row[]
  const values = rows.map((r) => ({
    app: r.app, strategy: r.strategy, speedup: r.speedup,
    label: `${r.input} · γ ${r.gamma.toFixed(1)} · T ${(r.hostNs / 1e3).toPrecision(3)} µs · S ${(r.bytes / 1024).toFixed(1)} KiB`,
    nic: r.nicBytes < 1024 ? `${r.nicBytes} B` : `${(r.nicBytes / 1024).toFixed(1)} KiB`,
  }))
  const y = INPUT_Y
  const low = 0.01
  const x = { field: 'speedup', type: 'quantitative', scale: { type: 'log', domain: [low, 32] }, axis: axis('speedup over host unpack (×)') }
  const subtitle = [
    'row: input · γ blocks per packet · T host unpack time · S message size',
    "number at a bar's end: NIC memory the unpack needs (descriptor, dataloop + checkpoints, or iovec list); dashed line: 1×",
  ]
  return barsByApplication({ text: title, subtitle }, values, 7, [
    // the 1× rule first, so the bar-end labels it crosses are drawn over it
    { mark: { type: 'rule', color: '#999', strokeDash: [4, 3] }, encoding: { x: { datum: 1 } } },
    {
      mark: 'bar',
      encoding: {
        y, x, x2: { datum: low }, yOffset: { field: 'strategy' },
        color: { field: 'strategy', type: 'nominal', scale: colorScale(values.map((v) => v.strategy)), legend: { title: 'strategy' } },
        tooltip: [{ field: 'label' }, { field: 'strategy' }, { field: 'speedup', format: '.2f' }, { field: 'nic', title: 'NIC memory' }],
      },
    },
    {
      mark: { type: 'text', align: 'left', dx: 3, fontSize: 7, color: '#444' },
      encoding: { y, x, yOffset: { field: 'strategy' }, text: { field: 'nic' } },
    },
  ])
}
