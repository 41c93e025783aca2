// `spinmpi bench NAME|all|perf`: run a figure or benchmark, print a table or JSON, and with
// --out write JSON + SVG per figure (and index.html for `all`). Several figures run in parallel
// on worker threads (--jobs, default all cores); each figure is deterministic and runs whole in
// one worker, so the results are the same as one after another in this process.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Command } from 'commander'
import { z } from 'zod'
import { claimStatus, figures, findFigure, formatTally, renderFigure, tallyClaims, type ClaimCheck, type Figure, type FigureResult } from '@spinmpi/micro'
import { UsageError } from '../cli-error.js'
import { parseOptions, positiveInt } from '../options.js'
import type { BenchOutcome, BenchTask } from '../bench-worker.js'
import { defaultJobs, runPool } from '../worker-pool.js'
import { createProgress } from '../progress.js'
import { renderReport, type ReportEntry } from '../report.js'
import { formatTable } from '../table.js'
import { mergeShards, shardFigures, shardOption, writeManifest } from '../bench-shard.js'

const BenchOptions = z.object({
  json: z.boolean().default(false),
  out: z.string().min(1, 'expected a directory').optional(),
  profile: z.string().min(1).optional(),
  quick: z.boolean().default(false),
  jobs: positiveInt.optional(),
  shard: shardOption.optional(),
})

/** The built worker next to this command's directory (apps/cli/dist/bench-worker.js). */
const BENCH_WORKER = new URL('../bench-worker.js', import.meta.url)

export function registerBench(program: Command): void {
  program
    .command('bench')
    .description(`run a figure or benchmark: ${figures.map((f) => f.name).join(', ')}, all (every figure + report), perf (speed suites)`)
    .argument('<name>', 'figure name, several joined by commas, "all", "perf", or "merge" (then the shard directories)')
    .argument('[dirs...]', 'with merge: the --out directories of the shards')
    .option('--json', 'print the result as JSON')
    .option('--out <dir>', 'write <name>.json and <name>.svg (and index.html for all) into dir')
    .option('--profile <name>', 'machine profile (default: each figure\'s own)')
    .option('--quick', 'a reduced sweep that runs in seconds')
    .option('--jobs <n>', 'figures run in parallel on worker threads (default: all cores; 1 = in this process)')
    .option('--shard <i/N>', 'run every N-th figure of the selection from the i-th (a job array; needs --out), then: bench merge DIR...')
    .action(async (name: string, dirs: string[], raw: unknown) => {
      const opts = parseOptions(BenchOptions, raw)
      if (name === 'merge') return merge(dirs, opts.out, opts.json)
      if (dirs.length > 0) throw new UsageError(`bench ${name}: unexpected argument "${dirs[0]}" (only merge takes directories)`)
      if (opts.shard && !opts.out) throw new UsageError('--shard: needs --out <dir> (merge reads the shards from there)')
      const all = selectFigures(name)
      const selected = opts.shard ? shardFigures(all, opts.shard) : all
      const progress = createProgress(!opts.json)
      const jobs = opts.jobs ?? defaultJobs()
      let outcomes: BenchOutcome[]
      try {
        outcomes = jobs > 1 && selected.length > 1
          ? await runInWorkers(selected, opts.profile, opts.quick, jobs, progress.track)
          : await runInProcess(selected, opts.profile, opts.quick, progress.track)
      } finally {
        progress.stop()
      }
      const done = selected.map((figure, i) => ({ figure, result: outcomes[i]!.result, wallSeconds: outcomes[i]!.wallSeconds }))
      if (opts.shard) {
        mkdirSync(resolve(opts.out!), { recursive: true })
        writeManifest(opts.out!, name, opts.shard, opts.quick, opts.profile, done.map((d) => ({ name: d.figure.name, wallSeconds: d.wallSeconds })))
      }
      // a shard writes its figures; the report of `all` is written once, by merge
      await output(done, name, opts.out, opts.json, opts.profile, opts.quick, opts.shard === undefined)
    })
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
    writeFileSync(file, renderReport(entries, { profile: profile ?? 'per figure', quick }))
    process.stderr.write(`report: ${file}\n`)
  }
  printResults(entries, json, name)
}

async function merge(dirs: readonly string[], out: string | undefined, json: boolean): Promise<void> {
  if (dirs.length === 0) throw new UsageError('bench merge: give the --out directories of the shards')
  const m = mergeShards(dirs, selectFigures)
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

function runInWorkers(selected: readonly Figure[], profile: string | undefined, quick: boolean, jobs: number, track: Track): Promise<BenchOutcome[]> {
  const bars = selected.map((f) => track(f.name))
  const tasks: BenchTask[] = selected.map((f) => ({ name: f.name, profile, quick }))
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
  if (!figure) throw new UsageError(`unknown benchmark "${name}"; known: ${figures.map((f) => f.name).join(', ')}, all, perf`)
  return figure
}

/** The JSON of a figure: its result with the claims checked on it (basis, constants, pass). */
function withClaims(result: FigureResult, checks: readonly ClaimCheck[]): FigureResult {
  return { ...result, claims: checks }
}

async function writeOutputs(dir: string, figure: Figure, result: FigureResult, checks: readonly ClaimCheck[]): Promise<string | undefined> {
  const out = resolve(dir)
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, `${figure.name}.json`), `${JSON.stringify(withClaims(result, checks), null, 2)}\n`)
  const svg = await renderFigure(figure, result)
  if (!svg) return undefined
  writeFileSync(join(out, `${figure.name}.svg`), svg)
  return `${figure.name}.svg`
}

function printResults(entries: readonly ReportEntry[], json: boolean, name: string): void {
  if (json) {
    const results = entries.map((e) => withClaims(e.result, e.checks))
    process.stdout.write(`${JSON.stringify(name === 'all' || name === 'perf' || name.includes(',') ? results : results[0], null, 2)}\n`)
    return
  }
  // A sweep of many figures prints the claims only; one figure prints its table too.
  const tables = entries.length === 1
  for (const e of entries) {
    const extras = Object.entries(e.result).filter(([k]) => !['name', 'profile', 'rows'].includes(k))
    process.stdout.write(`\n${e.name}: ${e.title} (profile ${e.result.profile}, ${e.result.rows.length} rows, ${e.wallSeconds.toFixed(1)} s)\n`)
    if (tables) {
      for (const [k, v] of extras) if (typeof v !== 'object') process.stdout.write(`  ${k}: ${String(v)}\n`)
      process.stdout.write(`${formatTable(e.result.rows as Record<string, unknown>[])}\n`)
    }
    for (const c of e.checks) {
      const status = claimStatus(c) === 'miss' ? 'MISS' : claimStatus(c)
      const basis = c.basis === 'calibrated' ? `calibrated: ${c.constants.join(', ')}` : 'predicted'
      process.stdout.write(`  ${status} [${basis}]: ${c.claim} (measured: ${c.measured})\n`)
    }
  }
  const checks = entries.flatMap((e) => e.checks)
  if (checks.length > 0) process.stdout.write(`\n${formatTally(tallyClaims(checks))}\n`)
}
