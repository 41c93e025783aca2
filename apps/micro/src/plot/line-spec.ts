// A figure's declarative PlotSpec as a Vega-Lite line chart: one line per series, log axes, an
// optional reference line (e.g. the line rate), unit-aware axis labels.

import type { PlotSpec } from '../figure.js'
import { axis } from './axes.js'
import { colorScale } from './colors.js'
import type { ChartSpec } from './vega.js'

type Row = Record<string, unknown>

const WIDTH = 560
const HEIGHT = 300

function isPow2Axis(values: readonly number[]): boolean {
  return values.every((v) => Number.isInteger(Math.log2(v)))
}

/** Log axes of powers of two or of bytes get base-2 ticks (block sizes, HPUs, ranks, sizes); others base 10. */
function logScale(values: readonly number[], unit: PlotSpec['xUnit']): Record<string, unknown> {
  return { type: 'log', base: unit === 'bytes' || isPow2Axis(values) ? 2 : 10 }
}

/** A log x axis over a few powers of two ticks exactly at the values measured. */
function xTicks(spec: PlotSpec, xs: readonly number[]): Record<string, unknown> {
  const distinct = [...new Set(xs)].sort((a, b) => a - b)
  return spec.logX === true && isPow2Axis(xs) && distinct.length <= 16 ? { values: distinct } : {}
}

/** The chart of `spec` over `rows`, or undefined when no row has a plottable point. */
export function lineSpec(rows: readonly Row[], spec: PlotSpec, title: string, top: Row = {}): ChartSpec | undefined {
  const keys = spec.series === undefined ? [] : typeof spec.series === 'string' ? [spec.series] : [...spec.series]
  const points = rows
    .map((r) => ({ x: Number(r[spec.x]), y: Number(r[spec.y]), series: keys.map((k) => String(r[k])).join(' ') || spec.y }))
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!spec.logX || p.x > 0) && (!spec.logY || p.y > 0))
  if (points.length === 0) return undefined
  const xs = points.map((p) => p.x)
  const ys = points.map((p) => p.y)
  const hline = spec.hline === undefined ? NaN : Number(top[spec.hline.field])
  const layers: ChartSpec[] = [{
    mark: { type: 'line', point: true, strokeWidth: 2 },
    encoding: {
      x: { field: 'x', type: 'quantitative', scale: spec.logX ? logScale(xs, spec.xUnit) : { zero: false }, axis: axis(spec.xLabel ?? spec.x, spec.xUnit, xTicks(spec, xs)) },
      y: { field: 'y', type: 'quantitative', scale: spec.logY ? logScale(ys, spec.yUnit) : {}, axis: axis(spec.yLabel ?? spec.y, spec.yUnit) },
      color: { field: 'series', type: 'nominal', scale: colorScale(points.map((p) => p.series)), legend: { title: keys.join(' ') || null } },
      tooltip: [{ field: 'series' }, { field: 'x' }, { field: 'y' }],
    },
  }]
  if (spec.hline !== undefined && Number.isFinite(hline)) {
    const ref = { data: { values: [{ y: hline, label: spec.hline.label }] } }
    layers.push({ ...ref, mark: { type: 'rule', color: '#555', strokeDash: [6, 4] }, encoding: { y: { field: 'y', type: 'quantitative' } } })
    layers.push({ ...ref, mark: { type: 'text', align: 'left', dx: 4, dy: -6, color: '#555' }, encoding: { y: { field: 'y', type: 'quantitative' }, x: { value: 4 }, text: { field: 'label' } } })
  }
  return { title, width: WIDTH, height: HEIGHT, data: { values: points }, layer: layers }
}
