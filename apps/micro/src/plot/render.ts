// Draws a figure result: the figure's own chart if it has one (bars, histograms, dual axes as
// the paper draws them), else one line chart per plot spec and per panel, stacked vertically.
// Panels without data are left out.

import type { Figure, FigureResult, PlotSpec } from '../figure.js'
import { lineSpec } from './line-spec.js'
import { renderChart, type ChartSpec } from './vega.js'

/** The Vega-Lite spec of a figure's chart, or undefined when it has none (or no data). */
export function figureChart(figure: Figure, result: FigureResult): ChartSpec | undefined {
  if (figure.chart !== undefined) return figure.chart(result)
  if (figure.plot === undefined) return undefined
  const specs: readonly PlotSpec[] = Array.isArray(figure.plot) ? figure.plot : [figure.plot as PlotSpec]
  const rows = result.rows as readonly Record<string, unknown>[]
  const charts: ChartSpec[] = []
  for (const spec of specs) {
    const own = rows.filter((r) => r[spec.y] !== undefined)
    const panels = spec.panel === undefined ? [undefined] : [...new Set(own.map((r) => String(r[spec.panel!])))].filter((v) => spec.panels?.includes(v) ?? true)
    for (const p of panels) {
      const panelRows = p === undefined ? own : own.filter((r) => String(r[spec.panel!]) === p)
      const chart = lineSpec(panelRows, spec, p === undefined ? `${spec.yLabel ?? spec.y}` : `${spec.panel} ${p}: ${spec.yLabel ?? spec.y}`, result)
      if (chart !== undefined) charts.push(chart)
    }
  }
  if (charts.length === 0) return undefined
  if (charts.length === 1) return { ...charts[0], title: figure.title }
  return { title: figure.title, vconcat: charts, resolve: { scale: { color: 'independent', strokeDash: 'independent' } } }
}

/** The figure as a standalone SVG document, or undefined when it draws nothing. */
export async function renderFigure(figure: Figure, result: FigureResult): Promise<string | undefined> {
  const spec = figureChart(figure, result)
  return spec === undefined ? undefined : renderChart(spec)
}
