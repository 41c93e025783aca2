// Plain aligned text tables for terminal output.

export function formatTable(rows: readonly Record<string, unknown>[], columns?: readonly string[]): string {
  if (rows.length === 0) return '(no rows)'
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))]
  const cells = rows.map((r) => cols.map((c) => formatCell(r[c])))
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)))
  const line = (vals: readonly string[]) =>
    vals.map((v, i) => (isNumeric(v) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd()
  return [line(cols), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')
}

function formatCell(v: unknown): string {
  if (v === undefined || v === null) return '-'
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toPrecision(4)
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

function isNumeric(s: string): boolean {
  return /^-?[\d.]+(e[+-]?\d+)?$/i.test(s)
}
