// SC17 Fig. 5a and Myrinet Fig. 8-9: broadcast latency of the host binomial tree against the
// offloaded broadcasts (sPIN streaming and store-and-forward handlers, the Portals 4 broadcast of
// predefined triggered puts, the Myrinet NIC binary tree). As SC17 measures, every non-root rank has its forwarding ME posted (and a
// barrier passed) before the clock starts; the latency runs from the root starting the
// broadcast to the last rank having the data in its buffer. Timing mode (no payload bytes).

import { UINT8 } from '@spinmpi/ddt'
import { bcastBinomial, coreOf, prepareNicBcast, run } from '@spinmpi/runtime/internal'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { bandText, covers, matchesPaper, onSubset, type ClaimCheck, verdict } from './claims.js'

export type BcastAlgorithmName = 'binomial' | 'nic-stream' | 'nic-store' | 'nic-binary' | 'portals4'

export type BcastRow = {
  readonly profile: string
  readonly algorithm: BcastAlgorithmName
  readonly ranks: number
  readonly bytes: number
  readonly ns: number
}

const KIND = { 'nic-stream': 'stream', 'nic-store': 'store', 'nic-binary': 'binary', portals4: 'triggered' } as const

/** Latency (ns) of one broadcast of `bytes` from rank 0 on `ranks` ranks. */
export async function bcastLatencyNs(profile: string, algorithm: BcastAlgorithmName, ranks: number, bytes: number): Promise<number> {
  const r = await run({ ranks, profile, seed: 1, mode: 'timing' }, async (comm): Promise<[number, number]> => {
    const core = coreOf(comm)
    if (algorithm === 'binomial') {
      await comm.barrier()
      const t0 = comm.nowPs()
      await bcastBinomial(core, null, bytes, UINT8, 0)
      return [t0, comm.nowPs()]
    }
    const prepared = prepareNicBcast(core, null, bytes, UINT8, 0, KIND[algorithm], `bcast ${algorithm}`)
    await comm.barrier()
    const t0 = comm.nowPs()
    await prepared.start()
    return [t0, comm.nowPs()]
  })
  const start = r.results[0]![0]
  const end = Math.max(...r.results.map((x) => x[1]))
  return (end - start) / 1000
}

interface Sweep { readonly profile: string; readonly algorithms: readonly BcastAlgorithmName[]; readonly ranks: readonly number[]; readonly bytes: readonly number[] }

