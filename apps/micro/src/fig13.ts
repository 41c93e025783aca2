// SC19 Fig. 13: (a) throughput against the number of HPUs at 2 KiB blocks (γ = 1): specialized
// reaches line rate with two HPUs; (b) NIC memory against block size at 16 HPUs: fixed for
// specialized and HPU-local, growing with the block size for the checkpointed strategies (faster
// handlers, smaller Δr); (c) NIC memory against HPUs: HPU-local and RW-CP grow with P.
// Panels b and c are drawn for both checkpoint layouts: the profile's (sc19: MPITypes' 612 B
// segment, as in the paper) and the compact one (12 B + 8 B per frame the type uses).

import type { ReceiveStrategyName } from '@spinmpi/runtime'
import type { ClaimCheck, Figure, FigureOptions, FigureResult } from './figure.js'
import { lineRateGbps, OFFLOADS, unpackVector } from './fig8.js'
import { profileFor } from './nic-common.js'

export type Fig13Row =
  | { readonly panel: 'a'; readonly strategy: ReceiveStrategyName; readonly hpus: number; readonly gbps: number }
  | { readonly panel: 'b'; readonly strategy: ReceiveStrategyName; readonly layout: Layout; readonly blockBytes: number; readonly nicMemBytes: number }
  | { readonly panel: 'c'; readonly strategy: ReceiveStrategyName; readonly layout: Layout; readonly hpus: number; readonly nicMemBytes: number }

/** 'profile': the profile's checkpoint layout; 'compact': as many frames as the type is deep. */
export type Layout = 'profile' | 'compact'
const COMPACT = { 'nic.checkpointFrames': 0, 'nic.checkpointHeaderBytes': 12, 'nic.checkpointFrameBytes': 8 }
const LAYOUTS: readonly Layout[] = ['profile', 'compact']
/** Specialized keeps a descriptor, not a segment: its memory does not depend on the layout. */
const layoutsOf = (s: ReceiveStrategyName): readonly Layout[] => (s === 'specialized' ? ['profile'] : LAYOUTS)
const withLayout = (l: Layout, o: Record<string, unknown>) => (l === 'compact' ? { ...o, ...COMPACT } : o)

const HPUS = [1, 2, 4, 8, 16, 32]
const BLOCKS = [64, 128, 256, 512, 1024, 2048]
/** Panel c's block size (γ = 16), where the handlers are slow enough for Δr to vary with P. */
const PANEL_C_BLOCK = 128

export const fig13: Figure = {
  name: 'fig13',
  title: 'SC19 Fig. 13: throughput vs HPUs (specialized at line rate with 2 HPUs); NIC memory vs block size and vs HPUs',
  plot: [
    { x: 'hpus', y: 'gbps', series: 'strategy', panel: 'panel', logX: true, xLabel: 'HPUs', yLabel: 'throughput (Gbit/s)', hline: { field: 'lineRateGbps', label: 'line rate' } },
    { x: 'blockBytes', y: 'nicMemBytes', series: ['strategy', 'layout'], panel: 'panel', logX: true, logY: true, xLabel: 'block size (B)', yLabel: 'NIC memory (B)' },
    { x: 'hpus', y: 'nicMemBytes', series: ['strategy', 'layout'], panel: 'panel', logX: true, logY: true, xLabel: 'HPUs', yLabel: 'NIC memory (B)' },
  ],
  async run(options: FigureOptions): Promise<FigureResult> {
    const hpusList = options.quick ? [1, 2, 16] : HPUS
    const blocks = options.quick ? [64, 2048] : BLOCKS
    const perPoint = OFFLOADS.reduce((a, s) => a + layoutsOf(s).length, 0)
    const total = OFFLOADS.length * hpusList.length + perPoint * (hpusList.length + blocks.length)
    const rows: Fig13Row[] = []
    let done = 0
    const tick = () => options.onProgress?.(++done, total)
    for (const hpus of hpusList) {
      const profile = profileFor(options.profile, { 'nic.hpus': hpus })
      for (const strategy of OFFLOADS) {
        rows.push({ panel: 'a', strategy, hpus, gbps: unpackVector(profile, strategy, 2048).gbps })
        tick()
      }
    }
    const p16 = profileFor(options.profile, { 'nic.hpus': 16 })
    for (const layout of LAYOUTS) {
      const profile = profileFor(options.profile, withLayout(layout, { 'nic.hpus': 16 }))
      for (const blockBytes of blocks) {
        for (const strategy of OFFLOADS) {
          if (!layoutsOf(strategy).includes(layout)) continue
          rows.push({ panel: 'b', strategy, layout, blockBytes, nicMemBytes: unpackVector(profile, strategy, blockBytes).nicMemBytes })
          tick()
        }
      }
      for (const hpus of hpusList) {
        const profile = profileFor(options.profile, withLayout(layout, { 'nic.hpus': hpus }))
        for (const strategy of OFFLOADS) {
          if (!layoutsOf(strategy).includes(layout)) continue
          rows.push({ panel: 'c', strategy, layout, hpus, nicMemBytes: unpackVector(profile, strategy, PANEL_C_BLOCK).nicMemBytes })
          tick()
        }
      }
    }
    return { name: 'fig13', profile: p16.name, rows, lineRateGbps: lineRateGbps(p16) }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly Fig13Row[]
    const line = result.lineRateGbps as number
    const a = rows.filter((r): r is Extract<Fig13Row, { panel: 'a' }> => r.panel === 'a')
    // the paper's claims are about its own layout: the profile's
    const b = rows.filter((r): r is Extract<Fig13Row, { panel: 'b' }> => r.panel === 'b' && r.layout === 'profile')
    const c = rows.filter((r): r is Extract<Fig13Row, { panel: 'c' }> => r.panel === 'c' && r.layout === 'profile')
    const spec2 = a.find((r) => r.strategy === 'specialized' && r.hpus === 2)
    const mem = (rs: readonly { strategy: string; nicMemBytes: number }[], s: string) => rs.filter((r) => r.strategy === s).map((r) => r.nicMemBytes)
    const flat = (xs: number[]) => xs.every((x) => x === xs[0])
    const grows = (xs: number[]) => xs.length > 1 && xs[xs.length - 1]! > xs[0]!
    return [
      { claim: 'specialized reaches line rate (>= 95%) with 2 HPUs at γ = 1', pass: spec2 !== undefined && spec2.gbps >= 0.95 * line, measured: `${spec2?.gbps.toFixed(1) ?? '-'} Gbit/s of ${line.toFixed(1)}` },
      { claim: 'NIC memory of specialized and HPU-local does not depend on the block size', pass: flat(mem(b, 'specialized')) && flat(mem(b, 'hpu-local')), measured: `specialized ${mem(b, 'specialized')[0]} B, hpu-local ${mem(b, 'hpu-local')[0]} B` },
      { claim: 'checkpointed strategies use more NIC memory for larger blocks', pass: grows(mem(b, 'rw-cp')) && grows(mem(b, 'ro-cp')), measured: `rw-cp ${mem(b, 'rw-cp').join(' → ')} B` },
      { claim: 'HPU-local and RW-CP NIC memory grow with the number of HPUs', pass: grows(mem(c, 'hpu-local')) && grows(mem(c, 'rw-cp')), measured: `hpu-local ${mem(c, 'hpu-local').join(' → ')} B; rw-cp ${mem(c, 'rw-cp').join(' → ')} B` },
    ]
  },
}
