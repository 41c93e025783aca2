// SC19 Fig. 15: DMA write queue depth over time at γ = 16 (128 B blocks) per strategy, and the
// host time to create the checkpoints and copy them to NIC memory (drawn before time 0). Paper: the slow handlers
// (HPU-local, RO-CP) keep the queue short, RW-CP and specialized reach higher peaks. That only
// the checkpointed strategies cost host time holds by construction (the others prepare nothing):
// a test checks it, the report does not count it as a claim.

import { toNs } from '@spinmpi/nic'
import type { ReceiveStrategyName } from '@spinmpi/runtime'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import type { ClaimCheck } from './claims.js'
import { OFFLOADS, unpackVector } from './fig8.js'
import { MICROBENCH_OVERRIDES, profileFor } from './nic-common.js'
import { preparationNs } from './ddtbench-unpack.js'
import { fig15Chart, type Fig15Row } from './charts/fig15-chart.js'

// the row type lives with its chart (which draws it) so that the chart imports nothing from here
export type { Fig15Row }

const BLOCK = 128

export const fig15: Figure = {
  name: 'fig15',
  title: 'SC19 Fig. 15: DMA queue depth over time at γ = 16, and host checkpoint creation time',
  chart(result: FigureResult) {
    return fig15Chart(result, this.title)
  },
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = profileFor(options.profile, MICROBENCH_OVERRIDES)
    const rows: Fig15Row[] = []
    const peaks: Record<string, number> = {}
    const hostCheckpointNs: Record<string, number> = {}
    const checkpointCopyBytes: Record<string, number> = {}
    const checkpointCopyNs: Record<string, number> = {}
    let done = 0
    for (const strategy of OFFLOADS) {
      const r = unpackVector(profile, strategy, BLOCK)
      const s = r.dmaSeries
      const points = options.quick ? 50 : 300
      const step = Math.max(1, Math.floor(s.t.length / points))
      // time from the message's first byte (the send call is at 0, the last byte at endToEndNs)
      const firstByteNs = r.endToEndNs - r.ns
      for (let i = 0; i < s.t.length; i += step) rows.push({ strategy, timeUs: (toNs(s.t[i]!) - firstByteNs) / 1000, depth: s.v[i]! })
      peaks[strategy] = r.dmaQueueMax
      hostCheckpointNs[strategy] = r.hostPrepNs
      checkpointCopyBytes[strategy] = r.prepCopyBytes
      // the PCIe read that brings them into NIC memory (as Fig. 18 counts it)
      checkpointCopyNs[strategy] = preparationNs(r, profile) - r.hostPrepNs
      options.onProgress?.(++done, OFFLOADS.length)
    }
    return { name: 'fig15', profile: profile.name, rows, overrides: MICROBENCH_OVERRIDES, peaks, hostCheckpointNs, checkpointCopyBytes, checkpointCopyNs }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const p = result.peaks as Record<string, number>
    const fastLow = Math.min(p['rw-cp']!, p['specialized']!)
    const slowHigh = Math.max(p['ro-cp']!, p['hpu-local']!)
    return [{
      claim: 'RW-CP and specialized reach higher DMA queue peaks than RO-CP and HPU-local at γ = 16',
      paper: 'SC19 §5.2 (Fig. 15): HPU-local and RO-CP have "a low DMA queue occupancy"; "RW-CP and specialized strategies have higher peak occupancy due to their faster handlers"',
      basis: 'predicted', constants: [],
      pass: fastLow > slowHigh,
      measured: Object.entries(p).map(([s, v]) => `${s} ${v}`).join(', '),
    }]
  },
}
