// A dependency-free SVG line chart: enough for the paper's figures (series, log axes, a
// reference line, a legend), small enough to read in one sitting.

import type { PlotSpec } from '../figure.js'
import { linearScale, logScale, type Scale } from './scale.js'

const W = 760
const H = 440
const M = { left: 70, right: 180, top: 48, bottom: 56 }
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22']
/** Series that recur across figures keep one color everywhere. */
const FIXED_COLORS: Record<string, string> = {
  host: '#1f77b4', specialized: '#d62728', 'rw-cp': '#2ca02c', 'ro-cp': '#ff7f0e', 'hpu-local': '#9467bd',
  iovec: '#8c564b', rdma: '#1f77b4', spin: '#d62728',
}
const TITLE_CHARS = 92

type Row = Record<string, unknown>

export function lineChart(rows: readonly Row[], spec: PlotSpec, title: string, top: Row = {}): string {
  const seriesKeys = spec.series === undefined ? [] : typeof spec.series === 'string' ? [spec.series] : [...spec.series]
  const points = rows
    .map((r) => ({ x: Number(r[spec.x]), y: Number(r[spec.y]), s: seriesKeys.map((k) => String(r[k])).join(' ') }))
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!spec.logX || p.x > 0) && (!spec.logY || p.y > 0))
  const hlineValue = spec.hline ? Number(top[spec.hline.field]) : NaN
  const ys = points.map((p) => p.y).concat(Number.isFinite(hlineValue) ? [hlineValue] : [])
  const xs = points.map((p) => p.x)
  if (points.length === 0) return emptyChart(title)
  const x = (spec.logX ? logScale : linearScale)(Math.min(...xs), Math.max(...xs), M.left, W - M.right)
  const yMin = spec.logY ? Math.min(...ys) : Math.min(0, ...ys)
  const y = (spec.logY ? logScale : linearScale)(yMin, Math.max(...ys), H - M.bottom, M.top)

  const series = new Map<string, { x: number; y: number }[]>()
  for (const p of points) {
    const list = series.get(p.s) ?? []
    list.push(p)
    series.set(p.s, list)
  }
  const parts: string[] = [header(title), axes(x, y, spec)]
  if (Number.isFinite(hlineValue) && spec.hline) {
    const yy = y(hlineValue).toFixed(1)
    parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${yy}" y2="${yy}" stroke="#555" stroke-dasharray="6 4"/>`)
    parts.push(`<text x="${W - M.right - 4}" y="${+yy - 5}" text-anchor="end" font-size="11" fill="#555">${esc(spec.hline.label)}</text>`)
  }
  let i = 0
  let free = 0
  for (const [name, pts] of series) {
    const color = FIXED_COLORS[name] ?? PALETTE[free++ % PALETTE.length]!
    pts.sort((a, b) => a.x - b.x)
    const d = pts.map((p, k) => `${k === 0 ? 'M' : 'L'}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ')
    parts.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2"/>`)
    for (const p of pts) parts.push(`<circle cx="${x(p.x).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="3" fill="${color}"/>`)
    const ly = M.top + 10 + i * 18
    parts.push(`<line x1="${W - M.right + 14}" x2="${W - M.right + 34}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="2"/>`)
    parts.push(`<text x="${W - M.right + 40}" y="${ly + 4}" font-size="12">${esc(name || spec.y)}</text>`)
    i++
  }
  parts.push('</svg>')
  return parts.join('\n')
}

function header(title: string): string {
  const [first, second] = splitTitle(title)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="system-ui, sans-serif">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="12" y="${second ? 16 : 24}" font-size="${second ? 13 : 15}" font-weight="600">${esc(first)}</text>`,
    second ? `<text x="12" y="32" font-size="13" font-weight="600">${esc(second)}</text>` : '',
  ].join('\n')
}

/** Long titles go on two lines, broken at the last space that fits. */
function splitTitle(title: string): [string, string | undefined] {
  if (title.length <= TITLE_CHARS * 0.8) return [title, undefined]
  const cut = title.lastIndexOf(' ', TITLE_CHARS)
  if (cut <= 0) return [title, undefined]
  const rest = title.slice(cut + 1)
  return [title.slice(0, cut), rest.length > TITLE_CHARS ? `${rest.slice(0, TITLE_CHARS - 1)}…` : rest]
}

function axes(x: Scale, y: Scale, spec: PlotSpec): string {
  const out: string[] = []
  const x0 = M.left
  const x1 = W - M.right
  const y0 = H - M.bottom
  out.push(`<line x1="${x0}" x2="${x1}" y1="${y0}" y2="${y0}" stroke="#000"/>`)
  out.push(`<line x1="${x0}" x2="${x0}" y1="${M.top}" y2="${y0}" stroke="#000"/>`)
  for (const t of x.ticks) {
    const px = x(t).toFixed(1)
    out.push(`<line x1="${px}" x2="${px}" y1="${y0}" y2="${y0 + 5}" stroke="#000"/>`)
    out.push(`<text x="${px}" y="${y0 + 18}" text-anchor="middle" font-size="11">${esc(x.format(t))}</text>`)
  }
  for (const t of y.ticks) {
    const py = y(t).toFixed(1)
    out.push(`<line x1="${x0}" x2="${x1}" y1="${py}" y2="${py}" stroke="#eee"/>`)
    out.push(`<text x="${x0 - 8}" y="${+py + 4}" text-anchor="end" font-size="11">${esc(y.format(t))}</text>`)
  }
  out.push(`<text x="${(x0 + x1) / 2}" y="${H - 14}" text-anchor="middle" font-size="12">${esc(spec.xLabel ?? spec.x)}</text>`)
  out.push(`<text transform="translate(18 ${(M.top + y0) / 2}) rotate(-90)" text-anchor="middle" font-size="12">${esc(spec.yLabel ?? spec.y)}</text>`)
  return out.join('\n')
}

function emptyChart(title: string): string {
  return `${header(title)}\n<text x="${W / 2}" y="${H / 2}" text-anchor="middle">no data</text>\n</svg>`
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
