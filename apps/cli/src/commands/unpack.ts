// `spinmpi unpack --type FILE --strategy S [--count N] [--profile NAME|FILE] [--hpus N] [--reorder SEED]
// [--faults SPEC] [--fault-seed N] [--json]`: one message of `count` instances through one receive strategy on a two-node
// machine; prints the message processing time, throughput, γ, NIC memory, DMA writes and queue
// peak, and whether the received bytes equal a host unpack (exit code 1 when they do not).
import type { Command } from 'commander'
import { z } from 'zod'
import { MpiError, parseTypeFile, type Datatype } from '@spinmpi/ddt'
import type { Profile } from '@spinmpi/nic'
import { AUTO_STRATEGY_SUMMARY, RECEIVE_CHOICES, RECEIVE_STRATEGY_RECORDS } from '@spinmpi/runtime/internal'
import { runUnpack, type UnpackResult } from '@spinmpi/runtime/harness'
import { UsageError } from '../cli-error.js'
import { MAX_TYPE_FILE_BYTES, readInputText } from '../input-file.js'
import { nonNegativeInt, parseOptions, positiveInt } from '../options.js'
import { formatBytes, formatDuration, formatNumber, formatTable } from '../table.js'
import { collectSet, loadProfile, PROFILE_HELP, SET_HELP } from '../profile-option.js'
import { FAULT_SEED_HELP, FAULTS_HELP, parseFaultOptions } from '../fault-option.js'

const UnpackOptions = z.object({
  type: z.string({ error: 'required: a type JSON file' }).min(1),
  typeIndex: nonNegativeInt.default(0),
  strategy: z.enum(RECEIVE_CHOICES, { error: `expected one of ${RECEIVE_CHOICES.join(', ')}` }),
  count: nonNegativeInt.default(1),
  profile: z.string().min(1).default('sc19'),
  set: z.array(z.string()).default([]),
  hpus: positiveInt.optional(),
  reorder: nonNegativeInt.optional(),
  faults: z.string().optional(),
  faultSeed: z.string().optional(),
  json: z.boolean().default(false),
})

export function registerUnpack(program: Command): void {
  program
    .command('unpack')
    .description('receive one message of a datatype through one unpack strategy and verify the bytes')
    .option('--type <file>', 'type JSON file (of an array, the type --type-index picks)')
    .option('--type-index <n>', 'which type of an array file, from 0', '0')
    .option('--strategy <s>', `one of ${RECEIVE_CHOICES.join(', ')}`)
    .option('--count <n>', 'instances of the type in the message', '1')
    .option('--profile <name|file>', PROFILE_HELP, 'sc19')
    .option('--set <path=value>', SET_HELP, collectSet)
    .option('--hpus <n>', 'HPUs on the receiving NIC (default: the profile\'s)')
    .option('--reorder <seed>', 'deliver packets out of order, seeded')
    .option('--faults <spec>', FAULTS_HELP)
    .option('--fault-seed <n>', FAULT_SEED_HELP)
    .option('--json', 'print JSON')
    .addHelpText('after', strategiesHelp())
    .action((raw: unknown) => {
      const o = parseOptions(UnpackOptions, raw)
      const faults = parseFaultOptions(o.faults, o.faultSeed)
      const type = readType(o.type, o.typeIndex)
      const profile = profileOf(o.profile, o.hpus, o.set)
      const r = runOrExplain(() => runUnpack({
        type, count: o.count, strategy: o.strategy, profile,
        ...(o.reorder === undefined ? {} : { reorder: { seed: o.reorder } }),
        ...(faults === undefined ? {} : { faults }),
      }))
      // the machine, as compare's header gives it: runs on several profiles stay told apart
      const machine = { profile: profile.name, hpus: profile.nic.hpus }
      const json = faults === undefined ? unpackJson(r, machine) : { ...unpackJson(r, machine), faults: r.faults }
      process.stdout.write(o.json ? `${JSON.stringify(json)}\n` : `${unpackText(r, machine, faults !== undefined)}\n`)
      if (r.verified !== true) process.exitCode = 1
    })
}

/** The machine an unpack ran on: the profile's name (+set when changed by --set) and its HPUs. */
interface Machine {
  readonly profile: string
  readonly hpus: number
}

/** The stable JSON of one unpack: the issue's fields, then Δr and the model's T_C the text shows, then the machine. */
export function unpackJson(r: UnpackResult, machine: Machine) {
  return {
    strategy: r.strategy,
    bytes: r.bytes,
    ns: r.ns,
    gbps: round(r.gbps, 3),
    gamma: roundGamma(r.gamma, 3),
    nicMemBytes: r.nicMemBytes,
    dmaWrites: r.dmaWrites,
    dmaQueueMax: r.dmaQueueMax,
    // the text table's checkpoint interval (null: the strategy has none) and model T_C
    deltaRBytes: r.deltaR > 0 ? r.deltaR : null,
    modelNs: r.modelNs,
    fallback: r.fallback,
    verified: r.verified === true,
    profile: machine.profile,
    hpus: machine.hpus,
  }
}

