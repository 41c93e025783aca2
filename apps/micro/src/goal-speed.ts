// GOAL end to end inside one process: text in, per-host times out, by the object path
// (parseGoal + simulateLogGops: one object per operation) and by the streaming path
// (readGoalGraphFromBytes + simulateLogGopsGraph: bytes straight into typed arrays), on
// generated schedules, alternating runs; the object path is the in-run reference. Both must give
// the same result (checked every run). Wall-clock speed of spinmpi itself, not a paper figure.
// With a LogGOPSim build (--loggopsim DIR or LOGGOPSIM_DIR) it also runs LogGOPSim's txt2bin +
// LogGOPSim beside spinmpi's reader (each a process of its own) on the three schedules
// written to files, rounds alternating, and checks the two give the same end times.
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  parseGoal, readGoalGraphFromBytes, simulateLogGops, simulateLogGopsGraph,
  writeAllreduce, writePingPongChain, writeRandomExchange, type TextSink,
} from '@spinmpi/goal'
import type { ClaimCheck, Figure, FigureOptions, FigureResult } from './figure.js'
import { findLogGopSim, runLogGopSim, sameTimes, type LogGopSimBuild, type ProcessCost } from './loggopsim.js'
import type { RatioSummary } from './ratio.js'

export type GoalSpeedRow = {
  readonly schedule: string
  readonly ops: number
  readonly bytes: number
  readonly runs: number
  readonly objectMedianMs: number
  readonly objectMinMs: number
  readonly objectMaxMs: number
  readonly streamMedianMs: number
  readonly streamMinMs: number
  readonly streamMaxMs: number
  /** Object-path median over streaming-path median, same run. */
  readonly speedup: number
}

function generate(write: (sink: TextSink) => void): Uint8Array {
  const parts: string[] = []
  write((s) => parts.push(s))
  return new TextEncoder().encode(parts.join(''))
}

const stats = (ms: number[]): { median: number; min: number; max: number } => {
  const s = [...ms].sort((a, b) => a - b)
  return { median: Math.round(s[s.length >> 1]! * 10) / 10, min: Math.round(s[0]! * 10) / 10, max: Math.round(s[s.length - 1]! * 10) / 10 }
}

async function run(options: FigureOptions): Promise<FigureResult> {
  const quick = options.quick === true
  const runs = quick ? 3 : 5
  const schedules: Array<[string, () => Uint8Array]> = quick
    ? [
        ['allreduce 256 hosts', () => generate((s) => writeAllreduce(s, 256))],
        ['ping-pong chain 20k ops', () => generate((s) => writePingPongChain(s, 20_000))],
        ['random 16 ranks 19k ops', () => generate((s) => writeRandomExchange(s, 16, 400))],
      ]
    : [
        ['allreduce 4096 hosts', () => generate((s) => writeAllreduce(s, 4096))],
        ['ping-pong chain 200k ops', () => generate((s) => writePingPongChain(s, 200_000))],
        ['random 16 ranks 115k ops', () => generate((s) => writeRandomExchange(s, 16, 2400))],
      ]
  const rows: GoalSpeedRow[] = []
  for (const [schedule, make] of schedules) {
    const bytes = make()
    const text = new TextDecoder().decode(bytes)
    const object: number[] = []
    const stream: number[] = []
    let ops = 0
    for (let r = 0; r < runs; r++) {
      let t0 = performance.now()
      const a = simulateLogGops(parseGoal(text))
      object.push(performance.now() - t0)
      t0 = performance.now()
      const g = readGoalGraphFromBytes(bytes)
      const b = simulateLogGopsGraph(g)
      stream.push(performance.now() - t0)
      ops = g.numOps
      if (JSON.stringify(a.ranks) !== JSON.stringify(b.ranks)) throw new Error(`goal-speed: ${schedule}: the two paths disagree`)
    }
    const o = stats(object)
    const s = stats(stream)
    rows.push({
      schedule, ops, bytes: bytes.length, runs,
      objectMedianMs: o.median, objectMinMs: o.min, objectMaxMs: o.max,
      streamMedianMs: s.median, streamMinMs: s.min, streamMaxMs: s.max,
      speedup: Math.round((o.median / s.median) * 100) / 100,
    })
    options.onProgress?.(rows.length, schedules.length)
  }
  const ratios: RatioSummary[] = rows.map((r) => ({
    task: `${r.schedule}: streaming reader + graph simulation`, reference: 'object path (parseGoal + simulateLogGops), same run',
    samples: r.runs, min: r.objectMedianMs / r.streamMaxMs, median: r.speedup, max: r.objectMedianMs / r.streamMinMs,
  }))
  const build = findLogGopSim()
  const side = build.available ? sideBySide(build, quick) : []
  for (const r of side) {
    ratios.push({ task: `${r.schedule}: spinmpi goal reader, own process`, reference: 'LogGOPSim txt2bin + LogGOPSim wall, same round', samples: r.rounds, min: r.wallRatioMin, median: r.wallRatio, max: r.wallRatioMax })
  }
  return {
    name: 'goal-speed',
    profile: options.profile ?? 'host',
    rows,
    loggopsim: build.available
      ? `LogGOPSim in ${build.dir}: txt2bin + LogGOPSim beside spinmpi's reader (each its own process), ${side[0]?.rounds ?? 0} round(s) per schedule alternating; ratio = LogGOPSim wall / spinmpi wall within a round (above 1x: spinmpi faster)`
      : `not measured: ${build.reason}; compare with the in-run object path only`,
    loggopsimRows: side,
    loggopsimTarget: !build.available
      ? 'not measured (no LogGOPSim build)'
      : quick
        ? `not the target's schedules (--quick: small files, where Node's start-up dominates): ${loggopsimTarget(side)}`
        : loggopsimTarget(side),
    ratios,
  }
}

