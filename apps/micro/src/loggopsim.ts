// LogGOPSim (spcl/LogGOPSim: its `txt2bin` and `LogGOPSim` programs), when the user has built it,
// run beside spinmpi's GOAL reader on the same text in the same run: the directory comes from
// `spinmpi bench --loggopsim DIR` or LOGGOPSIM_DIR. Each side runs as its own process, so both
// pay their start-up; wall time is taken here, CPU time and peak RSS from /usr/bin/time for
// LogGOPSim (when installed) and from the child's own resource usage for spinmpi.
// LogGOPSim prints every host's end time for up to 16 hosts and only the maximum above that;
// the comparison of times uses whichever it printed. Without a build the bench says so and
// carries on with its in-run reference.
import { spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { z } from 'zod'

/** What LOGGOPSIM_DIR or --loggopsim names: a directory holding the two built programs. */
export const LogGopSimDir = z.string().min(1, 'expected the directory holding txt2bin and LogGOPSim')

export type LogGopSimBuild =
  | { readonly available: true; readonly dir: string; readonly txt2bin: string; readonly sim: string }
  | { readonly available: false; readonly reason: string }

/** The build in `dir` (or LOGGOPSIM_DIR): both programs present and executable, or why not. */
export function findLogGopSim(dir: string | undefined = process.env.LOGGOPSIM_DIR): LogGopSimBuild {
  if (dir === undefined || dir === '') return { available: false, reason: 'no LogGOPSim build given (--loggopsim DIR or LOGGOPSIM_DIR)' }
  const parsed = LogGopSimDir.safeParse(dir)
  if (!parsed.success) return { available: false, reason: `LOGGOPSIM_DIR: ${parsed.error.issues[0]!.message}` }
  const root = resolve(parsed.data)
  const txt2bin = join(root, 'txt2bin')
  const sim = join(root, 'LogGOPSim')
  for (const program of [txt2bin, sim]) {
    try {
      accessSync(program, constants.X_OK)
    } catch {
      return { available: false, reason: `${program} is missing or not executable` }
    }
  }
  return { available: true, dir: root, txt2bin, sim }
}

/** One process run: wall time measured here; CPU and peak RSS when they could be measured. */
export interface ProcessCost {
  readonly wallMs: number
  readonly cpuMs: number | null
  readonly maxRssKB: number | null
}

/** End times LogGOPSim printed: every host's (up to 16 hosts), or only the largest and its host. */
export type LogGopSimTimes =
  | { readonly kind: 'hosts'; readonly hosts: readonly number[] }
  | { readonly kind: 'max'; readonly host: number; readonly max: number }

/** Reads the end times from LogGOPSim's standard output; null if it printed none (e.g. a deadlock). */
export function parseLogGopSimTimes(stdout: string): LogGopSimTimes | null {
  const hosts: number[] = []
  for (const m of stdout.matchAll(/^Host (\d+): (\d+)$/gm)) hosts[Number(m[1])] = Number(m[2])
  if (hosts.length > 0) return { kind: 'hosts', hosts }
  const m = /^Maximum finishing time at host (\d+): (\d+)/m.exec(stdout)
  return m === null ? null : { kind: 'max', host: Number(m[1]), max: Number(m[2]) }
}

/** Whether spinmpi's per-rank times (and its first rank with the maximum) agree with what LogGOPSim printed. */
export function sameTimes(ours: { readonly ranks: readonly number[] | null; readonly max: number | null; readonly maxRank: number | null }, theirs: LogGopSimTimes | null): boolean {
  if (theirs === null || ours.ranks === null) return false
  if (theirs.kind === 'hosts') return theirs.hosts.length === ours.ranks.length && theirs.hosts.every((t, i) => t === ours.ranks![i])
  return theirs.max === ours.max && theirs.host === ours.maxRank
}

const TIME = '/usr/bin/time'

/** Runs `program args`, timed; with /usr/bin/time also its CPU and peak RSS. Throws on failure. */
export function runTimed(program: string, args: readonly string[]): { cost: ProcessCost; stdout: string } {
  const scratch = mkdtempSync(join(tmpdir(), 'spinmpi-time-'))
  const usage = join(scratch, 'usage')
  const timed = existsSync(TIME)
  try {
    const t0 = performance.now()
    const r = timed
      ? spawnSync(TIME, ['-f', '%U %S %M', '-o', usage, program, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 })
      : spawnSync(program, args, { encoding: 'utf8', maxBuffer: 1 << 26 })
    const wallMs = performance.now() - t0
    if (r.error !== undefined) throw r.error
    if (r.status !== 0) throw new Error(`${program} exited with ${r.status}: ${(r.stderr || r.stdout).trim().split('\n').slice(-1)[0] ?? ''}`)
    let cpuMs: number | null = null
    let maxRssKB: number | null = null
    if (timed) {
      const [user, sys, rss] = readFileSync(usage, 'utf8').trim().split('\n').slice(-1)[0]!.split(' ').map(Number)
      cpuMs = Math.round((user! + sys!) * 1000)
      maxRssKB = rss!
    }
    return { cost: { wallMs, cpuMs, maxRssKB }, stdout: r.stdout }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** LogGOPSim end to end on a GOAL text file: txt2bin into a scratch binary, then LogGOPSim on it. */
export function runLogGopSim(build: Extract<LogGopSimBuild, { available: true }>, goalFile: string, scratchDir: string): { txt2bin: ProcessCost; sim: ProcessCost; times: LogGopSimTimes | null } {
  const bin = join(scratchDir, 'schedule.bin')
  const t = runTimed(build.txt2bin, ['-i', goalFile, '-o', bin])
  const s = runTimed(build.sim, ['-f', bin])
  rmSync(bin, { force: true })
  return { txt2bin: t.cost, sim: s.cost, times: parseLogGopSimTimes(s.stdout) }
}
