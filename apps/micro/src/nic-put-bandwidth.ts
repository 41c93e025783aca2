// A 4 MiB put into a contiguous buffer: the RDMA path against the sPIN copy handler on 1..32
// HPUs. Throughput is payload bits over the time from the first packet leaving the initiator to
// the last byte in host memory. RDMA must reach 97% of the payload line rate; sPIN shows how many
// HPUs the copy handler needs before the link, not the HPUs, is the bottleneck (on sc19 its 60
// cycles at 800 MHz fit in one 2 KiB packet time, so one HPU already keeps up).

import type { ClaimCheck, Figure, FigureOptions, FigureResult } from './figure.js'
import { measurePut, profileFor } from './nic-common.js'

export type PutBandwidthRow = {
  readonly mode: 'rdma' | 'spin'
  readonly hpus: number
  readonly bytes: number
  readonly gbps: number
  readonly lineRateGbps: number
}

const BYTES = 4 * 1024 * 1024
const HPUS = [1, 2, 4, 8, 16, 32]

export const putBandwidth: Figure = {
  name: 'put-bandwidth',
  title: '4 MiB put throughput, RDMA vs sPIN copy handler on 1..32 HPUs (RDMA >= 97% of line rate)',
  plot: { x: 'hpus', y: 'gbps', series: 'mode', logX: true, xLabel: 'HPUs', yLabel: 'throughput (Gbit/s)', hline: { field: 'lineRateGbps', label: 'line rate' } },
  async run(options: FigureOptions): Promise<FigureResult> {
    const hpusList = options.quick ? [1, 2, 16] : HPUS
    const rows: PutBandwidthRow[] = []
    let lineRateGbps = 0
    let done = 0
    for (const hpus of hpusList) {
      const profile = profileFor(options.profile, { 'nic.hpus': hpus })
      const net = profile.network
      lineRateGbps = (net.linkGbps * net.mtuBytes) / (net.mtuBytes + net.headerBytes)
      for (const mode of ['rdma', 'spin'] as const) {
        const { record } = measurePut(profile, BYTES, mode === 'spin')
        const gbps = (BYTES * 8) / ((record.completedAt - record.injectedAt) / 1000)
        rows.push({ mode, hpus, bytes: BYTES, gbps, lineRateGbps })
        options.onProgress?.(++done, hpusList.length * 2)
      }
    }
    // Little's law (SC17 §4.4.2): HPUs needed = handler time per packet x packet arrival rate.
    const base = profileFor(options.profile)
    const handlerNs = (base.costs.handlerBaseCycles + base.costs.dmaIssueCycles) / (base.nic.hpuHz / 1e9)
    const packetNs = ((base.network.mtuBytes + base.network.headerBytes) * 8) / base.network.linkGbps
    const predictedHpus = Math.ceil(handlerNs / packetNs)
    return { name: 'put-bandwidth', profile: base.name, rows, lineRateGbps, handlerNs, packetNs, predictedHpus }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly PutBandwidthRow[]
    const rdma = Math.min(...rows.filter((r) => r.mode === 'rdma').map((r) => r.gbps / r.lineRateGbps))
    const spin = rows.filter((r) => r.mode === 'spin')
    const enough = spin.find((r) => r.gbps >= 0.97 * r.lineRateGbps)
    return [
      { claim: 'RDMA put reaches at least 97% of the line rate', pass: rdma >= 0.97, measured: `${(rdma * 100).toFixed(1)}% of line rate` },
      {
        claim: "sPIN copy handler reaches line rate from the HPU count Little's law predicts (handler time x packet rate)",
        pass: enough !== undefined && enough.hpus === Math.max(1, Number(result.predictedHpus)) &&
          spin.filter((r) => r.hpus < enough.hpus).every((r) => r.gbps < 0.97 * r.lineRateGbps),
        measured: `handler ${Number(result.handlerNs).toFixed(1)} ns per ${Number(result.packetNs).toFixed(1)} ns packet: ` +
          `predicted ${String(result.predictedHpus)} HPU(s); line rate from ${enough?.hpus ?? 'never'}; ${spin[0]!.gbps.toFixed(1)} Gbit/s on ${spin[0]!.hpus}`,
      },
    ]
  },
}
