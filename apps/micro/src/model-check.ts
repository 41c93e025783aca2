// SC19 §3.2.4's model against the simulation: for every DDTBench receive input (Fig. 16's) and
// every FFT2D tile of Fig. 19 (n = 20480, P = 16 ... 1024), one RW-CP message in timing mode on
// 32 HPUs: simulated processing time beside the model's T_C (strategies/model/completion-model.ts: per HPU, with the HPUs the
// packet buffer can feed), the Δr chosen and the §3.2.4 limit that set it. The claim is ours, not
// the paper's: the Δr selection keeps the simulation where the model says (within 25%), i.e. no
// resource the model ignores (the packet buffer) starves the HPUs.

import type { Datatype } from '@spinmpi/ddt'
import { transposeTypes } from '@spinmpi/fft2d'
import { runUnpack } from '@spinmpi/runtime/harness'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import type { ClaimCheck } from './claims.js'
import { DDTBENCH_OVERRIDES, ddtbenchProfile, figureInputs } from './ddtbench-unpack.js'
import { modelChart } from './charts/model-chart.js'

export type ModelRow = {
  readonly app: string
  readonly input: string
  readonly bytes: number
  readonly gamma: number
  readonly ns: number
  readonly modelNs: number
  /** (model − simulated) / simulated, percent. */
  readonly errorPct: number
  readonly deltaR: number
  readonly deltaRBinds: string
  readonly modelBound: string
}

/** Accepted disagreement between the §3.2.4 model and the simulation. */
export const MODEL_TOLERANCE = 0.25
const FFT_N = 20480
const FFT_RANKS = [16, 32, 64, 128, 256, 512, 1024]

export const modelCheck: Figure = {
  name: 'model',
  title: 'SC19 §3.2.4 model vs simulation, RW-CP on every DDTBench input and Fig. 19 FFT2D tile (within 25%)',
  chart(result: FigureResult) {
    return modelChart(result, this.title, MODEL_TOLERANCE)
  },
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = ddtbenchProfile(options.profile)
    const items: { app: string; input: string; type: Datatype; count: number }[] =
      figureInputs(options.quick === true).map((w) => ({ app: w.app, input: w.input, type: w.type, count: w.count }))
    for (const P of options.quick ? [64] : FFT_RANKS) items.push({ app: 'FFT2D n=20480', input: `P=${P}`, type: transposeTypes(FFT_N, P).recv, count: 1 })
    const rows: ModelRow[] = []
    for (const it of items) {
      const r = runUnpack({ type: it.type, count: it.count, strategy: 'rw-cp', profile, dataMode: false, seriesPoints: 2 })
      rows.push({
        app: it.app, input: it.input, bytes: r.bytes, gamma: r.gamma, ns: r.ns, modelNs: r.modelNs,
        errorPct: (100 * (r.modelNs - r.ns)) / r.ns, deltaR: r.deltaR,
        deltaRBinds: r.deltaRChoice?.binds ?? r.strategy, modelBound: r.model.bound === 'link' ? 'link' : `${r.model.hpus} HPUs`,
      })
      options.onProgress?.(rows.length, items.length)
    }
    return { name: 'model', profile: profile.name, rows, overrides: DDTBENCH_OVERRIDES }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly ModelRow[]
    const worst = rows.reduce<ModelRow | undefined>((w, r) => (w === undefined || Math.abs(r.errorPct) > Math.abs(w.errorPct) ? r : w), undefined)
    const outside = rows.filter((r) => Math.abs(r.errorPct) > 100 * MODEL_TOLERANCE)
    const buffer = rows.filter((r) => r.deltaRBinds === 'packetBuffer').map((r) => `${r.app} ${r.input}`)
    return [
      {
        claim: 'the §3.2.4 model and the simulation agree within 25% on every DDTBench and FFT2D message (RW-CP)',
        paper: 'SC19 §3.2.4 models T_C and selects Δr from it; the 25% agreement is spinmpi\'s own requirement (issue 13), not a number of the paper',
        basis: 'predicted-after-miss', constants: [],
        afterMiss: 'the model missed by +459% (one-packet messages) and −54% (the P = 16 FFT2D tile); the Δr packet-buffer bound and the per-HPU T_C (no P < n_pkt simplification) came after',
        pass: rows.length > 0 && outside.length === 0,
        measured: `${rows.length - outside.length} of ${rows.length} within 25%; worst ${worst === undefined ? '-' : `${worst.errorPct.toFixed(1)}% (${worst.app} ${worst.input})`}; packet buffer sets Δr for ${buffer.length === 0 ? 'none' : buffer.join(', ')}`,
      },
    ]
  },
}
