// SC19 Fig. 12: where a payload handler's time goes, init / setup / per-block, for γ = 1..16
// contiguous blocks per packet (blocks of 2048 … 128 B), averaged over the payload handlers of a
// 4 MiB vector. Paper: RW-CP is about 2× specialized; RO-CP's time is mostly catch-up (87% at
// γ = 16); HPU-local is dominated by setup (catch-up).

import { cyclesPs, toNs, type Profile } from '@spinmpi/nic'
import type { ReceiveStrategyName, UnpackResult } from '@spinmpi/runtime/internal'
import type { ClaimCheck, Figure, FigureOptions, FigureResult } from './figure.js'
import { OFFLOADS, unpackVector } from './fig8.js'
import { profileFor } from './nic-common.js'

export type Fig12Row = {
  readonly strategy: ReceiveStrategyName
  readonly gamma: number
  readonly initNs: number
  readonly setupNs: number
  readonly blockNs: number
}

export const GAMMAS = [1, 2, 4, 8, 16]

/**
 * Average phases of one payload handler: init = the fixed handler cost plus booked init (checkpoint
 * copies); setup = booked setup (entry, catch-up, search); block = booked block work plus the DMA
 * issue cycles (what the NIC charged besides the fixed cost, the completion handler's DMA excluded).
 */
export function handlerPhases(profile: Profile, r: UnpackResult): { initNs: number; setupNs: number; blockNs: number } {
  const h = Math.max(1, r.payloadHandlers)
  const c = profile.costs
  const issue = r.split.other - c.handlerBaseCycles * (r.payloadHandlers + 1) - c.dmaIssueCycles
  const ns = (cycles: number) => toNs(cyclesPs(cycles, profile.nic.hpuHz))
  return {
    initNs: ns(c.handlerBaseCycles + r.split.init / h),
    setupNs: ns(r.split.setup / h),
    blockNs: ns((r.split.block + Math.max(0, issue)) / h),
  }
}

export const fig12: Figure = {
  name: 'fig12',
  title: 'SC19 Fig. 12: payload handler time split (init/setup/block) for γ = 1..16 (RW-CP ≈ 2× specialized)',
  plot: [
    { x: 'gamma', y: 'setupNs', series: 'strategy', logX: true, xLabel: 'γ (blocks per packet)', yLabel: 'setup per handler (ns)' },
    { x: 'gamma', y: 'blockNs', series: 'strategy', logX: true, xLabel: 'γ (blocks per packet)', yLabel: 'block work per handler (ns)' },
  ],
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = profileFor(options.profile, { 'nic.hpus': 16 })
    const gammas = options.quick ? [1, 16] : GAMMAS
    const rows: Fig12Row[] = []
    let done = 0
    for (const gamma of gammas) {
      for (const strategy of OFFLOADS) {
        const r = unpackVector(profile, strategy, profile.network.mtuBytes / gamma)
        rows.push({ strategy, gamma, ...handlerPhases(profile, r) })
        options.onProgress?.(++done, gammas.length * OFFLOADS.length)
      }
    }
    return { name: 'fig12', profile: profile.name, rows }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly Fig12Row[]
    const total = (r: Fig12Row | undefined) => (r === undefined ? NaN : r.initNs + r.setupNs + r.blockNs)
    const at = (s: ReceiveStrategyName, g: number) => rows.find((r) => r.strategy === s && r.gamma === g)
    const g = Math.max(...rows.map((r) => r.gamma))
    const ratio = total(at('rw-cp', g)) / total(at('specialized', g))
    const ro = at('ro-cp', g)
    const catchup = ro === undefined ? NaN : ro.setupNs / total(ro)
    const hpuLocal = rows.filter((r) => r.strategy === 'hpu-local' && r.gamma > 1)
    return [
      { claim: 'RW-CP handlers take about 2× the specialized ones (1.5–2.5×)', pass: ratio >= 1.5 && ratio <= 2.5, measured: `${ratio.toFixed(2)}× at γ = ${g}` },
      { claim: 'RO-CP time is mostly catch-up at γ = 16 (paper: 87%)', pass: catchup >= 0.7, measured: `${(catchup * 100).toFixed(0)}% in setup at γ = ${g}` },
      { claim: 'HPU-local is dominated by setup (catch-up)', pass: hpuLocal.every((r) => r.setupNs > r.initNs + r.blockNs), measured: hpuLocal.map((r) => `γ ${r.gamma}: ${(r.setupNs / total(r) * 100).toFixed(0)}%`).join(', ') },
    ]
  },
}
