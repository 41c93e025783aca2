// `spinmpi run ddtbench ...`: every DDTBench (+COMB, SW4lite) input, or one app's, with its
// message bytes, blocks and γ computed from the type, and the message processing time of host
// unpack, iovec, specialized (where classify allows) and RW-CP on the sc19 NIC with 32 HPUs.
// Options (the record the CLI tokenized from the words after `run ddtbench`, or typed values) are
// validated with zod; a bad one is a DdtbenchOptionsError naming the flag.

import type { AppName, Workload } from '@spinmpi/ddtbench'
import { handlerClass, measure, workloads } from '@spinmpi/ddtbench'
import type { Profile } from '@spinmpi/nic'
import type { ReceiveStrategyName } from '@spinmpi/runtime/internal'
import type { UnpackResult } from '@spinmpi/runtime/harness'
import { z } from 'zod'
import { dataModeFits, ddtbenchProfile, specializedFits, unpackInput } from './ddtbench-unpack.js'

export const DDTBENCH_CLI_USAGE =
  'spinmpi run ddtbench [--app NAME] [--strategy S] [--profile NAME|FILE] [--seed N] [--json]'

export class DdtbenchOptionsError extends Error {
  override readonly name = 'DdtbenchOptionsError'
}

const APPS: readonly AppName[] = ['WRF', 'MILC', 'NAS_LU', 'NAS_MG', 'FFT2D', 'SPECFEM3D', 'LAMMPS', 'COMB', 'SW4LITE']
const STRATEGIES = ['all', 'host', 'iovec', 'specialized', 'rw-cp', 'auto'] as const

/** One line per option for `spinmpi run ddtbench --help`: the option as typed, what it does, its default. */
export const DDTBENCH_CLI_OPTIONS: readonly (readonly [string, string])[] = [
  ['--app NAME', `one app's inputs: ${APPS.join(', ')}, any case (default every app)`],
  ['--strategy S', `receive strategies run beside host: ${STRATEGIES.join(', ')} (default all)`],
  ['--profile NAME|FILE', 'machine profile: a name (spinmpi profiles) or a JSON profile file, with 32 HPUs (default sc19)'],
  ['--seed N', "seed of DDTBench's random index lists (default 1)"],
  ['--json', 'print the report as one JSON object (default tables)'],
]
type CliStrategy = (typeof STRATEGIES)[number]

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')], { error: 'expected a flag' })
const CliSchema = z.strictObject({
  app: z.string().transform((s) => s.toUpperCase())
    .pipe(z.enum(APPS as [AppName, ...AppName[]], { error: `expected one of ${APPS.join(', ')}` })).optional(),
  strategy: z.enum(STRATEGIES, { error: `expected one of ${STRATEGIES.join(', ')}` }).default('all'),
  profile: z.string().min(1, { error: 'expected a profile name' }).default('sc19'),
  seed: z.coerce.number({ error: 'expected an integer' }).int({ error: 'expected an integer' }).default(1),
  json: flag.optional(),
})

export type DdtbenchCliArgs = z.input<typeof CliSchema>

/** The options that take no value on the command line. */
export const DDTBENCH_CLI_FLAGS = ['json'] as const satisfies readonly (keyof DdtbenchCliArgs)[]

/** One input of the report; times in ns, null where a strategy was not run or does not apply. */
export interface DdtbenchInputReport {
  readonly app: AppName
  readonly input: string
  readonly side: string
  readonly mode: 'data' | 'timing'
  readonly bytes: number
  readonly blocks: number
  readonly gamma: number
  readonly handler: string
  readonly hostNs: number
  readonly iovecNs: number | null
  readonly specializedNs: number | null
  readonly rwCpNs: number | null
  /** The strategy counted in runtimeNs for this input and its time. */
  readonly strategy: ReceiveStrategyName
  readonly ns: number
  /** null in timing mode. */
  readonly verified: boolean | null
}

export interface DdtbenchReport {
  readonly app: 'ddtbench'
  readonly strategy: CliStrategy
  readonly profile: string
  readonly hpus: number
  /** true when every data-mode run matched a host unpack, false if one did not, null if none ran. */
  readonly verified: boolean | null
  /** Sum over inputs of the counted strategy's message processing time. */
  readonly runtimeNs: number
  readonly inputs: readonly DdtbenchInputReport[]
}

