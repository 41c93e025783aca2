// One colour per series, distinct within a chart. Series that recur across figures (strategies,
// transports) keep their colour everywhere; any other series takes the first palette colour no
// series of the chart holds yet. A receive strategy's colour is its record's (the registry).

import { RECEIVE_STRATEGY_RECORDS } from '@spinmpi/runtime/internal'

const FIXED: Readonly<Record<string, string>> = {
  ...Object.fromEntries(RECEIVE_STRATEGY_RECORDS.map((s) => [s.name, s.chart.colour])),
  rdma: '#17becf', spin: '#e377c2', init: '#bcbd22', setup: '#ff7f0e', block: '#1f77b4',
}
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22',
  '#393b79', '#637939', '#8c6d31', '#843c39', '#7b4173', '#3182bd', '#e6550d', '#31a354', '#756bb1', '#636363']

/** A Vega-Lite colour scale giving each series name its own colour. */
export function colorScale(series: readonly string[]): { domain: string[]; range: string[] } {
  const domain = [...new Set(series)]
  const used = new Set<string>()
  const range: (string | undefined)[] = domain.map((s) => {
    const c = FIXED[s]
    if (c === undefined || used.has(c)) return undefined
    used.add(c)
    return c
  })
  let next = 0
  for (let i = 0; i < range.length; i++) {
    if (range[i] !== undefined) continue
    while (used.has(PALETTE[next % PALETTE.length]!) && next < PALETTE.length) next++
    const c = next < PALETTE.length ? PALETTE[next]! : `hsl(${(i * 137) % 360}, 60%, 45%)`
    used.add(c)
    range[i] = c
  }
  return { domain, range: range as string[] }
}
