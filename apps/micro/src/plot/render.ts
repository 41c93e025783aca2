// Draws a figure result: one chart per plot spec and per panel value, stacked into one SVG.

import type { Figure, FigureResult, PlotSpec } from '../figure.js'
import { lineChart } from './line-chart.js'

export function renderFigure(figure: Figure, result: FigureResult): string | undefined {
  if (!figure.plot) return undefined
  const specs: readonly PlotSpec[] = Array.isArray(figure.plot) ? figure.plot : [figure.plot as PlotSpec]
  const charts: string[] = []
  for (const spec of specs) {
    const rows = result.rows as readonly Record<string, unknown>[]
    if (spec.panel === undefined) {
      charts.push(lineChart(rows, spec, figure.title, result))
      continue
    }
    const panels = [...new Set(rows.map((r) => String(r[spec.panel!])))]
    for (const p of panels) {
      const own = rows.filter((r) => String(r[spec.panel!]) === p && r[spec.y] !== undefined)
      if (own.length > 0) charts.push(lineChart(own, spec, `${figure.title} (${spec.panel} ${p})`, result))
    }
  }
  return stack(charts)
}

/** Stacks standalone SVG charts vertically into one document. */
function stack(charts: string[]): string | undefined {
  if (charts.length === 0) return undefined
  if (charts.length === 1) return charts[0]
  const h = 440
  const inner = charts.map((c, i) => `<g transform="translate(0 ${i * h})">${c}</g>`).join('\n')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 760 ${h * charts.length}" width="760" height="${h * charts.length}">\n${inner}\n</svg>`
}