function unpackText(r: UnpackResult, machine: Machine, faulty: boolean): string {
  const f = r.faults
  const rows = [
    { field: 'strategy', value: r.fallback === null ? r.strategy : `${r.strategy} (fallback: ${r.fallback})` },
    { field: 'machine', value: `${machine.profile}, ${machine.hpus} HPUs` },
    { field: 'message size', value: formatBytes(r.bytes) },
    { field: 'processing time', value: formatDuration(r.ns) },
    { field: 'throughput', value: `${formatNumber(round(r.gbps, 2))} Gbit/s` },
    { field: 'γ (blocks per packet)', value: gammaShown(r.gamma) },
    { field: 'NIC memory', value: formatBytes(r.nicMemBytes) },
    { field: 'DMA writes', value: r.dmaWrites },
    { field: 'DMA queue peak', value: r.dmaQueueMax },
    ...(r.deltaR > 0 ? [{ field: 'checkpoint interval Δr', value: formatBytes(r.deltaR) }] : []),
    { field: 'model T_C', value: formatDuration(r.modelNs) },
    ...(faulty ? [
      { field: 'packets lost / retransmitted', value: `${f.dropped} / ${f.retransmitted}` },
      { field: 'duplicates (discarded / handled)', value: `${f.duplicates} (${f.duplicatesDiscarded} / ${f.duplicatesHandled})` },
      { field: 'spilled to host (NIC memory)', value: `${f.spilledPackets} packets, ${formatBytes(f.spilledBytes)}` },
    ] : []),
    { field: 'verified', value: r.verified === true ? 'yes: equal to host unpack, guards intact' : 'NO' },
  ]
  return formatTable(rows, ['field', 'value'])
}

/** γ as unpack and compare show it: rounded once, to two decimals, from the unrounded value. */
export function gammaShown(gamma: number | null): number | null {
  return gamma === null ? null : roundGamma(gamma, 2)
}

/**
 * γ to `digits` decimals, except that a positive γ too small for them keeps three significant
 * digits: a message of blocks larger than a packet (a contiguous 2 MiB is one block over 1,024
 * packets, γ 0.000977) would read as γ 0, no blocks at all.
 */
export function roundGamma(gamma: number, digits: number): number {
  const r = round(gamma, digits)
  return r === 0 && gamma > 0 ? Number(gamma.toPrecision(3)) : r
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

/** The type at `index` of a type file (0 for a file of one type). */
export function readType(path: string, index = 0): Datatype {
  const text = readInputText(path, '--type', MAX_TYPE_FILE_BYTES)
  try {
    const file = parseTypeFile(text)
    const n = file.types.length
    if (index >= n) throw new UsageError(`--type-index: ${path} holds ${n} type${n === 1 ? '' : 's'}: expected ${n === 1 ? '0' : `0 to ${n - 1}`}, got ${index}`)
    return file.types[index]!.commit()
  } catch (err) {
    if (err instanceof MpiError) throw new UsageError(`${path}: ${err.message}`)
    throw err
  }
}

/** The profile of --profile NAME|FILE, --hpus and --set (applied in that order). */
export function profileOf(ref: string, hpus: number | undefined, set: readonly string[] = []): Profile {
  return loadProfile(ref, set, hpus === undefined ? {} : { 'nic.hpus': hpus })
}

/** Runs `f`, turning the library's input errors into one-line usage errors. */
export function runOrExplain<T>(f: () => T): T {
  try {
    return f()
  } catch (err) {
    // the library names its own arguments; on the command line they are --count and --strategy.
    // Its way past the data-mode limit is timing mode, which these commands do not offer: they
    // verify the received bytes.
    if (err instanceof MpiError) {
      throw new UsageError(err.message.replace(/^runUnpack: count /, '--count: ').replace(/^receive\.strategy: /, '--strategy: ')
        .replace(' (timing mode allows larger)', ' (unpack and compare verify the bytes, so they run in data mode: use a smaller --count or type)'))
    }
    throw err
  }
}

/** The strategies and what each does, from their records (auto: AUTO_STRATEGY_SUMMARY). */
function strategiesHelp(): string {
  const width = Math.max(...RECEIVE_CHOICES.map((n) => n.length))
  const lines = RECEIVE_STRATEGY_RECORDS.map((r) => `  ${r.name.padEnd(width)}  ${r.summary}`)
  lines.push(`  ${'auto'.padEnd(width)}  ${AUTO_STRATEGY_SUMMARY}`)
  return `\nStrategies:\n${lines.join('\n')}`
}