/** One schedule, spinmpi's reader against LogGOPSim's txt2bin + LogGOPSim, medians over rounds. */
export interface LogGopSimRow {
  readonly schedule: string
  readonly ops: number
  readonly bytes: number
  readonly rounds: number
  readonly oursWallMs: number
  readonly oursCpuMs: number
  readonly oursMaxRssKB: number
  readonly loggopsimWallMs: number
  readonly txt2binWallMs: number
  readonly txt2binCpuMs: number | null
  readonly txt2binMaxRssKB: number | null
  readonly simWallMs: number
  readonly simCpuMs: number | null
  readonly simMaxRssKB: number | null
  /** LogGOPSim wall (txt2bin + LogGOPSim) / spinmpi wall, per round: median and range. */
  readonly wallRatio: number
  readonly wallRatioMin: number
  readonly wallRatioMax: number
  /** spinmpi peak RSS over the larger of txt2bin's and LogGOPSim's (null without /usr/bin/time). */
  readonly rssRatio: number | null
  readonly bytesPerOp: number
  readonly loggopsimBytesPerOp: number | null
  /** End times identical to what LogGOPSim printed (all hosts up to 16, else the maximum and its host). */
  readonly sameTimes: boolean
  readonly timesCompared: 'all hosts' | 'maximum and its host'
}

/** The three schedules (quick: small ones), written to files in `dir`. */
function scheduleFiles(dir: string, quick: boolean): Array<{ schedule: string; file: string }> {
  const list: Array<[string, (sink: TextSink) => void]> = quick
    ? [
        ['allreduce 256 hosts', (s) => writeAllreduce(s, 256)],
        ['ping-pong chain 20k ops', (s) => writePingPongChain(s, 20_000)],
        ['random 16 ranks 19k ops', (s) => writeRandomExchange(s, 16, 400)],
      ]
    : [
        ['allreduce 65,536 hosts', (s) => writeAllreduce(s, 65_536)],
        ['ping-pong chain 2 M ops', (s) => writePingPongChain(s, 2_000_000)],
        ['random 16 ranks 1.15 M ops', (s) => writeRandomExchange(s, 16, 24_000)],
      ]
  return list.map(([schedule, write], i) => {
    const file = join(dir, `schedule-${i}.goal`)
    const fd = openSync(file, 'w')
    try {
      write((piece) => writeSync(fd, piece))
    } finally {
      closeSync(fd)
    }
    return { schedule, file }
  })
}

const CHILD = fileURLToPath(new URL('./goal-run-child.js', import.meta.url))

