// SC19 Fig. 13: (a) throughput against the number of HPUs at 2 KiB blocks (γ = 1): specialized
// reaches line rate with two HPUs; (b) NIC memory against block size at 16 HPUs: fixed for
// specialized and HPU-local, growing with the block size for the checkpointed strategies (faster
// handlers, smaller Δr); (c) NIC memory against HPUs: HPU-local and RW-CP grow with P.
// Panels b and c are drawn for both checkpoint layouts: the profile's (sc19: MPITypes' 612 B
// segment, as in the paper) and the compact one (12 B + 8 B per frame the type uses); the claims
// are checked on the profile's.

import type { ReceiveStrategyName } from '@spinmpi/runtime'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { covers, growsAtEveryStep, onSubset, TOLERANCE, type ClaimCheck, verdict } from './claims.js'
import { lineRateGbps, OFFLOADS, unpackVector } from './fig8.js'
import { MICROBENCH_OVERRIDES, profileFor } from './nic-common.js'

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

/** Panels b and c: the checkpoint layout as the line's dash, its values named in the legend. */
const LAYOUT_DASH = {
  field: 'layout', title: 'checkpoint layout',
  labels: { profile: "profile's (sc19: 612 B MPITypes segment)", compact: 'compact (12 B + 8 B per frame)' },
}

const HPUS = [1, 2, 4, 8, 16, 32]
/** What the figure sets on any profile, a file's or --set's included (the result's `overrides`). */
const FIG13_OVERRIDES = { 'nic.hpus': `${HPUS[0]}–${HPUS.at(-1)} (panels a, c), ${MICROBENCH_OVERRIDES['nic.hpus']} (panel b)` } as const
const BLOCKS = [64, 128, 256, 512, 1024, 2048]
/** Panel c's block size (γ = 16), where the handlers are slow enough for Δr to vary with P. */
const PANEL_C_BLOCK = 128

export const fig13: Figure = {
  name: 'fig13',
  title: 'SC19 Fig. 13: throughput vs HPUs (specialized at line rate with 2 HPUs); NIC memory vs block size and vs HPUs',
  plot: [
    { x: 'hpus', y: 'gbps', series: 'strategy', panel: 'panel', logX: true, xLabel: 'HPUs', yLabel: 'throughput (Gbit/s)', hline: { field: 'lineRateGbps', label: 'line rate' } },
    { x: 'blockBytes', y: 'nicMemBytes', series: 'strategy', dash: LAYOUT_DASH, panel: 'panel', logX: true, logY: true, xLabel: 'block size', xUnit: 'bytes', yLabel: 'NIC memory', yUnit: 'bytes' },
    { x: 'hpus', y: 'nicMemBytes', series: 'strategy', dash: LAYOUT_DASH, panel: 'panel', logX: true, logY: true, xLabel: 'HPUs', yLabel: 'NIC memory', yUnit: 'bytes' },
  ],
  async run(options: FigureOptions): Promise<FigureResult> {
    // quick: every point too (the claims cover them all); only 1-HPU runs are slow, and they are few
    const hpusList = HPUS
    const blocks = BLOCKS
    const perPoint = OFFLOADS.reduce((n, s) => n + layoutsOf(s).length, 0)
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
    const p16 = profileFor(options.profile, MICROBENCH_OVERRIDES)
    for (const layout of LAYOUTS) {
      const at16 = profileFor(options.profile, withLayout(layout, MICROBENCH_OVERRIDES))
      for (const blockBytes of blocks) {
        for (const strategy of OFFLOADS) {
          if (!layoutsOf(strategy).includes(layout)) continue
          rows.push({ panel: 'b', strategy, layout, blockBytes, nicMemBytes: unpackVector(at16, strategy, blockBytes).nicMemBytes })
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
    return { name: 'fig13', profile: p16.name, rows, overrides: FIG13_OVERRIDES, lineRateGbps: lineRateGbps(p16) }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly Fig13Row[]
    const line = result.lineRateGbps as number
    const a = rows.filter((r): r is Extract<Fig13Row, { panel: 'a' }> => r.panel === 'a')
    const b = rows.filter((r): r is Extract<Fig13Row, { panel: 'b' }> => r.panel === 'b' && r.layout === 'profile').sort((x, y) => x.blockBytes - y.blockBytes)
    const c = rows.filter((r): r is Extract<Fig13Row, { panel: 'c' }> => r.panel === 'c' && r.layout === 'profile').sort((x, y) => x.hpus - y.hpus)
    const spec2 = a.find((r) => r.strategy === 'specialized' && r.hpus === 2)
    const mem = (rs: readonly { strategy: string; nicMemBytes: number }[], s: string) => rs.filter((r) => r.strategy === s).map((r) => r.nicMemBytes)
    const flat = (xs: number[]) => xs.length > 0 && xs.every((x) => x === xs[0])
    const bComplete = covers(b.map((r) => r.blockBytes), BLOCKS)
    const cComplete = covers(c.map((r) => r.hpus), HPUS)
    return [
      onSubset({
        claim: `specialized reaches line rate (≥ ${(1 - TOLERANCE) * 100}%) with 2 HPUs at γ = 1`,
        paper: 'SC19 §5.2 (Fig. 13a): "The specialized handler reaches line rate already with two HPUs"',
        basis: 'predicted', constants: [],
        pass: spec2 !== undefined && spec2.gbps >= (1 - TOLERANCE) * line,
        measured: `${spec2?.gbps.toFixed(1) ?? '-'} Gbit/s of ${line.toFixed(1)}`,
      }, spec2 !== undefined, false),
      onSubset({
        claim: 'NIC memory of specialized and HPU-local is the same at every block size',
        paper: 'SC19 §5.2 (Fig. 13b): "the HPU-local and specialized occupancy remains fixed"',
        basis: 'predicted', constants: [],
        pass: flat(mem(b, 'specialized')) && flat(mem(b, 'hpu-local')),
        measured: `specialized ${mem(b, 'specialized').join(' → ')} B; hpu-local ${mem(b, 'hpu-local').join(' → ')} B`,
      }, bComplete, true),
      onSubset({
        claim: 'NIC memory of RW-CP and RO-CP grows at every step of the block size (64 B … 2 KiB)',
        paper: 'SC19 §5.2 (Fig. 13b): "the larger the block size, the faster the message processing time, the smaller will be the checkpoint interval (leading to higher NIC memory occupancy)"',
        basis: 'predicted', constants: [],
        ...verdict(growsAtEveryStep(mem(b, 'rw-cp')) && growsAtEveryStep(mem(b, 'ro-cp')),
          "RO-CP's catch-up bound on Δr (ours, not §3.2.4's) is tighter at 64 B blocks than at 128 B, so it keeps more checkpoints there"),
        measured: `rw-cp ${mem(b, 'rw-cp').join(' → ')} B; ro-cp ${mem(b, 'ro-cp').join(' → ')} B`,
      }, bComplete, true),
      onSubset({
        claim: 'NIC memory of HPU-local and RW-CP grows at every step of the HPU count (1 … 32)',
        paper: 'SC19 §5.2 (Fig. 13c): HPU-local memory "increase[s] with the number of HPUs"; for RW-CP more HPUs lead "to increase the number of checkpoints, thus the higher NIC memory occupancy"',
        basis: 'predicted', constants: [],
        pass: growsAtEveryStep(mem(c, 'hpu-local')) && growsAtEveryStep(mem(c, 'rw-cp')),
        measured: `hpu-local ${mem(c, 'hpu-local').join(' → ')} B; rw-cp ${mem(c, 'rw-cp').join(' → ')} B`,
      }, cComplete, true),
    ]
  },
}
