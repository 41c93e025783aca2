// The text of `spinmpi compare`: the table, with the speedup over host (SC19 Fig. 16's metric)
// and model errors beyond ±25% flagged, and the legend under it.
import { formatBytes, formatTable } from '../table.js'
import type { CompareRow } from './compare.js'
import { gammaShown } from './unpack.js'

/** |model − simulated| / simulated beyond which compare flags the model (spinmpi's bar for RW-CP). */
export const MODEL_FLAG_PCT = 25

export const COMPARE_LEGEND = [
  'speedup = host\'s processing time / this strategy\'s (SC19 Fig. 16); - = did not run',
  'model: SC19 §3.2.4 T_C, the paper\'s model of its checkpointed blocked-RR pipelines (RO-CP, RW-CP), fed here with each',
  '  strategy\'s own handler costs and HPUs (host: deposit + host unpack); err < 0: the model predicts faster than simulated',
  `  ! = error beyond ±${MODEL_FLAG_PCT}% (spinmpi's bar, checked only for RW-CP by bench model): below −${MODEL_FLAG_PCT}% the run has costs the`,
  `  model leaves out, above +${MODEL_FLAG_PCT}% the model charges costs the run overlaps (the known causes: docs/strategies.md, "Model")`,
  'bound = what sets T_C (N HPUs busy, or the link); Δr set by = the §3.2.4 limit that chose Δr',
].join('\n')

/** The line under the table saying what `auto` runs for this message and how it compares with the fastest row. */
export function autoLine(auto: { strategy: string; ns: number | null; overFastest: number | null }, fastest: string | null, eagerLimit: number | null): string {
  const head = `auto (run's default: specialized if the layout fits one, else rw-cp) runs ${auto.strategy} here`
  // under run, a message up to the eager limit is unpacked by the host whatever the strategy
  const eager = eagerLimit === null ? '' : ` (under run this message goes eagerly, at most ${formatBytes(eagerLimit)}: host unpack whatever the strategy)`
  if (auto.ns === null || auto.overFastest === null || fastest === null) return `${head}${eager}`
  if (auto.strategy === fastest || auto.overFastest <= 1) return `${head}: the fastest${eager}`
  return `${head}: ${auto.overFastest.toFixed(2)}x the time of the fastest, ${fastest}${eager}`
}

/** `gammas`: each row's unrounded γ (null: did not run), shown as unpack shows it; `auto`: autoLine's text. */
export function compareText(head: { bytes: number; profile: string; hpus: number }, rows: readonly CompareRow[], gammas: readonly (number | null)[], auto?: string): string {
  const speedups = rightAligned('speedup', rows.map((r) => (r.speedupOverHost === null ? '-' : `${r.speedupOverHost.toFixed(2)}x`)))
  // a flagged error ends in "!", the others in a space, so the digits stay aligned
  const mark = rows.some((r) => r.modelErrorOver25Pct === true)
  const errors = rightAligned('model err %', rows.map((r) => (r.modelErrorPct === null ? '-' : `${r.modelErrorPct.toFixed(1)}${r.modelErrorOver25Pct === true ? '!' : mark ? ' ' : ''}`)))
  const table = rows.map((r, i) => ({
    strategy: r.winner ? `${r.strategy} *` : r.strategy,
    'time (ns)': r.ns,
    speedup: speedups[i],
    'model (ns)': r.modelNs,
    'model err %': errors[i],
    'model bound': r.modelBound,
    'Δr (B)': r.deltaR,
    'Δr set by': r.deltaRBinds,
    'Gbit/s': r.gbps,
    'γ': gammaShown(gammas[i] ?? null),
    'NIC mem (B)': r.nicMemBytes,
    'DMA writes': r.dmaWrites,
    'DMA peak': r.dmaQueueMax,
    verified: r.verified,
    ...(r.faults === undefined ? {} : {
      'lost': r.faults.dropped, 'dups': r.faults.duplicates, 'spilled': r.faults.spilledPackets,
    }),
    note: r.note ?? r.fallback ?? '',
  }))
  return `${formatBytes(head.bytes)} on ${head.profile} with ${head.hpus} HPUs (* = fastest verified)\n${formatTable(table)}\n${auto === undefined ? '' : `${auto}\n`}${COMPARE_LEGEND}\n`
}

/** Strings padded to their column's full width (header included): the table then pads none. */
function rightAligned(header: string, values: readonly string[]): string[] {
  const w = Math.max(header.length, ...values.map((v) => v.length))
  return values.map((v) => v.padStart(w))
}
