// A 4 MiB put into a contiguous buffer: the RDMA path against two sPIN handlers on 1..32 HPUs.
// Throughput is payload bits over the time from the first packet leaving the initiator to the
// last byte in host memory. RDMA must reach 97% of the payload line rate. The copy handler's 60
// cycles fit in one 2 KiB packet time on sc19, so one HPU keeps up; the checksum handler reads
// every payload word, so the HPUs are the bottleneck until Little's law says there are enough.

import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { covers, onSubset, type ClaimCheck } from './claims.js'
import { CHECKSUM_CYCLES_PER_WORD, measurePut, profileFor, type PutHandlers } from './nic-common.js'

export type PutBandwidthRow = {
  readonly mode: 'rdma' | 'spin' | 'spin-checksum'
  readonly hpus: number
  readonly bytes: number
  readonly gbps: number
  readonly lineRateGbps: number
}

const BYTES = 4 * 1024 * 1024
const HPUS = [1, 2, 4, 8, 16, 32]
const MODES = ['rdma', 'spin', 'spin-checksum'] as const
const HANDLERS: Record<(typeof MODES)[number], PutHandlers> = { rdma: 'rdma', spin: 'copy', 'spin-checksum': 'checksum' }

export const putBandwidth: Figure = {
  name: 'put-bandwidth',
  title: '4 MiB put throughput, RDMA vs sPIN copy and checksum handlers on 1..32 HPUs (RDMA >= 97% of line rate)',
  plot: { x: 'hpus', y: 'gbps', series: 'mode', logX: true, xLabel: 'HPUs', yLabel: 'throughput (Gbit/s)', hline: { field: 'lineRateGbps', label: 'line rate' } },
  async run(options: FigureOptions): Promise<FigureResult> {
    // quick too: the claims cover every HPU count
    const hpusList = HPUS
    const rows: PutBandwidthRow[] = []
    let lineRateGbps = 0
    let done = 0
    for (const hpus of hpusList) {
      const profile = profileFor(options.profile, { 'nic.hpus': hpus })
      const net = profile.network
      lineRateGbps = (net.linkGbps * net.mtuBytes) / (net.mtuBytes + net.headerBytes)
      for (const mode of MODES) {
        const { record } = measurePut(profile, BYTES, HANDLERS[mode])
        const gbps = (BYTES * 8) / ((record.completedAt - record.injectedAt) / 1000)
        rows.push({ mode, hpus, bytes: BYTES, gbps, lineRateGbps })
        options.onProgress?.(++done, hpusList.length * MODES.length)
      }
    }
    // Little's law (SC17 §4.4.2): HPUs needed = handler time per packet x packet arrival rate.
    const base = profileFor(options.profile)
    const handlerNs = (base.costs.handlerBaseCycles + base.costs.dmaIssueCycles) / (base.nic.hpuHz / 1e9)
    const packetNs = ((base.network.mtuBytes + base.network.headerBytes) * 8) / base.network.linkGbps
    const predictedHpus = Math.ceil(handlerNs / packetNs)
    const checksumCycles = Math.ceil(base.network.mtuBytes / 4) * CHECKSUM_CYCLES_PER_WORD
    return { name: 'put-bandwidth', profile: base.name, rows, lineRateGbps, handlerNs, packetNs, predictedHpus, checksumCycles }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly PutBandwidthRow[]
    const rdma = Math.min(...rows.filter((r) => r.mode === 'rdma').map((r) => r.gbps / r.lineRateGbps))
    const spin = rows.filter((r) => r.mode === 'spin')
    const enough = spin.find((r) => r.gbps >= 0.97 * r.lineRateGbps)
    // Per-byte work: one HPU sustains some rate r; P HPUs should give min(line rate, P * r).
    const sums = rows.filter((r) => r.mode === 'spin-checksum')
    const perHpu = sums.length > 0 ? sums[0]!.gbps / sums[0]!.hpus : 0
    const scales = sums.every((r) => {
      const expected = Math.min(r.lineRateGbps, r.hpus * perHpu)
      return Math.abs(r.gbps - expected) <= 0.05 * expected
    })
    const last = sums.at(-1)
    const complete = covers(rows.map((r) => r.hpus), HPUS)
    return [
      onSubset({
        claim: 'with per-byte handler work the HPUs are the bottleneck: throughput grows with the HPUs up to the line rate',
        paper: "SC17 §4.4.2 (Fig. 4): HPUs needed for line rate grow with the handler time (spinmpi's model check, no paper number)",
        basis: 'predicted', constants: [],
        pass: perHpu < 0.5 * (last?.lineRateGbps ?? 0) && scales && last !== undefined && last.gbps >= 0.97 * last.lineRateGbps,
        measured: `checksum handler (${String(result.checksumCycles)} cycles of payload work per packet): ` +
          sums.map((r) => `${r.hpus} HPUs ${r.gbps.toFixed(1)}`).join(', ') + ' Gbit/s',
      }, complete, true),
      {
        claim: 'RDMA put reaches at least 97% of the line rate',
        paper: "spinmpi's network model (no paper number): payload over the wire at the link rate",
        basis: 'predicted', constants: [],
        pass: rdma >= 0.97, measured: `${(rdma * 100).toFixed(1)}% of line rate`,
      },
      onSubset({
        claim: "sPIN copy handler reaches line rate from the HPU count Little's law predicts (handler time x packet rate)",
        paper: "SC17 §4.4.2 (Fig. 4): HPUs needed for line rate by Little's law (spinmpi's model check, no paper number)",
        basis: 'predicted', constants: [],
        pass: enough !== undefined && enough.hpus === Math.max(1, Number(result.predictedHpus)) &&
          spin.filter((r) => r.hpus < enough.hpus).every((r) => r.gbps < 0.97 * r.lineRateGbps),
        measured: `handler ${Number(result.handlerNs).toFixed(1)} ns per ${Number(result.packetNs).toFixed(1)} ns packet: ` +
          `predicted ${String(result.predictedHpus)} HPU(s); line rate from ${enough?.hpus ?? 'never'}; ${spin[0]!.gbps.toFixed(1)} Gbit/s on ${spin[0]!.hpus}`,
      }, complete, false),
    ]
  },
}
