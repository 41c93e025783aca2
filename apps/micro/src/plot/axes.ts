// Axis labels in the units a reader expects: times as ns / µs / ms / s, sizes as B / KiB / MiB,
// written as Vega expressions so the chart formats its own ticks.

/** How an axis's values are read: a time in ns or µs, a size in bytes, or a plain number. */
export type AxisUnit = 'ns' | 'us' | 'bytes' | 'plain'

/** Vega expression labelling `datum.value` of an axis in `unit`. */
export function labelExpr(unit: AxisUnit): string | undefined {
  const v = unit === 'us' ? 'datum.value * 1000' : 'datum.value'
  if (unit === 'ns' || unit === 'us') {
    return `abs(${v}) >= 1e9 ? format(${v} / 1e9, '.3~g') + ' s' : abs(${v}) >= 1e6 ? format(${v} / 1e6, '.3~g') + ' ms' : ` +
      `abs(${v}) >= 1e3 ? format(${v} / 1e3, '.3~g') + ' µs' : format(${v}, '.3~g') + ' ns'`
  }
  if (unit === 'bytes') {
    return `abs(${v}) >= 1048576 ? format(${v} / 1048576, '.3~g') + ' MiB' : abs(${v}) >= 1024 ? format(${v} / 1024, '.3~g') + ' KiB' : format(${v}, '.3~g') + ' B'`
  }
  return undefined
}

/** A Vega-Lite axis object with unit-aware labels. */
export function axis(title: string, unit: AxisUnit = 'plain', extra: Record<string, unknown> = {}): Record<string, unknown> {
  const expr = labelExpr(unit)
  return { title, ...(expr === undefined ? {} : { labelExpr: expr }), ...extra }
}
