// `npm run bench`'s summary: each benchmark's figure against its in-run reference as a speed
// ratio, drawn as a box table in the style of tinybench's `bench.table()` under console.table.
import type { RatioSummary } from '@spinmpi/micro'

/** A ratio with three significant digits and never in exponent notation, e.g. "0.512x". */
export function formatRatio(x: number): string {
  if (!Number.isFinite(x)) return String(x)
  const digits = x >= 100 ? 0 : x >= 10 ? 1 : x >= 1 ? 2 : Math.min(6, 2 - Math.floor(Math.log10(Math.max(x, 1e-6))))
  return `${x.toFixed(digits)}x`
}

export function formatRatioTable(ratios: readonly RatioSummary[]): string {
  const head = ['(index)', 'Task name', 'Reference', 'Ratio min', 'Ratio median', 'Ratio max', 'Samples']
  const rows = ratios.map((r, i) => [
    String(i), r.task, r.reference, formatRatio(r.min), formatRatio(r.median), formatRatio(r.max), String(r.samples),
  ])
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)))
  const rule = (l: string, m: string, r: string) => `${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}`
  const line = (cells: readonly string[]) => `│${cells.map((v, c) => ` ${c >= 3 ? v.padStart(widths[c]!) : v.padEnd(widths[c]!)} `).join('│')}│`
  return [rule('┌', '┬', '┐'), line(head), rule('├', '┼', '┤'), ...rows.map(line), rule('└', '┴', '┘')].join('\n')
}
