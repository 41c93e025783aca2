// SC19 Fig. 18: how many times each Fig. 16 receive type must be used before RW-CP's checkpoint
// creation pays for itself. Creation is the host's walk that serializes the checkpoints plus the
// PCIe read that brings dataloop and checkpoints into NIC memory; the saving per message is host
// unpack time minus RW-CP time. reuses = creation / saving, the break-even number of messages
// (null when RW-CP is not faster, so it never pays off). Checkpoints do not depend on the receive
// buffer, so creation is paid once per type. Paper: under 4 reuses for 75% of the inputs.

import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { bandText, matchesPaper, onSubset, type ClaimCheck } from './claims.js'
import { DDTBENCH_OVERRIDES, ddtbenchProfile, figureRuns, preparationNs } from './ddtbench-unpack.js'
import { fig18Chart, type Fig18Row } from './charts/fig18-chart.js'

// the row type lives with its chart (which draws it) so that the chart imports nothing from here
export type { Fig18Row }

/** SC19 §5.3: "In the 75% of the cases, the speedup introduced by RW-CP pays off after < 4 reuses". */
const PAPER_SHARE = 0.75
const PAPER_REUSES = 4

export const fig18: Figure = {
  name: 'fig18',
  title: 'SC19 Fig. 18: reuses of a type needed to amortize RW-CP checkpoint creation (under 4 for ~75% of the inputs)',
  chart(result: FigureResult) {
    return fig18Chart(result, this.title, PAPER_REUSES)
  },
  async run(options: FigureOptions): Promise<FigureResult> {
    const profile = ddtbenchProfile(options.profile)
    const runs = figureRuns(options.profile, options.quick === true, options.onProgress)
    const rows: Fig18Row[] = []
    for (const r of runs) {
      const rw = r.offloads.get('rw-cp')
      if (rw === undefined) continue
      const creationNs = preparationNs(rw, profile)
      const savingNs = r.host.ns - rw.ns
      rows.push({
        app: r.workload.app, input: r.workload.input, gamma: r.measured.gamma, creationNs, savingNs,
        reuses: savingNs > 0 ? creationNs / savingNs : null,
      })
    }
    return { name: 'fig18', profile: options.profile ?? 'sc19', rows, overrides: DDTBENCH_OVERRIDES, quick: options.quick === true }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly Fig18Row[]
    const under = rows.filter((r) => r.reuses !== null && r.reuses < PAPER_REUSES)
    const share = rows.length === 0 ? NaN : under.length / rows.length
    const never = rows.filter((r) => r.reuses === null).length
    return [
      onSubset({
        claim: `RW-CP pays off after < ${PAPER_REUSES} reuses on ${PAPER_SHARE * 100}% of the inputs (${bandText(PAPER_SHARE * 100, 1)}%)`,
        paper: 'SC19 §5.3 (Fig. 18): "In the 75% of the cases, the speedup introduced by RW-CP pays off after <4 reuses of the same datatype"',
        basis: 'predicted', constants: [],
        pass: matchesPaper(share, PAPER_SHARE),
        measured: `${under.length} of ${rows.length} inputs (${(share * 100).toFixed(0)}%); ${never} never pay off (RW-CP not faster than host)`,
      }, result.quick !== true, false),
    ]
  },
}