/** Offloads run for one input under the chosen --strategy (host always runs: it is the baseline). */
function offloadsFor(w: Workload, s: CliStrategy): ReceiveStrategyName[] {
  const fits = specializedFits(w)
  if (s === 'all') return fits ? ['iovec', 'specialized', 'rw-cp'] : ['iovec', 'rw-cp']
  if (s === 'auto') return [fits ? 'specialized' : 'rw-cp']
  if (s === 'host') return []
  return s === 'specialized' && !fits ? [] : [s]
}

/** The strategy whose time counts: the runtime's `auto` choice for all/auto, else the one asked
 * for, or host where it does not apply (a specialized receive of a general type is host-unpacked). */
function countedStrategy(w: Workload, s: CliStrategy): ReceiveStrategyName {
  if (s === 'all' || s === 'auto') return specializedFits(w) ? 'specialized' : 'rw-cp'
  if (s === 'specialized' && !specializedFits(w)) return 'host'
  return s
}

function inputReport(w: Workload, s: CliStrategy, profile: Profile): DdtbenchInputReport {
  const m = measure(w)
  const results = new Map<ReceiveStrategyName, UnpackResult>()
  results.set('host', unpackInput(w, 'host', profile))
  for (const o of offloadsFor(w, s)) results.set(o, unpackInput(w, o, profile))
  const counted = countedStrategy(w, s)
  const ns = (k: ReceiveStrategyName) => results.get(k)?.ns ?? null
  const checks = [...results.values()].map((r) => r.verified === null ? null : r.verified && r.guardIntact === true)
  return {
    app: w.app, input: w.input, side: w.side, mode: dataModeFits(w) ? 'data' : 'timing',
    bytes: m.bytes, blocks: m.blocks, gamma: m.gamma, handler: handlerClass(w),
    hostNs: results.get('host')!.ns, iovecNs: ns('iovec'), specializedNs: ns('specialized'), rwCpNs: ns('rw-cp'),
    strategy: counted, ns: results.get(counted)!.ns,
    verified: checks.includes(null) ? null : checks.every((c) => c === true),
  }
}

export async function runDdtbenchCli(args: DdtbenchCliArgs | Readonly<Record<string, unknown>>): Promise<DdtbenchReport> {
  const parsed = CliSchema.safeParse(args)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    if (issue.code === 'unrecognized_keys') throw new DdtbenchOptionsError(`unknown option ${flagName(issue.keys[0]!)} (usage: ${DDTBENCH_CLI_USAGE})`)
    throw new DdtbenchOptionsError(`${issue.path.length > 0 ? flagName(String(issue.path[0])) : 'options'}: ${issue.message}`)
  }
  const a = parsed.data
  let profile: Profile
  try {
    profile = ddtbenchProfile(a.profile)
  } catch (e) {
    throw new DdtbenchOptionsError(`--profile: ${e instanceof Error ? e.message : String(e)}`)
  }
  const inputs = workloads(a.seed).filter((w) => a.app === undefined || w.app === a.app).map((w) => inputReport(w, a.strategy, profile))
  const verdicts = inputs.map((i) => i.verified).filter((v) => v !== null)
  return {
    app: 'ddtbench', strategy: a.strategy, profile: profile.name, hpus: profile.nic.hpus,
    verified: verdicts.length === 0 ? null : verdicts.every((v) => v),
    // whole picoseconds: the sum of ns values carries no float noise
    runtimeNs: Math.round(inputs.reduce((t, i) => t + i.ns, 0) * 1000) / 1000,
    inputs,
  }
}

/** The per-input table of the text output. */
export function ddtbenchTextRows(report: object): Record<string, unknown>[] {
  if (!('inputs' in report) || !Array.isArray(report.inputs)) return []
  return (report.inputs as readonly DdtbenchInputReport[]).map((i) => ({
    app: i.app, input: i.input, mode: i.mode, bytes: i.bytes, blocks: i.blocks, gamma: i.gamma, handler: i.handler,
    hostNs: roundNs(i.hostNs), iovecNs: roundNs(i.iovecNs), specializedNs: roundNs(i.specializedNs), rwCpNs: roundNs(i.rwCpNs),
  }))
}

function roundNs(v: number | null): number | null {
  return v === null ? null : Math.round(v)
}

/** The flag as typed (keys are camelCase after the CLI's tokenizer). */
function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`
}
