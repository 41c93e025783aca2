// `spinmpi compare --type FILE [--count N] [--profile NAME|FILE] [--hpus N] [--faults SPEC] [--fault-seed N] [--json]`: the same message
// through every receive strategy side by side, with SC19 §3.2.4's predicted time beside the
// simulated one and the fastest verified strategy marked. `specialized` only runs when the
// type's layout fits one of its handlers.
import type { Command } from 'commander'
import { z } from 'zod'
import { RECEIVE_STRATEGY_RECORDS } from '@spinmpi/runtime/internal'
import { runUnpack, type UnpackResult } from '@spinmpi/runtime/harness'
import { nonNegativeInt, parseOptions, positiveInt } from '../options.js'
import { formatTable } from '../table.js'
import { collectSet, PROFILE_HELP, SET_HELP } from '../profile-option.js'
import { profileOf, readType, round, runOrExplain } from './unpack.js'
import { FAULT_SEED_HELP, FAULTS_HELP, parseFaultOptions } from '../fault-option.js'

const CompareOptions = z.object({
  type: z.string({ error: 'required: a type JSON file' }).min(1),
  count: nonNegativeInt.default(1),
  profile: z.string().min(1).default('sc19'),
  set: z.array(z.string()).default([]),
  hpus: positiveInt.optional(),
  faults: z.string().optional(),
  faultSeed: z.string().optional(),
  json: z.boolean().default(false),
})

interface CompareRow {
  strategy: string
  ns: number | null
  modelNs: number | null
  /** (model − simulated) / simulated, in percent. */
  modelErrorPct: number | null
  /** What bounds the model's T_C: the HPUs' work or the link (packet arrivals). */
  modelBound: string | null
  /** ro-cp / rw-cp: Δr and the §3.2.4 limit that set it (overhead, packetBuffer, memory, ...). */
  deltaR: number | null
  deltaRBinds: string | null
  gbps: number | null
  gamma: number | null
  nicMemBytes: number | null
  dmaWrites: number | null
  dmaQueueMax: number | null
  fallback: string | null
  verified: boolean | null
  winner: boolean
  note: string | null
  /** With --faults: what the faults did in this strategy's run. */
  faults?: UnpackResult['faults']
}

export function registerCompare(program: Command): void {
  program
    .command('compare')
    .description('receive the same message through every unpack strategy; table with the winner and the model')
    .option('--type <file>', 'type JSON file (the first type if it holds an array)')
    .option('--count <n>', 'instances of the type in the message', '1')
    .option('--profile <name|file>', PROFILE_HELP, 'sc19')
    .option('--set <path=value>', SET_HELP, collectSet)
    .option('--hpus <n>', 'HPUs on the receiving NIC (default: the profile\'s)')
    .option('--faults <spec>', FAULTS_HELP)
    .option('--fault-seed <n>', FAULT_SEED_HELP)
    .option('--json', 'print JSON')
    .action((raw: unknown) => {
      const o = parseOptions(CompareOptions, raw)
      const faults = parseFaultOptions(o.faults, o.faultSeed)
      const type = readType(o.type)
      const profile = profileOf(o.profile, o.hpus, o.set)
      const rows: CompareRow[] = RECEIVE_STRATEGY_RECORDS.map(({ name: strategy, cannotServe }) => {
        const why = cannotServe(type, o.count)
        if (why !== null) return skipped(strategy, why)
        const r = runOrExplain(() => runUnpack({ type, count: o.count, strategy, profile, ...(faults === undefined ? {} : { faults }) }))
        return faults === undefined ? row(r) : { ...row(r), faults: r.faults }
      })
      const best = rows.filter((r) => r.verified === true && r.fallback === null && r.ns !== null).sort((a, b) => a.ns! - b.ns!)[0]
      if (best !== undefined) best.winner = true
      const out = {
        profile: profile.name,
        bytes: type.size * o.count,
        hpus: profile.nic.hpus,
        winner: best?.strategy ?? null,
        rows,
      }
      if (o.json) {
        process.stdout.write(`${JSON.stringify(out)}\n`)
        return
      }
      const table = rows.map((r) => ({
        strategy: r.winner ? `${r.strategy} *` : r.strategy,
        'time (ns)': r.ns,
        'model (ns)': r.modelNs,
        'model err %': r.modelErrorPct,
        'model bound': r.modelBound,
        'Δr (B)': r.deltaR,
        'Δr set by': r.deltaRBinds,
        'Gbit/s': r.gbps,
        'γ': r.gamma,
        'NIC mem (B)': r.nicMemBytes,
        'DMA writes': r.dmaWrites,
        'DMA peak': r.dmaQueueMax,
        verified: r.verified,
        ...(r.faults === undefined ? {} : {
          'lost': r.faults.dropped, 'dups': r.faults.duplicates, 'spilled': r.faults.spilledPackets,
        }),
        note: r.note ?? r.fallback ?? '',
      }))
      process.stdout.write(`${out.bytes} B on ${profile.name} with ${profile.nic.hpus} HPUs (* = fastest verified)\n${formatTable(table)}\n` +
        'model: SC19 §3.2.4 T_C per HPU; bound = what sets it (N HPUs busy, or the link); Δr set by = the §3.2.4 limit that chose Δr\n')
    })
}

function row(r: UnpackResult): CompareRow {
  return {
    strategy: r.strategy === r.requested ? r.strategy : `${r.requested}->${r.strategy}`,
    ns: r.ns, modelNs: r.modelNs,
    modelErrorPct: r.ns > 0 ? round((100 * (r.modelNs - r.ns)) / r.ns, 1) : null,
    modelBound: r.model.bound === 'link' ? 'link' : `${r.model.hpus} HPUs`,
    deltaR: r.deltaRChoice === null ? null : r.deltaR,
    deltaRBinds: r.deltaRChoice?.binds ?? null,
    gbps: round(r.gbps, 3), gamma: round(r.gamma, 3),
    nicMemBytes: r.nicMemBytes, dmaWrites: r.dmaWrites, dmaQueueMax: r.dmaQueueMax,
    fallback: r.fallback, verified: r.verified === true, winner: false, note: null,
  }
}

function skipped(strategy: string, note: string): CompareRow {
  return {
    strategy, ns: null, modelNs: null, modelErrorPct: null, modelBound: null, deltaR: null, deltaRBinds: null, gbps: null, gamma: null, nicMemBytes: null, dmaWrites: null, dmaQueueMax: null,
    fallback: null, verified: null, winner: false, note,
  }
}
