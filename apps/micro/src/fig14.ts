// SC19 Fig. 14: the peak DMA write queue depth over a 4 MiB vector's processing for γ = 1..16,
// with the DMA writes issued. Paper: the queue stays under 160 requests, PCIe is never the
// bottleneck. (One DMA write per block plus the completion write holds by construction of the
// handlers: a test checks it, the report does not count it as a claim.)

import type { ReceiveStrategyName } from '@spinmpi/runtime'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { covers, onSubset, type ClaimCheck } from './claims.js'
import { OFFLOADS, unpackVector } from './fig8.js'
import { GAMMAS } from './fig12.js'
import { MICROBENCH_OVERRIDES, profileFor } from './nic-common.js'
import { fig14Chart, type Fig14Row } from './charts/fig14-chart.js'

// the row type lives with its chart (which draws it) so that the chart imports nothing from here
export type { Fig14Row }

/** SC19 §5.2: the bound the paper states for every case. */
const PAPER_QUEUE_BOUND = 160

export const fig14: Figure = {
  name: 'fig14',
  title: 'SC19 Fig. 14: peak DMA queue depth and DMA writes for γ = 1..16 (peak under 160 requests)',
  chart(result: FigureResult) {
    return fig14Chart(result, this.title, PAPER_QUEUE_BOUND)
  },
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = profileFor(options.profile, MICROBENCH_OVERRIDES)
    // every γ also in quick: the claim covers all of them and the sweep takes under a second
    const gammas = GAMMAS
    const rows: Fig14Row[] = []
    let done = 0
    for (const gamma of gammas) {
      for (const strategy of OFFLOADS) {
        const r = unpackVector(profile, strategy, profile.network.mtuBytes / gamma)
        rows.push({ strategy, gamma, dmaQueueMax: r.dmaQueueMax, dmaWrites: r.dmaWrites })
        options.onProgress?.(++done, gammas.length * OFFLOADS.length)
      }
    }
    return { name: 'fig14', profile: profile.name, rows, overrides: MICROBENCH_OVERRIDES }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly Fig14Row[]
    const peak = rows.reduce((m, r) => (r.dmaQueueMax > m.dmaQueueMax ? r : m), rows[0] ?? { strategy: 'host', gamma: NaN, dmaQueueMax: NaN, dmaWrites: 0 })
    const under = rows.length > 0 && rows.every((r) => r.dmaQueueMax < PAPER_QUEUE_BOUND)
    return [
      onSubset({
        claim: `the peak DMA write queue stays under ${PAPER_QUEUE_BOUND} requests for every strategy and γ (an upper bound: the paper gives no lower one)`,
        paper: 'SC19 §5.2 (Fig. 14): "In all the cases, the PCIe request buffer is kept under 160 requests"',
        basis: 'predicted', constants: [],
        pass: under,
        measured: `highest peak ${peak.dmaQueueMax} (${peak.strategy}, γ ${peak.gamma}) over ${rows.length} runs`,
      }, covers(rows.map((r) => r.gamma), GAMMAS), true),
    ]
  },
}
