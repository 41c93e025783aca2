// SC19 Fig. 2: latency of a put from the moment its first packet leaves the initiator to the
// moment its last byte is in the target's host memory, on the plain RDMA path and through a sPIN
// copy handler (buffer copy, scheduling, handler, DMA write). The paper: about +24% at 1 byte.

import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { bandText, matchesPaper, type ClaimCheck } from './claims.js'
import { measurePut, profileFor } from './nic-common.js'

export type PutLatencyRow = {
  readonly mode: 'rdma' | 'spin'
  readonly bytes: number
  readonly latencyNs: number
}

const SIZES = [1, 64, 2048, 65536]

export const putLatency: Figure = {
  name: 'put-latency',
  title: 'SC19 Fig. 2: put latency, RDMA vs sPIN copy handler (sPIN about +24% at 1 B)',
  plot: { x: 'bytes', y: 'latencyNs', series: 'mode', logX: true, logY: true, xLabel: 'message size', xUnit: 'bytes', yLabel: 'latency', yUnit: 'ns' },
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = profileFor(options.profile)
    const rows: PutLatencyRow[] = []
    let done = 0
    for (const bytes of SIZES) {
      for (const mode of ['rdma', 'spin'] as const) {
        const { record } = measurePut(profile, bytes, mode === 'spin' ? 'copy' : 'rdma')
        rows.push({ mode, bytes, latencyNs: (record.completedAt - record.injectedAt) / 1000 })
        options.onProgress?.(++done, SIZES.length * 2)
      }
    }
    return { name: 'put-latency', profile: profile.name, rows }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly PutLatencyRow[]
    const at = (mode: string) => rows.find((r) => r.mode === mode && r.bytes === 1)?.latencyNs ?? NaN
    const overhead = at('spin') / at('rdma') - 1
    return [{
      claim: `sPIN adds 24% to the latency of a one-byte put (${bandText(24, 1)}%)`,
      paper: 'SC19 §2.1.3 (Fig. 2): "With sPIN, the latency is increased by ~24%"',
      basis: 'calibrated', constants: ['nic.handlerDispatchNs'],
      pass: matchesPaper(overhead * 100, 24),
      measured: `+${(overhead * 100).toFixed(1)}% (${at('rdma').toFixed(1)} ns -> ${at('spin').toFixed(1)} ns)`,
    }]
  },
}