/** spinmpi's reader in a process of its own (the built goal-run-child.js). */
function runOurs(file: string): { cost: ProcessCost & { cpuMs: number; maxRssKB: number }; ops: number; ranks: number[] | null; max: number | null; maxRank: number | null } {
  const t0 = performance.now()
  const r = spawnSync(process.execPath, [CHILD, file], { encoding: 'utf8', maxBuffer: 1 << 26 })
  const wallMs = performance.now() - t0
  if (r.error !== undefined) throw r.error
  if (r.status !== 0) throw new Error(`goal-speed: spinmpi's reader failed on ${file}: ${r.stderr.trim().split('\n').slice(-1)[0] ?? ''}`)
  const out = JSON.parse(r.stdout) as { ops: number; ranks: number[] | null; max: number | null; maxRank: number | null; cpuMs: number; maxRssKB: number }
  return { cost: { wallMs, cpuMs: out.cpuMs, maxRssKB: out.maxRssKB }, ops: out.ops, ranks: out.ranks, max: out.max, maxRank: out.maxRank }
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
const orNull = (xs: ReadonlyArray<number | null>): number | null => (xs.every((x): x is number => x !== null) ? median(xs as number[]) : null)
const round2 = (x: number): number => Math.round(x * 100) / 100

function sideBySide(build: Extract<LogGopSimBuild, { available: true }>, quick: boolean): LogGopSimRow[] {
  const rounds = quick ? 1 : 3
  const dir = mkdtempSync(join(tmpdir(), 'spinmpi-goal-speed-'))
  try {
    const rows: LogGopSimRow[] = []
    for (const { schedule, file } of scheduleFiles(dir, quick)) {
      const ours: ProcessCost[] = []
      const t2b: ProcessCost[] = []
      const sim: ProcessCost[] = []
      let same = true
      let compared: LogGopSimRow['timesCompared'] = 'all hosts'
      let ops = 0
      for (let k = 0; k < rounds; k++) {
        const o = runOurs(file)
        const l = runLogGopSim(build, file, dir)
        ours.push(o.cost)
        t2b.push(l.txt2bin)
        sim.push(l.sim)
        ops = o.ops
        if (!sameTimes(o, l.times)) same = false
        if (l.times?.kind === 'max') compared = 'maximum and its host'
      }
      const ratios = ours.map((o, i) => (t2b[i]!.wallMs + sim[i]!.wallMs) / o.wallMs)
      const oursRss = median(ours.map((o) => o.maxRssKB!))
      const t2bRss = orNull(t2b.map((c) => c.maxRssKB))
      const simRss = orNull(sim.map((c) => c.maxRssKB))
      const theirRss = t2bRss === null || simRss === null ? null : Math.max(t2bRss, simRss)
      rows.push({
        schedule, ops, bytes: statSync(file).size, rounds,
        oursWallMs: Math.round(median(ours.map((o) => o.wallMs))),
        oursCpuMs: median(ours.map((o) => o.cpuMs!)),
        oursMaxRssKB: oursRss,
        loggopsimWallMs: Math.round(median(ours.map((_, i) => t2b[i]!.wallMs + sim[i]!.wallMs))),
        txt2binWallMs: Math.round(median(t2b.map((c) => c.wallMs))),
        txt2binCpuMs: orNull(t2b.map((c) => c.cpuMs)),
        txt2binMaxRssKB: t2bRss,
        simWallMs: Math.round(median(sim.map((c) => c.wallMs))),
        simCpuMs: orNull(sim.map((c) => c.cpuMs)),
        simMaxRssKB: simRss,
        wallRatio: round2(median(ratios)), wallRatioMin: round2(Math.min(...ratios)), wallRatioMax: round2(Math.max(...ratios)),
        rssRatio: theirRss === null ? null : round2(oursRss / theirRss),
        bytesPerOp: Math.round((oursRss * 1024) / ops),
        loggopsimBytesPerOp: theirRss === null ? null : Math.round((theirRss * 1024) / ops),
        sameTimes: same,
        timesCompared: compared,
      })
    }
    return rows
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function loggopsimTarget(rows: readonly LogGopSimRow[]): string {
  const wall = rows.every((r) => r.wallRatio >= 1)
  const mem = rows.every((r) => r.rssRatio !== null && r.rssRatio <= 2)
  const times = rows.every((r) => r.sameTimes)
  return `wall <= LogGOPSim's on every schedule (median ratio >= 1x): ${wall ? 'met' : 'missed'}; ` +
    `peak RSS <= 2x the larger of txt2bin's and LogGOPSim's: ${rows.some((r) => r.rssRatio === null) ? 'not measured (no /usr/bin/time)' : mem ? 'met' : 'missed'}; ` +
    `same end times: ${times ? 'yes' : 'NO'}`
}

function check(result: FigureResult): readonly ClaimCheck[] {
  const rows = result.rows as readonly GoalSpeedRow[]
  const worst = Math.min(...rows.map((r) => r.speedup))
  const side = (result.loggopsimRows ?? []) as readonly LogGopSimRow[]
  const same: ClaimCheck[] = side.length === 0 ? [] : [{
    claim: "same per-host end times as LogGOPSim's txt2bin + LogGOPSim on every schedule (LogGOPSim is the reference for the LogGOPS semantics)",
    paper: 'issue #14 (LogGOPSim, Hoefler et al., HPDC 2010)', basis: 'predicted', constants: [],
    pass: side.every((r) => r.sameTimes), measured: side.map((r) => `${r.schedule}: ${r.sameTimes ? 'same' : 'DIFFERENT'} (${r.timesCompared})`).join('; '),
  }]
  return [...same, { claim: 'streaming GOAL reader + graph simulation is faster than the object path on every schedule (same run)', paper: "issue #14: spinmpi's own speed target (no paper claim)", basis: 'speed-target', constants: [], pass: worst > 1, measured: `slowest speed-up ${worst}x` }]
}

export const goalSpeed: Figure = {
  name: 'goal-speed',
  title: 'GOAL text to per-host times: streaming reader vs object path (in-run reference), same process',
  kind: 'perf',
  run,
  check,
}
