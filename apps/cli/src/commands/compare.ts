// `spinmpi compare --type FILE [--count N] [--profile NAME|FILE] [--hpus N] [--faults SPEC] [--fault-seed N] [--json]`: the same message
// through every receive strategy side by side, with the speedup over host, SC19 §3.2.4's predicted
// time beside the simulated one (errors beyond ±25% flagged) and the fastest verified strategy
// marked, and what `auto` would run. `specialized` only runs when the type's layout fits one of its handlers.
import type { Command } from 'commander'
import { z } from 'zod'
import { autoStrategy, RECEIVE_STRATEGY_RECORDS } from '@spinmpi/runtime/internal'
import { runUnpack, type UnpackResult } from '@spinmpi/runtime/harness'
import { nonNegativeInt, parseOptions, positiveInt } from '../options.js'
import { collectSet, PROFILE_HELP, SET_HELP } from '../profile-option.js'
import { profileOf, readType, round, roundGamma, runOrExplain } from './unpack.js'
import { autoLine, compareText, MODEL_FLAG_PCT } from './compare-text.js'
import { FAULT_SEED_HELP, FAULTS_HELP, parseFaultOptions } from '../fault-option.js'

const CompareOptions = z.object({
  type: z.string({ error: 'required: a type JSON file' }).min(1),
  typeIndex: nonNegativeInt.default(0),
  count: nonNegativeInt.default(1),
  profile: z.string().min(1).default('sc19'),
  set: z.array(z.string()).default([]),
  hpus: positiveInt.optional(),
  faults: z.string().optional(),
  faultSeed: z.string().optional(),
  json: z.boolean().default(false),
})

export interface CompareRow {
  strategy: string
  ns: number | null
  modelNs: number | null
  /** Host's processing time / this one's (SC19 Fig. 16); null when either did not run. */
  speedupOverHost: number | null
  /** (model − simulated) / simulated, in percent. */
  modelErrorPct: number | null
  /** |modelErrorPct| beyond 25 (MODEL_FLAG_PCT): the model misses what dominates this run. */
  modelErrorOver25Pct: boolean | null
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
    .option('--type <file>', 'type JSON file (of an array, the type --type-index picks)')
    .option('--type-index <n>', 'which type of an array file, from 0', '0')
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
      const type = readType(o.type, o.typeIndex)
      const profile = profileOf(o.profile, o.hpus, o.set)
      const runs = RECEIVE_STRATEGY_RECORDS.map(({ name: strategy, cannotServe }) =>
        cannotServe(type, o.count) === null
          ? runOrExplain(() => runUnpack({ type, count: o.count, strategy, profile, ...(faults === undefined ? {} : { faults }) }))
          : null)
      const hostNs = runs.find((r) => r?.strategy === 'host' && r.requested === 'host')?.ns ?? null
      const rows: CompareRow[] = RECEIVE_STRATEGY_RECORDS.map(({ name: strategy, cannotServe }, i) => {
        const r = runs[i]
        if (r === null || r === undefined) return skipped(strategy, cannotServe(type, o.count) ?? '')
        return faults === undefined ? row(r, hostNs) : { ...row(r, hostNs), faults: r.faults }
      })
      const best = rows.filter((r) => r.verified === true && r.fallback === null && r.ns !== null).sort((a, b) => a.ns! - b.ns!)[0]
      if (best !== undefined) best.winner = true
      // what `auto` (run's default) would run for this message: its rule looks at the type only,
      // so it is not always the fastest row (docs/strategies.md)
      const autoName = autoStrategy({ type, count: o.count })
      const autoNs = rows[RECEIVE_STRATEGY_RECORDS.findIndex((r) => r.name === autoName)]?.ns ?? null
      const out = {
        profile: profile.name,
        bytes: type.size * o.count,
        hpus: profile.nic.hpus,
        winner: best?.strategy ?? null,
        auto: { strategy: autoName, ns: autoNs, overFastest: autoNs !== null && best?.ns ? round(autoNs / best.ns, 3) : null },
        rows,
      }
      if (o.json) {
        process.stdout.write(`${JSON.stringify(out)}\n`)
        return
      }
      process.stdout.write(compareText({ bytes: out.bytes, profile: profile.name, hpus: profile.nic.hpus }, rows, runs.map((r) => r?.gamma ?? null), autoLine(out.auto, best?.strategy ?? null, out.bytes <= profile.network.eagerLimitBytes ? profile.network.eagerLimitBytes : null)))
    })
}

function row(r: UnpackResult, hostNs: number | null): CompareRow {
  const errorPct = r.ns > 0 ? round((100 * (r.modelNs - r.ns)) / r.ns, 1) : null
  return {
    strategy: r.strategy === r.requested ? r.strategy : `${r.requested}->${r.strategy}`,
    ns: r.ns,
    speedupOverHost: hostNs !== null && r.ns > 0 ? round(hostNs / r.ns, 3) : null,
    modelNs: r.modelNs,
    modelErrorPct: errorPct,
    modelErrorOver25Pct: errorPct === null ? null : Math.abs(errorPct) > MODEL_FLAG_PCT,
    modelBound: r.model.bound === 'link' ? 'link' : `${r.model.hpus} HPUs`,
    deltaR: r.deltaRChoice === null ? null : r.deltaR,
    deltaRBinds: r.deltaRChoice?.binds ?? null,
    gbps: round(r.gbps, 3), gamma: roundGamma(r.gamma, 3),
    nicMemBytes: r.nicMemBytes, dmaWrites: r.dmaWrites, dmaQueueMax: r.dmaQueueMax,
    fallback: r.fallback, verified: r.verified === true, winner: false, note: null,
  }
}

function skipped(strategy: string, note: string): CompareRow {
  return {
    strategy, ns: null, speedupOverHost: null, modelNs: null, modelErrorPct: null, modelErrorOver25Pct: null, modelBound: null, deltaR: null, deltaRBinds: null, gbps: null, gamma: null, nicMemBytes: null, dmaWrites: null, dmaQueueMax: null,
    fallback: null, verified: null, winner: false, note,
  }
}
