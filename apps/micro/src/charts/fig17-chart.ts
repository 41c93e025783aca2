// SC19 Fig. 17 as the paper draws it: a histogram of how many inputs moved a given volume to or
// from main memory (one bin per power of two), RW-CP beside host unpack, with each geometric mean as a vertical
// line (RW-CP solid, host dashed).

import type { FigureResult } from '../figure.js'
import { axis } from '../plot/axes.js'
import { colorScale } from '../plot/colors.js'
import type { ChartSpec } from '../plot/vega.js'

/** 45006 → "44.0 KiB": the means' labels, in the axis's units. */
function formatBytes(b: number): string {
  return b >= 1048576 ? `${(b / 1048576).toFixed(1)} MiB` : b >= 1024 ? `${(b / 1024).toFixed(1)} KiB` : `${b.toFixed(0)} B`
}

/** One row of the figure's result (fig17.ts builds them, this chart draws them). */
export type Fig17Row = {
  readonly app: string
  readonly input: string
  readonly strategy: 'host' | 'rw-cp'
  /** Host: deposit + LLC misses × line; RW-CP: the bytes its DMA writes delivered. */
  readonly memBytes: number
  /** Message bytes (the x axis of the plot). */
  readonly bytes: number
}

export function fig17Chart(result: FigureResult, title: string): ChartSpec {
  const rows = result.rows as readonly Fig17Row[]
  // one bin per power of two: the count of inputs whose volume rounds down to it
  const bins = new Map<string, { strategy: string; bin: number; count: number }>()
  for (const r of rows) {
    const bin = 2 ** Math.floor(Math.log2(r.memBytes))
    const key = `${r.strategy}|${bin}`
    const b = bins.get(key) ?? { strategy: r.strategy, bin, count: 0 }
    b.count++
    bins.set(key, b)
  }
  // host in the bin's lower half, RW-CP in its upper half (log scale): side by side, not overlaid
  const values = [...bins.values()].map((b) => {
    const lower = b.strategy === 'host'
    return { ...b, from: lower ? b.bin : b.bin * Math.SQRT2, to: lower ? b.bin * Math.SQRT2 : b.bin * 2 }
  })
  const means = [
    { strategy: 'rw-cp', bytes: Number(result.geomeanRwCpBytes), dash: 'geometric mean, RW-CP (solid)', label: 'RW-CP' },
    { strategy: 'host', bytes: Number(result.geomeanHostBytes), dash: 'geometric mean, host (dashed)', label: 'host' },
  ].filter((m) => Number.isFinite(m.bytes))
    .map((m) => ({ ...m, text: `${m.label} geomean ${formatBytes(m.bytes)}` }))
  const color = colorScale(['host', 'rw-cp'])
  const x = { scale: { type: 'log', base: 2 }, axis: axis('data moved to/from main memory', 'bytes') }
  return {
    title, width: 560, height: 300,
    layer: [
      {
        data: { values },
        mark: { type: 'bar' },
        encoding: {
          x: { field: 'from', type: 'quantitative', ...x },
          x2: { field: 'to' },
          y: { field: 'count', type: 'quantitative', stack: null, scale: { zero: true }, axis: axis('inputs', 'plain', { tickMinStep: 1 }) },
          y2: { datum: 0 },
          color: { field: 'strategy', type: 'nominal', scale: color, legend: { title: 'strategy' } },
          tooltip: [{ field: 'strategy' }, { field: 'bin', title: 'from (B)' }, { field: 'count' }],
        },
      },
      // a white casing under each mean: in its bars' colour it would vanish against an adjacent bar
      { data: { values: means }, mark: { type: 'rule', strokeWidth: 6, color: 'white' }, encoding: { x: { field: 'bytes', type: 'quantitative', ...x } } },
      {
        data: { values: means },
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          x: { field: 'bytes', type: 'quantitative', ...x },
          color: { field: 'strategy', type: 'nominal', scale: color },
          strokeDash: { field: 'dash', type: 'nominal', scale: { domain: means.map((m) => m.dash), range: means.map((m) => (m.strategy === 'host' ? [6, 4] : [1, 0])) }, legend: { title: null } },
        },
      },
      // each mean named and valued at the top of its line (the paper's 3.8x is their ratio): RW-CP's,
      // the smaller, to the left of its line, the host's to the right, so the two never overlap
      ...means.map((m) => ({
        data: { values: [m] },
        mark: { type: 'text', align: m.strategy === 'host' ? 'left' : 'right', dx: m.strategy === 'host' ? 4 : -4, dy: -4, baseline: 'bottom', fontSize: 10 },
        encoding: {
          x: { field: 'bytes', type: 'quantitative', ...x },
          y: { value: 0 },
          text: { field: 'text' },
          color: { field: 'strategy', type: 'nominal', scale: color, legend: null },
        },
      })),
    ],
  }
}
