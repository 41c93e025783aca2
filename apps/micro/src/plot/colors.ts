// One colour per series, distinct within a chart. Series that recur across figures keep one colour
// everywhere: a receive strategy its record's (the registry), 'auto' grey, the broadcast algorithms
// and a few others theirs. Strategies always hold theirs; any other series whose colour is taken,
// or which has none, takes the first palette colour no series of the chart holds yet.

import { RECEIVE_STRATEGY_RECORDS } from '@spinmpi/runtime/internal'

/** Every strategy's colour in every chart (the legend of all figures). */
export const STRATEGY_COLOURS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(RECEIVE_STRATEGY_RECORDS.map((s) => [s.name, s.chart.colour])),
  auto: '#7f7f7f',
}
const OTHER: Readonly<Record<string, string>> = {
  rdma: '#17becf', spin: '#e377c2', init: '#bcbd22', setup: '#e7ba52', block: '#393b79',
  binomial: '#1f77b4', portals4: '#8c6d31', 'nic-stream': '#e7298a', 'nic-store': '#31a354', 'nic-binary': '#e6550d',
}
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22',
  '#393b79', '#637939', '#8c6d31', '#843c39', '#7b4173', '#3182bd', '#e6550d', '#31a354', '#756bb1', '#636363']

/** A Vega-Lite colour scale giving each series name its own colour (explicit domain and range). */
export function colorScale(series: readonly string[]): { domain: string[]; range: string[] } {
  const domain = [...new Set(series)]
  const range: (string | undefined)[] = domain.map((s) => STRATEGY_COLOURS[s])
  const used = new Set(range.filter((c) => c !== undefined))
  domain.forEach((s, i) => {
    const c = OTHER[s]
    if (range[i] !== undefined || c === undefined || used.has(c)) return
    used.add(c)
    range[i] = c
  })
  let next = 0
  for (let i = 0; i < range.length; i++) {
    if (range[i] !== undefined) continue
    while (next < PALETTE.length && used.has(PALETTE[next]!)) next++
    const c = next < PALETTE.length ? PALETTE[next]! : `hsl(${(i * 137) % 360}, 60%, 45%)`
    used.add(c)
    range[i] = c
  }
  return { domain, range: range as string[] }
}
