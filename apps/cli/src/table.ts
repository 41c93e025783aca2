// Plain aligned text tables for terminal output. Numbers use exponent notation only below 1e-4
// (an error reads 6.973e-16, not 0.0000000000000006973). A column whose name gives a unit
// (latencyNs, time (ns), bytes, NIC mem (B), Gbit/s ...) shows each value with a readable unit
// (ns / µs / ms / s; B / KiB / MiB / GiB; Gbit/s).

export function formatTable(rows: readonly Record<string, unknown>[], columns?: readonly string[]): string {
  if (rows.length === 0) return '(no rows)'
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))]
  const cells = rows.map((r) => cols.map((c) => formatCell(r[c], c)))
  const heads = cols.map(headerOf)
  const widths = cols.map((_, i) => Math.max(heads[i]!.length, ...cells.map((row) => row[i]!.length)))
  const line = (vals: readonly string[]) =>
    vals.map((v, i) => (isNumeric(v) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd()
  return [line(heads), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')
}

type Unit = 'ps' | 'ns' | 'ms' | 'bytes' | 'gbps' | 'percent'

/** The unit a column's values are in, read from its name. */
function unitOf(column: string): Unit | undefined {
  if (/(Ps|\(ps\))$/.test(column)) return 'ps'
  if (/(Ns|\(ns\))$/.test(column)) return 'ns'
  if (/(Ms|\(ms\))$/.test(column)) return 'ms'
  if (/(^bytes|Bytes|\(B\))$/.test(column)) return 'bytes'
  if (/(Gbps|Gbit\/s\)?)$/.test(column)) return 'gbps'
  if (column.endsWith('%')) return 'percent'
  return undefined
}

/** A header without the "(unit)" its values now carry themselves. */
function headerOf(column: string): string {
  return unitOf(column) === undefined ? column : column.replace(/ \((ps|ns|ms|B|Gbit\/s)\)$/, '')
}

/** One value as a table shows it, with the unit its column (or field) name gives. */
export function formatCell(v: unknown, column = ''): string {
  if (v === undefined || v === null) return '-'
  if (typeof v === 'number') {
    switch (unitOf(column)) {
      case 'ps': return formatDuration(v / 1000)
      case 'ns': return formatDuration(v)
      case 'ms': return formatDuration(v * 1e6)
      case 'bytes': return formatBytes(v)
      case 'gbps': return `${formatNumber(v)} Gbit/s`
      // read to a tenth: "-0.1", not four significant digits' "-0.1000"
      case 'percent': return Number.isFinite(v) ? v.toFixed(1) : String(v)
      default: return formatNumber(v)
    }
  }
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/** Four significant digits (integers whole); exponent notation only for magnitudes below 1e-4. */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v) || Number.isInteger(v)) return String(v)
  if (Math.abs(v) < 1e-4) return v.toExponential(3)
  const s = v.toPrecision(4)
  // large: whole, as toPrecision would switch to exponent notation
  return s.includes('e') ? String(Math.round(v)) : s
}

/** A duration given in nanoseconds, in ns, µs, ms or s. */
export function formatDuration(ns: number): string {
  const a = Math.abs(ns)
  if (a < 1e3) return `${formatNumber(ns)} ns`
  if (a < 1e6) return `${formatNumber(ns / 1e3)} µs`
  if (a < 1e9) return `${formatNumber(ns / 1e6)} ms`
  return `${formatNumber(ns / 1e9)} s`
}

/** A byte count in B, KiB, MiB or GiB. */
export function formatBytes(bytes: number): string {
  const a = Math.abs(bytes)
  if (a < 1024) return `${formatNumber(bytes)} B`
  if (a < 1024 ** 2) return `${formatNumber(bytes / 1024)} KiB`
  if (a < 1024 ** 3) return `${formatNumber(bytes / 1024 ** 2)} MiB`
  return `${formatNumber(bytes / 1024 ** 3)} GiB`
}

function isNumeric(s: string): boolean {
  return /^-?[\d.]+(e-\d+)?( (ns|µs|ms|s|B|KiB|MiB|GiB|Gbit\/s))?$/.test(s)
}
