// SC19 Fig. 16: message processing time of the DDTBench (+COMB, SW4lite) receive types, host
// unpack (deposit, then the CPU unpacks with cold caches) against RW-CP, specialized (where
// classify finds a vector / index-block / indexed layout) and the iovec engine, 32 HPUs. Each bar
// of the paper is one row here, annotated with the bytes moved to the NIC to support the unpack.
// Paper: up to about 10–12×; no gain for one-packet messages or at γ ≈ 512 (SPECFEM3D oc).

import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { bandText, onSubset, toleranceBand, TOLERANCE, type ClaimCheck, verdict } from './claims.js'
import { fig16Chart, type Fig16Row } from './charts/fig16-chart.js'
import { DDTBENCH_OVERRIDES, DDTBENCH_OFFLOADS, figureRuns, isSpecfemOc, nicSupportBytes, PACKET_BYTES, unverifiedRuns, type DdtbenchOffload } from './ddtbench-unpack.js'

// the row type lives with its chart (which draws it) so that the chart imports nothing from here
export type { Fig16Row }

/** SC19: "up to 10x" (abstract) and "up to 12x" (§5.3) for the best input. */
const PAPER_BEST = [10, 12] as const
/** The strategies §5.3's best speedup is stated for: "RW-CP and native". */
const PAPER_BEST_STRATEGIES: readonly string[] = ['rw-cp', 'specialized']
/** "No speedup": at most 1× within the suite tolerance. */
const NO_GAIN = 1 + TOLERANCE

export const fig16: Figure = {
  name: 'fig16',
  title: 'SC19 Fig. 16: DDTBench message processing speedup over host unpack (up to ~10–12×; none for one-packet messages or γ ≈ 512)',
  chart(result: FigureResult) {
    return fig16Chart(result, this.title)
  },
  async run(options: FigureOptions): Promise<FigureResult> {
    const runs = figureRuns(options.profile, options.quick === true, options.onProgress)
    // a wrong byte is a bug in spinmpi, not a miss of the paper: no figure is drawn from it
    const unverified = unverifiedRuns(runs)
    if (unverified.length > 0) throw new Error(`fig16: data-mode runs differ from a host unpack: ${unverified.join(', ')}`)
    const rows: Fig16Row[] = []
    for (const r of runs) {
      const w = r.workload
      for (const strategy of DDTBENCH_OFFLOADS) {
        const u = r.offloads.get(strategy)
        if (u === undefined) continue
        rows.push({
          app: w.app, input: w.input, gamma: r.measured.gamma, bytes: r.measured.bytes, hostNs: r.host.ns,
          strategy, ns: u.ns, speedup: r.host.ns / u.ns, nicBytes: nicSupportBytes(u, r.measured.blocks), specfemOc: isSpecfemOc(w),
        })
      }
    }
    return {
      name: 'fig16', profile: options.profile ?? 'sc19', rows, overrides: DDTBENCH_OVERRIDES,
      dataModeInputs: runs.filter((r) => r.host.verified !== null).map((r) => `${r.workload.app} ${r.workload.input}`),
      quick: options.quick === true,
    }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly Fig16Row[]
    // the quick sweep holds every one-packet and SPECFEM3D oc input, not every input
    const allInputs = result.quick !== true
    // §5.3's "up to 12x" is RW-CP's and the specialized ("native") handlers'; the iovec rows are
    // the paper's Portals 4 baseline, which it credits with no such speedup
    const best = rows.filter((r) => PAPER_BEST_STRATEGIES.includes(r.strategy))
      .reduce<Fig16Row | undefined>((m, r) => (m === undefined || r.speedup > m.speedup ? r : m), undefined)
    const bestX = best?.speedup ?? NaN
    const onePacket = rows.filter((r) => r.bytes <= PACKET_BYTES)
    const onePacketBest = onePacket.reduce<Fig16Row | undefined>((m, r) => (m === undefined || r.speedup > m.speedup ? r : m), undefined)
    const oc = rows.filter((r) => r.specfemOc)
    const ocMax = Math.max(...oc.map((r) => r.speedup))
    const label = (r: Fig16Row) => `${r.app} ${r.input} ${r.strategy}, γ ${r.gamma.toFixed(1)}`
    return [
      onSubset({
        claim: `the best RW-CP or specialized unpack is 10–12× faster than host unpack (${bandText(PAPER_BEST, 1)}×)`,
        paper: 'SC19 abstract: "up to 10x speedup"; §5.3: "RW-CP and native can reach up to 12x speedup over the host-based unpacking"',
        basis: 'calibrated', constants: ['host.copyBytesPerNs', 'host.unpackBlockCycles'],
        pass: best !== undefined && bestX >= toleranceBand(PAPER_BEST)[0] && bestX <= toleranceBand(PAPER_BEST)[1],
        measured: best === undefined ? 'no RW-CP or specialized rows' : `best ${bestX.toFixed(2)}× (${label(best)})`,
      }, allInputs, bestX > toleranceBand(PAPER_BEST)[1]),
      {
        claim: `no gain (≤ ${NO_GAIN.toFixed(1)}×) for any one-packet message (≤ ${PACKET_BYTES} B)`,
        paper: 'SC19 §5.3: no speedup "in the cases where the message size is small (i.e., the first two COMB experiments send messages fitting in one packet)"',
        basis: 'predicted', constants: [],
        ...verdict(onePacketBest !== undefined && onePacketBest.speedup <= NO_GAIN,
          'a one-packet message of one contiguous block (NAS_LU lu_x n = 33) takes the NIC one handler and one DMA, while the host copies it at the cold rate'),
        measured: onePacketBest === undefined ? 'no one-packet input' : `${onePacket.length} rows, best ${onePacketBest.speedup.toFixed(2)}× (${label(onePacketBest)})`,
      },
      {
        claim: `no gain (≤ ${NO_GAIN.toFixed(1)}×) on SPECFEM3D oc (γ ≈ 512)`,
        paper: 'SC19 §5.3: no speedup "if the number of blocks per packet is large (e.g., SPEC-OC has γ=512 blocks per packet)"',
        basis: 'predicted', constants: [],
        pass: oc.length > 0 && ocMax <= NO_GAIN,
        measured: oc.length === 0 ? 'no SPECFEM3D oc input' : `${oc.length} rows (γ ${Math.min(...oc.map((r) => r.gamma)).toFixed(0)}–${Math.max(...oc.map((r) => r.gamma)).toFixed(0)}), best ${ocMax.toFixed(2)}×`,
      },
    ]
  },
}
