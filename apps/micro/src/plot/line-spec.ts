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
  if (spec.logX !== true) return {}
  // labelFlush off: flushed into the plot's right edge, the last label (the largest size
  // measured) collided with its neighbour and Vega hid it
  const values = isPow2Axis(xs) && distinct.length <= 16 ? distinct : logTicks(xs, logScale(xs, spec.xUnit).base as number)
  return { values, labelFlush: false }
}

const DASHES = [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [1, 4], [12, 4]]
/** Y ticks per axis: enough to read, few enough not to crowd (log axes keep the powers). */
const Y_TICKS = 6

function valueText(v: unknown, unit: PlotSpec['xUnit']): string {
  const n = Number(v)
  if (unit !== 'bytes' || !Number.isFinite(n)) return String(v)
  return n >= 1048576 ? `${n / 1048576} MiB` : n >= 1024 ? `${n / 1024} KiB` : `${n} B`
}

/** The dash encoding of `spec.dash` over `points` (their `dash` labels, in the field's order). */
function dashEncoding(spec: PlotSpec, points: readonly { dash: string; dashKey: unknown }[]): Record<string, unknown> {
  const keys = [...new Set(points.map((p) => p.dashKey))].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : 0))
  const domain = [...new Set(keys.map((k) => points.find((p) => p.dashKey === k)!.dash))]
  return { field: 'dash', type: 'nominal', scale: { domain, range: domain.map((_, i) => DASHES[i % DASHES.length]) }, legend: { title: spec.dash!.title, symbolType: 'stroke', symbolStrokeWidth: 2, symbolSize: 400, encode: { symbols: { update: { stroke: { value: '#333' } } } } } }
}

/** Log-axis ticks: the powers of the base within the data (1-2-5 steps when under three decades), none skipped by Vega's own crowded ones. */
export function logTicks(values: readonly number[], base: number): number[] {
  const lo = Math.floor(Math.log(Math.min(...values)) / Math.log(base) + 1e-9)
  const hi = Math.ceil(Math.log(Math.max(...values)) / Math.log(base) - 1e-9)
  const powers = Array.from({ length: hi - lo + 1 }, (_, i) => base ** (lo + i))
  const steps = base === 10 && hi - lo < 3 ? powers.flatMap((p) => [p, 2 * p, 5 * p]) : powers
  const every = Math.max(1, Math.ceil(steps.length / 10))
  return steps.filter((v, i) => i % every === 0 && v <= base ** hi)
}

/** The chart of `spec` over `rows`, or undefined when no row has a plottable point. */
export function lineSpec(rows: readonly Row[], spec: PlotSpec, title: string, top: Row = {}): ChartSpec | undefined {
  const keys = spec.series === undefined ? [] : typeof spec.series === 'string' ? [spec.series] : [...spec.series]
  const d = spec.dash
  const all = rows
    .map((r) => ({
      x: Number(r[spec.x]), y: Number(r[spec.y]), series: keys.map((k) => String(r[k])).join(' ') || spec.y,
      dashKey: d === undefined ? '' : r[d.field], dash: d === undefined ? '' : (d.labels?.[String(r[d.field])] ?? valueText(r[d.field], d.unit)),
    }))
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!spec.logX || p.x > 0) && (!spec.logY || p.y > 0))
  const count = new Map<string, number>()
  for (const p of all) count.set(`${p.series}\0${p.dash}`, (count.get(`${p.series}\0${p.dash}`) ?? 0) + 1)
  const points = all.filter((p) => (count.get(`${p.series}\0${p.dash}`) ?? 0) >= (spec.minPoints ?? 1))
  if (points.length === 0) return undefined
  const xs = points.map((p) => p.x)
  const ys = points.map((p) => p.y)
  const hline = spec.hline === undefined ? NaN : Number(top[spec.hline.field])
  const layers: ChartSpec[] = [{
    mark: { type: 'line', point: true, strokeWidth: 2 },
    encoding: {
      x: { field: 'x', type: 'quantitative', scale: spec.logX ? logScale(xs, spec.xUnit) : { zero: false }, axis: axis(spec.xLabel ?? spec.x, spec.xUnit, xTicks(spec, xs)) },
      y: { field: 'y', type: 'quantitative', scale: spec.logY ? logScale(ys, spec.yUnit) : {}, axis: axis(spec.yLabel ?? spec.y, spec.yUnit, spec.logY ? { values: logTicks(ys, logScale(ys, spec.yUnit).base as number) } : { tickCount: Y_TICKS }) },
      color: { field: 'series', type: 'nominal', scale: colorScale(points.map((p) => p.series)), legend: { title: keys.join(' ') || null } },
      ...(d === undefined ? {} : { strokeDash: dashEncoding(spec, points) }),
      tooltip: [{ field: 'series' }, ...(d === undefined ? [] : [{ field: 'dash', title: d.title }]), { field: 'x' }, { field: 'y' }],
    },
  }]
  if (spec.hline !== undefined && Number.isFinite(hline)) {
    const ref = { data: { values: [{ y: hline, label: spec.hline.label }] } }
    layers.push({ ...ref, mark: { type: 'rule', color: '#555', strokeDash: [6, 4] }, encoding: { y: { field: 'y', type: 'quantitative' } } })
    layers.push({ ...ref, mark: { type: 'text', align: 'left', dx: 4, dy: -6, color: '#555' }, encoding: { y: { field: 'y', type: 'quantitative' }, x: { value: 4 }, text: { field: 'label' } } })
  }
  return { title, width: WIDTH, height: HEIGHT, data: { values: points }, layer: layers }
}
