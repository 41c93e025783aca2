// Renders a Vega-Lite spec to a standalone SVG in Node: Vega-Lite compiles it to Vega, Vega lays
// it out and draws it headless (renderer 'none', no browser, no canvas).

import { logger, None, parse, View } from 'vega'
import { compile, type TopLevelSpec } from 'vega-lite'

/** A Vega-Lite spec as the figures build it (checked by Vega-Lite's compiler, not by tsc). */
export type ChartSpec = Record<string, unknown>

const CONFIG = {
  font: 'Helvetica, Arial, sans-serif',
  legend: { labelLimit: 0, titleLimit: 0, symbolLimit: 0 },
  axis: { labelLimit: 0, titleLimit: 0 },
  header: { labelLimit: 0 },
  title: { anchor: 'start', limit: 0, fontSize: 13 },
} as const

export async function renderChart(spec: ChartSpec): Promise<string> {
  const full = { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', background: 'white', ...spec, config: CONFIG }
  // Vega-Lite's layout notes (e.g. on faceted independent scales) are not errors; keep stderr for ours
  const quiet = logger(None)
  const vega = compile(full as unknown as TopLevelSpec, { logger: quiet }).spec
  const view = new View(parse(vega), { renderer: 'none', logger: quiet })
  try {
    return await view.toSVG()
  } finally {
    view.finalize()
  }
}
