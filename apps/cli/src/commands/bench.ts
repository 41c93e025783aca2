// `spinmpi bench NAME|all|perf`: run a figure or benchmark, print a table or JSON, and with
// --out write JSON + SVG per figure (and index.html for `all`). Several figures run in parallel
// on worker threads (--jobs, default all cores); each figure is deterministic and runs whole in
// one worker, so the results are the same as one after another in this process.
import { existsSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { Command } from 'commander'
import { z } from 'zod'
import { basisText, claimStatus, UNDECIDED_TEXT, figures, findFigure, findLogGopSim, formatTally, renderFigure, tallyClaims, type ClaimCheck, type Figure, type FigureResult } from '@spinmpi/micro'
import { UsageError } from '../cli-error.js'
import { parseOptions, positiveInt } from '../options.js'
import type { BenchOutcome, BenchTask } from '../bench-worker.js'
import { defaultJobs, runPool } from '../worker-pool.js'
import { createProgress } from '../progress.js'
import { renderReport, type ReportEntry } from '../report.js'
import { calibrationNotes } from '../calibration-note.js'
import { figuresDocHref } from '../figure-docs.js'
import { overridesNote } from '../figure-overrides.js'
import { formatTable } from '../table.js'
import type { Profile } from '@spinmpi/nic'
import { collectSet, loadProfile, profileNameFor, SET_HELP } from '../profile-option.js'
import { parseRankList, runScaleBench, SCALE_QUICK_RANKS, SCALE_RANKS } from './bench-scale.js'
import { formatRatioTable } from '../ratio-table.js'
import type { RatioSummary } from '@spinmpi/micro'
import { mergeShards, shardFigures, shardOption, writeManifest } from '../bench-shard.js'

const BenchOptions = z.object({
  json: z.boolean().default(false),
  out: z.string().min(1, 'expected a directory').optional(),
  profile: z.string().min(1).optional(),
  set: z.array(z.string()).default([]),
  ranks: z.string().optional(),
  quick: z.boolean().default(false),
  jobs: positiveInt.optional(),
  shard: shardOption.optional(),
  loggopsim: z.string().min(1, 'expected the directory holding txt2bin and LogGOPSim').optional(),
})

/** The built worker next to this command's directory (apps/cli/dist/bench-worker.js). */
const BENCH_WORKER = new URL('../bench-worker.js', import.meta.url)

export function registerBench(program: Command): void {
  program
    .command('bench')
    .description(`run a figure or benchmark: ${figures.map((f) => f.name).join(', ')}, all (every figure + report), perf (speed suites), scale (many ranks)`)
    .argument('<name>', 'figure name, several joined by commas, "all", "perf", "scale", or "merge" (then the shard directories)')
    .argument('[dirs...]', 'with merge: the --out directories of the shards')
    .option('--json', 'print the result as JSON')
    .option('--out <dir>', 'write <name>.json and <name>.svg (and index.html for all; scale.json only for scale) into dir')
    .option('--profile <name|file>', 'machine profile, a name or a JSON profile file (default: each figure\'s own)')
    .option('--set <path=value>', SET_HELP, collectSet)
    .option('--ranks <list>', `scale only: rank counts, comma-separated (default ${SCALE_RANKS.join(',')}; --quick ${SCALE_QUICK_RANKS.join(',')})`)
    .option('--quick', 'a reduced sweep that runs in seconds')
    .option('--jobs <n>', 'figures run in parallel on worker threads (default: all cores; 1 = in this process)')
    .option('--shard <i/N>', 'run every N-th figure of the selection from the i-th (a job array; needs --out), then: bench merge DIR...')
    .option('--loggopsim <dir>', "goal-speed: a LogGOPSim build (its txt2bin and LogGOPSim) to run beside spinmpi's GOAL reader (default: $LOGGOPSIM_DIR)")
    .action(async (name: string, dirs: string[], raw: unknown) => {
      const opts = parseOptions(BenchOptions, raw)
      if (opts.loggopsim !== undefined) {
        const build = findLogGopSim(opts.loggopsim)
        if (!build.available) throw new UsageError(`--loggopsim: ${build.reason}`)
        // goal-speed reads it there, in this process or in a worker started after this
        process.env.LOGGOPSIM_DIR = build.dir
      }
      if (name === 'merge') {
        refuseOptions('bench merge', raw, MERGE_IGNORES, 'the shards fixed the sweep')
        return merge(dirs, opts.out, opts.json)
      }
      if (dirs.length > 0) throw new UsageError(`bench ${name}: unexpected argument "${dirs[0]}" (only merge takes directories)`)
      if (name === 'scale') {
        refuseOptions('bench scale', raw, SCALE_IGNORES, 'no figure sweep: to spread it over jobs, give each job its own --ranks')
        const ranks = opts.ranks !== undefined ? parseRankList(opts.ranks) : opts.quick ? [...SCALE_QUICK_RANKS] : [...SCALE_RANKS]
        const profile = loadProfile(opts.profile, opts.set)
        if (opts.out) checkOutDir(opts.out)
        runScaleBench({ ranks, profile, json: opts.json, out: opts.out })
        return
      }
      if (opts.shard && !opts.out) throw new UsageError('--shard: needs --out <dir> (merge reads the shards from there)')
      if (opts.ranks !== undefined) throw new UsageError('--ranks: only for bench scale')
      const { name: profile, custom } = profileNameFor(opts.profile, opts.set)
      const all = selectFigures(name)
      const selected = opts.shard ? shardFigures(all, opts.shard) : all
      if (opts.shard && selected.length === 0) {
        process.stderr.write(`bench: shard ${opts.shard.index}/${opts.shard.of} of ${name} has no figure (the selection has ${all.length}); its manifest is written for merge\n`)
      }
      if (opts.out) checkOutDir(opts.out)
      const progress = createProgress(!opts.json)
      const jobs = opts.jobs ?? defaultJobs()
      let outcomes: BenchOutcome[]
      try {
        outcomes = jobs > 1 && selected.length > 1
          ? await runInWorkers(selected, profile, custom, opts.quick, jobs, progress.track)
          : await runInProcess(selected, profile, opts.quick, progress.track)
      } finally {
        progress.stop()
      }
      const done = selected.map((figure, i) => ({ figure, result: outcomes[i]!.result, wallSeconds: outcomes[i]!.wallSeconds }))
      if (opts.shard) {
        writeManifest(opts.out!, name, opts.shard, opts.quick, profile, done.map((d) => ({ name: d.figure.name, wallSeconds: d.wallSeconds })))
      }
      // a shard writes its figures; the report of `all` is written once, by merge
      await output(done, name, opts.out, opts.json, profile, opts.quick, opts.shard === undefined)
    })
}

/** Options merge would ignore: the shards' manifests say what the sweep ran. */
const MERGE_IGNORES = ['profile', 'set', 'ranks', 'quick', 'jobs', 'shard', 'loggopsim'] as const
/** Options of the figure sweeps that bench scale has no use for. */
const SCALE_IGNORES = ['jobs', 'shard', 'loggopsim'] as const

/** An option given to a subcommand that would silently ignore it is an error instead. */
function refuseOptions(command: string, raw: unknown, names: readonly string[], why: string): void {
  const given = names.find((n) => (raw as Record<string, unknown>)[n] !== undefined)
  if (given !== undefined) throw new UsageError(`--${given}: not an option of ${command} (${why})`)
}

interface Done {
  readonly figure: Figure
  readonly result: FigureResult
  readonly wallSeconds: number
}

/** Writes and prints what a run (or a merge of shards) produced, the same way for both. */
async function output(done: readonly Done[], name: string, out: string | undefined, json: boolean, profile: string | undefined, quick: boolean, report: boolean): Promise<void> {
  const entries: ReportEntry[] = []
  for (const { figure, result, wallSeconds } of done) {
    const checks = figure.check?.(result) ?? []
    const svgFile = out ? await writeOutputs(out, figure, result, checks) : undefined
    entries.push({ name: figure.name, title: figure.title, result, svgFile, checks, wallSeconds })
  }
  if (out && name === 'all' && report) {
    const file = join(resolve(out), 'index.html')
    writeFileSync(file, renderReport(entries, { profile, quick, docs: figuresDocHref(resolve(out)) }))
    process.stderr.write(`wrote ${file} (report)\n`)
  }
  printResults(entries, json, name, profile)
}

async function merge(dirs: readonly string[], out: string | undefined, json: boolean): Promise<void> {
  if (dirs.length === 0) throw new UsageError('bench merge: give the --out directories of the shards')
  const m = mergeShards(dirs, selectFigures)
  if (out) checkOutDir(out)
  await output(m.figures, m.selection, out, json, m.profile, m.quick, true)
}

type Track = (name: string) => (done: number, total: number) => void

async function runInProcess(selected: readonly Figure[], profile: string | undefined, quick: boolean, track: Track): Promise<BenchOutcome[]> {
  const out: BenchOutcome[] = []
  for (const figure of selected) {
    const started = performance.now()
    const result = await figure.run({ profile, quick, onProgress: track(figure.name) })
    out.push({ result, wallSeconds: (performance.now() - started) / 1000 })
  }
  return out
}

function runInWorkers(
  selected: readonly Figure[], profile: string | undefined, custom: Profile | undefined, quick: boolean, jobs: number, track: Track,
): Promise<BenchOutcome[]> {
  const bars = selected.map((f) => track(f.name))
  const tasks: BenchTask[] = selected.map((f) => ({ name: f.name, profile, quick, ...(custom === undefined ? {} : { custom }) }))
  return runPool<BenchTask, BenchOutcome>(BENCH_WORKER, tasks, { jobs, onProgress: (i, done, total) => bars[i]!(done, total) })
}

function selectFigures(name: string): readonly Figure[] {
  if (name.includes(',')) return name.split(',').map((one) => selectOne(one))
  if (name === 'all') return figures.filter((f) => (f.kind ?? 'figure') === 'figure')
  if (name === 'perf') return figures.filter((f) => f.kind === 'perf')
  return [selectOne(name)]
}

function selectOne(name: string): Figure {
  const figure = findFigure(name)
  if (!figure) throw new UsageError(`unknown benchmark "${name}"; known: ${figures.map((f) => f.name).join(', ')}, all, perf, scale, merge`)
  return figure
}

/** Fails before the run, in one line, when --out cannot be created or written (e.g. under /proc). */
function checkOutDir(dir: string): void {
  const out = resolve(dir)
  const probe = join(out, `.spinmpi-write-check-${process.pid}`)
  try {
    makeDirs(out)
    writeFileSync(probe, '')
    unlinkSync(probe)
  } catch (err) {
    throw new UsageError(`--out: cannot write into ${dir} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
}

/**
 * mkdir -p one level at a time: Node 20's recursive mkdirSync loops forever under /proc, whose
 * directories refuse new entries with ENOENT.
 */
function makeDirs(dir: string): void {
  if (existsSync(dir)) return
  const parent = dirname(dir)
  if (parent !== dir) makeDirs(parent)
  mkdirSync(dir)
}

/** The JSON of a figure: its result with the claims checked on it (basis, constants, pass). */
function withClaims(result: FigureResult, checks: readonly ClaimCheck[]): FigureResult {
  return { ...result, claims: checks }
}

async function writeOutputs(dir: string, figure: Figure, result: FigureResult, checks: readonly ClaimCheck[]): Promise<string | undefined> {
  const out = resolve(dir)
  makeDirs(out)
  const jsonFile = join(out, `${figure.name}.json`)
  writeFileSync(jsonFile, `${JSON.stringify(withClaims(result, checks), null, 2)}\n`)
  process.stderr.write(`wrote ${jsonFile}\n`)
  const svg = await renderFigure(figure, result)
  if (!svg) return undefined
  const svgFile = join(out, `${figure.name}.svg`)
  writeFileSync(svgFile, svg)
  process.stderr.write(`wrote ${svgFile}\n`)
  return `${figure.name}.svg`
}

/** A claim as the CLI prints it; an undecided claim shows no partial value (a quick sweep's). */
function claimLine(c: ClaimCheck): string {
  const status = claimStatus(c)
  if (status === 'undecided') return `${UNDECIDED_TEXT} [${basisText(c)}]: ${c.claim}`
  const cause = status === 'miss' && c.cause !== undefined ? `; cause with the figure's default profile: ${c.cause}` : ''
  return `${status === 'miss' ? 'MISS' : status} [${basisText(c)}]: ${c.claim} (measured: ${c.measured}${cause})`
}

/** `profile`: the --profile (or --set) the sweep was asked to run on; undefined: each figure's own. */
function printResults(entries: readonly ReportEntry[], json: boolean, name: string, profile: string | undefined): void {
  if (json) {
    const results = entries.map((e) => withClaims(e.result, e.checks))
    process.stdout.write(`${JSON.stringify(name === 'all' || name === 'perf' || name.includes(',') ? results : results[0], null, 2)}\n`)
    return
  }
  // A sweep of many figures prints the claims only; one figure prints its table too.
  const tables = entries.length === 1
  for (const e of entries) {
    const extras = Object.entries(e.result).filter(([k]) => !['name', 'profile', 'rows', 'ratios'].includes(k))
    const ratios = e.result.ratios as readonly RatioSummary[] | undefined
    // a sweep prints a perf suite's ratios, not its rows: count what is printed
    const size = !tables && ratios !== undefined && ratios.length > 0
      ? `${ratios.length} ratios; ${e.result.rows.length} rows with bench ${e.name}`
      : `${e.result.rows.length} rows`
    process.stdout.write(`\n${e.name}: ${e.title} (profile ${e.result.profile}, ${size}, ${e.wallSeconds.toFixed(1)} s)\n`)
    const ignored = ignoredProfileNote(e.result.profile, profile)
    if (ignored !== null) process.stdout.write(`  ${ignored}\n`)
    // a sweep on sc19 prints claims only; one figure, or any on a profile asked for, says what it set
    const set = tables || profile !== undefined ? overridesNote(e.result, profile) : null
    if (set !== null) process.stdout.write(`  ${set}\n`)
    if (tables) {
      for (const [k, v] of extras) if (typeof v !== 'object') process.stdout.write(`  ${k}: ${String(v)}\n`)
      process.stdout.write(`${formatTable(e.result.rows as Record<string, unknown>[])}\n`)
      // a second table some figures carry (goal-speed's LogGOPSim rows)
      for (const [k, v] of extras) {
        if (Array.isArray(v) && v.length > 0 && typeof v[0] === 'object') process.stdout.write(`${k}:\n${formatTable(v as Record<string, unknown>[])}\n`)
      }
    }
    if (ratios !== undefined && ratios.length > 0) {
      process.stdout.write(`speed against the in-run reference (reference median time / task time; above 1x is faster):\n${formatRatioTable(ratios)}\n`)
    }
    for (const c of e.checks) process.stdout.write(`  ${claimLine(c)}\n`)
  }
  const checks = entries.flatMap((e) => e.checks)
  if (checks.length > 0) process.stdout.write(`\n${formatTally(tallyClaims(checks))}\n`)
  for (const note of calibrationNotes(entries)) process.stdout.write(`${note}\n`)
}

/**
 * A figure that runs on machines of its own (bcast: the SC17 NICs and Myrinet, which its claims
 * are about) does not take --profile: say so beside its header, so the sweep is not read as the
 * user's machine. undefined when it ran on the profile asked for, or none was asked for.
 */
export function ignoredProfileNote(ran: string, asked: string | undefined): string | null {
  if (asked === undefined || ran === asked) return null
  return `not run on --profile ${asked}: this figure runs on its own machines (${ran})`
}
