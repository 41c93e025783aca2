// SC19 Fig. 14: the peak DMA write queue depth over a 4 MiB vector's processing for γ = 1..16,
// with the DMA writes issued. Paper: the queue stays under 160 requests, PCIe is never the
// bottleneck.

import type { ReceiveStrategyName } from '@spinmpi/runtime'
import type { ClaimCheck, Figure, FigureOptions, FigureResult } from './figure.js'
import { OFFLOADS, unpackVector } from './fig8.js'
import { GAMMAS } from './fig12.js'
import { profileFor } from './nic-common.js'

export type Fig14Row = { readonly strategy: ReceiveStrategyName; readonly gamma: number; readonly dmaQueueMax: number; readonly dmaWrites: number }

export const fig14: Figure = {
  name: 'fig14',
  title: 'SC19 Fig. 14: peak DMA queue depth and DMA writes for γ = 1..16 (peak under 160 requests)',
  plot: { x: 'gamma', y: 'dmaQueueMax', series: 'strategy', logX: true, xLabel: 'γ (blocks per packet)', yLabel: 'peak DMA queue depth' },
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = profileFor(options.profile, { 'nic.hpus': 16 })
    const gammas = options.quick ? [1, 16] : GAMMAS
    const rows: Fig14Row[] = []
    let done = 0
    for (const gamma of gammas) {
      for (const strategy of OFFLOADS) {
        const r = unpackVector(profile, strategy, profile.network.mtuBytes / gamma)
        rows.push({ strategy, gamma, dmaQueueMax: r.dmaQueueMax, dmaWrites: r.dmaWrites })
        options.onProgress?.(++done, gammas.length * OFFLOADS.length)
      }
    }
    return { name: 'fig14', profile: profile.name, rows }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly Fig14Row[]
    const peak = Math.max(...rows.map((r) => r.dmaQueueMax))
    const g = Math.max(...rows.map((r) => r.gamma))
    const writes = rows.find((r) => r.gamma === g)?.dmaWrites ?? 0
    return [
      { claim: 'the DMA queue stays under 160 requests', pass: peak < 160, measured: `peak ${peak}` },
      { claim: 'one DMA write per block plus the completion write', pass: writes === (4 * 1024 * 1024 / (2048 / g)) + 1, measured: `${writes} writes at γ = ${g}` },
    ]
  },
}