function sweeps(quick: boolean): Sweep[] {
  const sc17Ranks = quick ? [2, 16, 128] : [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
  const sc17 = (profile: string): Sweep => ({ profile, algorithms: ['binomial', 'portals4', 'nic-stream', 'nic-store'], ranks: sc17Ranks, bytes: [8, 65536] })
  return [
    sc17('spin-sc17-integrated'),
    sc17('spin-sc17-discrete'),
    { profile: 'myrinet', algorithms: ['binomial', 'nic-binary'], ranks: [2, 4, 8, 16], bytes: [32, 1024, 4096] },
    // the Myrinet curve over message size on 16 nodes (its Fig. 8), cheap enough for quick runs
    { profile: 'myrinet', algorithms: ['binomial', 'nic-binary'], ranks: [16], bytes: MYRINET_SIZES.filter((b) => b !== 32 && b !== 1024 && b !== 4096) },
  ]
}

/** Message sizes of the Myrinet size curve (16 nodes). */
const MYRINET_SIZES = [32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768]
/** SC17 §4.4.3: at 1,024 processes the integrated sPIN NIC's broadcast is 7% faster than RDMA. */
const SC17_GAIN_PCT = 7
/** ... and 5% faster than Portals 4 (its broadcast as predefined triggered operations). */
const SC17_GAIN_P4_PCT = 5
/** Myrinet Fig. 8 (16 nodes): the NIC tree's best gain, nearly 1.3x, at 4 KiB. */
const MYRINET_PEAK = 1.3
const MYRINET_PEAK_BYTES = 4096

export const bcastFigure: Figure = {
  name: 'bcast',
  title: 'SC17 Fig. 5a / Myrinet Fig. 8-9: offloaded broadcast (sPIN streaming, store-and-forward, Portals 4 triggered puts, NIC binary tree) vs host binomial',
  plot: [
    // one line per algorithm and size over ranks (sizes swept at one rank count alone are in the next chart)
    { x: 'ranks', y: 'ns', series: 'algorithm', dash: { field: 'bytes', title: 'message size', unit: 'bytes' }, minPoints: 2, panel: 'profile', logX: true, logY: true, xLabel: 'ranks', yLabel: 'broadcast latency', yUnit: 'ns' },
    // the Myrinet size sweep (SC17 has two sizes only, drawn above)
    { x: 'bytes', y: 'ns', series: 'algorithm', dash: { field: 'ranks', title: 'ranks' }, minPoints: 2, panel: 'profile', panels: ['myrinet'], logX: true, logY: true, xLabel: 'message size', xUnit: 'bytes', yLabel: 'broadcast latency', yUnit: 'ns' },
  ],
  async run(options: FigureOptions): Promise<FigureResult> {
    const rows: BcastRow[] = []
    const all = sweeps(options.quick === true)
    const total = all.reduce((s, w) => s + w.algorithms.length * w.ranks.length * w.bytes.length, 0)
    let done = 0
    for (const w of all) {
      for (const bytes of w.bytes) {
        for (const ranks of w.ranks) {
          for (const algorithm of w.algorithms) {
            rows.push({ profile: w.profile, algorithm, ranks, bytes, ns: await bcastLatencyNs(w.profile, algorithm, ranks, bytes) })
            options.onProgress?.(++done, total)
          }
        }
      }
    }
    return { name: 'bcast', profile: 'spin-sc17-integrated, spin-sc17-discrete, myrinet', rows }
  },
  check(result: FigureResult): readonly ClaimCheck[] {
    const rows = result.rows as readonly BcastRow[]
    const at = (profile: string, algorithm: string, ranks: number, bytes: number) =>
      rows.find((r) => r.profile === profile && r.algorithm === algorithm && r.ranks === ranks && r.bytes === bytes)?.ns ?? NaN
    const myrinetRanks = [...new Set(rows.filter((r) => r.profile === 'myrinet').map((r) => r.ranks))].sort((a, b) => a - b)
    const gain = (ranks: number) => at('myrinet', 'binomial', ranks, 4096) / at('myrinet', 'nic-binary', ranks, 4096)
    const gains = myrinetRanks.map(gain)
    const checks: ClaimCheck[] = [
      onSubset({
        claim: `Myrinet: NIC binary-tree broadcast 1.3× faster than host at 4 KiB on 16 nodes (${bandText(1.3)}×)`,
        paper: 'Myrinet paper (Fig. 8, 16 nodes): "a maximum factor of improvement of nearly 1.3"',
        basis: 'predicted-after-miss', constants: [],
        afterMiss: 'the NIC tree gave 1.71× at 4 KiB on 16 nodes; the NICVM module then ran on every node (leaves too) with its run cost from the paper\'s echo crossover',
        ...verdict(matchesPaper(gain(16), 1.3), 'the host path crosses the 33 MHz PCI bus twice per hop, which the NIC path avoids at inner nodes, and the NIC forwards with no per-byte LANai cost (the paper quantifies none), so the gain at 4 KiB is above 1.3×'),
        measured: `16 nodes: ${gain(16).toFixed(2)}x`,
      }, myrinetRanks.includes(16), false),
      onSubset({
        claim: 'Myrinet: the gain at 4 KiB grows at every step of the node count',
        paper: 'Myrinet paper (Fig. 9): "the factor of improvement increases with system size"',
        basis: 'predicted', constants: [],
        pass: gains.length > 1 && gains.every((g, i) => i === 0 || g > gains[i - 1]!),
        measured: myrinetRanks.map((n, i) => `${n}: ${gains[i]!.toFixed(2)}x`).join(', '),
      }, covers(myrinetRanks, [2, 4, 8, 16]), true),
    ]
    const ranks = 1024
    for (const profile of ['spin-sc17-integrated', 'spin-sc17-discrete']) {
      for (const bytes of [8, 65536]) {
        const host = at(profile, 'binomial', ranks, bytes), nic = at(profile, 'nic-stream', ranks, bytes)
        checks.push(onSubset({
          claim: `${profile}: offloaded (streaming) broadcast faster than host binomial at ${bytes} B on ${ranks} ranks`,
          paper: 'SC17 §4.4.3 (Fig. 5a): sPIN broadcast faster than RDMA at 1,024 processes (the integrated NIC\'s 7% and 5% are the next claims)',
          basis: 'predicted', constants: [],
          pass: nic < host,
          measured: Number.isNaN(host) ? `no ${ranks}-rank run` : `${ranks} ranks: host ${host.toFixed(0)} ns, sPIN ${nic.toFixed(0)} ns (${(host / nic).toFixed(2)}x)`,
        }, !Number.isNaN(host) && !Number.isNaN(nic), false))
      }
    }
    // SC17 §4.4.3's numbers: integrated NIC, 1,024 processes, sPIN 7% faster than RDMA (the host
    // tree) and 5% faster than Portals 4 (triggered puts)
    for (const [against, label, paperPct] of [['binomial', 'RDMA', SC17_GAIN_PCT], ['portals4', 'Portals 4', SC17_GAIN_P4_PCT]] as const) {
      const pcts = [8, 65536].map((bytes) => {
        const other = at('spin-sc17-integrated', against, 1024, bytes), nic = at('spin-sc17-integrated', 'nic-stream', 1024, bytes)
        return { bytes, pct: 100 * (1 - nic / other) }
      })
      checks.push(onSubset({
        claim: `spin-sc17-integrated: sPIN broadcast ${paperPct}% faster than ${label} at 1,024 processes (${bandText(paperPct, 1)}%, 8 B and 64 KiB)`,
        paper: 'SC17 §4.4.3 (Fig. 5a): "sPIN is still 7% and 5% faster than RDMA and Portals 4 at 1,024 processes" (integrated NIC)',
        basis: 'predicted', constants: [],
        ...verdict(pcts.every((p) => matchesPaper(p.pct, paperPct)), against === 'binomial'
          ? "per tree level the host path costs ~495 ns and the NIC path ~270 ns with SC17's own o and L_DMA; 7% needs them nearly equal"
          : "Portals 4's triggered put waits for the whole message in host memory and reads it back (a deposit and a DMA read per level)"),
        measured: pcts.every((p) => Number.isFinite(p.pct)) ? pcts.map((p) => `${p.bytes} B ${p.pct.toFixed(1)}% faster`).join(', ') : 'no 1024-rank run',
      }, pcts.every((p) => Number.isFinite(p.pct)), false))
    }
    // the Myrinet curve over message size on 16 nodes
    const sizes = [...new Set(rows.filter((r) => r.profile === 'myrinet' && r.ranks === 16).map((r) => r.bytes))].sort((a, b) => a - b)
    const sizeGain = sizes.map((b) => ({ b, g: at('myrinet', 'binomial', 16, b) / at('myrinet', 'nic-binary', 16, b) }))
    const peak = sizeGain.reduce((m, x) => (x.g > m.g ? x : m), { b: 0, g: 0 })
    checks.push(onSubset({
      claim: `Myrinet, 16 nodes: the NIC tree wins at every size but the smallest, most (${bandText(MYRINET_PEAK)}×) at ${MYRINET_PEAK_BYTES} B`,
      paper: 'Myrinet paper (Fig. 8, 16 nodes): the NIC-based broadcast is faster for all but the smallest messages, "a maximum factor of improvement of nearly 1.3" at 4 KiB',
      basis: 'predicted', constants: [],
      ...verdict(sizeGain.every((x, i) => i === 0 || x.g > 1) && matchesPaper(peak.g, MYRINET_PEAK) && peak.b === MYRINET_PEAK_BYTES,
        "small: the NIC module's per-run cost is paid at every node; large: no per-byte LANai cost turns the gain down after 4 KiB"),
      measured: `${sizeGain.map((x) => `${x.b} B ${x.g.toFixed(2)}x`).join(', ')}; peak ${peak.g.toFixed(2)}x at ${peak.b} B`,
    }, covers(sizes, MYRINET_SIZES), true))
    // SC17 §4.4.3: store-and-forward (a one-packet message forwarded from the device, a longer
    // one from host memory) is always within 5% of streaming at one packet and of Portals 4 beyond
    const sc17Ranks = sweeps(false)[0]!.ranks
    for (const profile of ['spin-sc17-integrated', 'spin-sc17-discrete']) {
      const present = [...new Set(rows.filter((r) => r.profile === profile && r.algorithm === 'nic-store').map((r) => r.ranks))].sort((a, b) => a - b)
      const gaps = [[8, 'nic-stream', 'streaming'], [65536, 'portals4', 'Portals 4']] as const
      const worst = gaps.map(([bytes, against, label]) => {
        const pcts = present.map((n) => 100 * (at(profile, 'nic-store', n, bytes) / at(profile, against, n, bytes) - 1))
        const w = pcts.reduce((m, x, i) => (Math.abs(x) > Math.abs(m.pct) || Number.isNaN(x) ? { pct: x, ranks: present[i]! } : m), { pct: 0, ranks: 0 })
        return { bytes, label, ...w }
      })
      checks.push(onSubset({
        claim: `${profile}: store-and-forward within 5% of streaming at 8 B and of Portals 4 at 64 KiB, at every rank count (${bandText([0, 5], 1)}%)`,
        paper: 'SC17 §4.4.3: store-and-forward sends one-packet messages from the device and longer ones from host memory, "thus, the performance is always within 5% of the streaming mode for single-packet messages and to Portals 4 for multi-packet messages"',
        basis: 'predicted-after-miss', constants: [],
        afterMiss: 'the store-and-forward handlers forwarded every message from host memory (1,024 ranks, 8 B: 32% slower than streaming integrated, 136% discrete); the one-packet forward from the device (SC17 appendix C.3.3: header handler, PutFromDevice in the payload handler) came after',
        ...verdict(present.length > 0 && worst.every((w) => matchesPaper(Math.abs(w.pct), [0, 5])),
          'the Portals 4 put waits for the last deposit to reach host memory, the completion handler only for it to be issued'),
        measured: present.length === 0 ? 'no store-and-forward run'
          : worst.map((w) => `${w.bytes} B: worst ${w.pct >= 0 ? '+' : ''}${w.pct.toFixed(1)}% against ${w.label} (${w.ranks} ranks)`).join('; '),
      }, covers(present, sc17Ranks), present.length > 0))
    }
    return checks
  },
}
