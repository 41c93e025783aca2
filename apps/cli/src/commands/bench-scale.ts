// `spinmpi bench scale`: the many-rank benchmark (scale/scale-workload.ts: bcast + allreduce + a
// ring halo exchange) on 256, 1024 and 4096 ranks in timing and data mode. Each case runs in a
// child process of its own so that its peak RSS is its own; cases run one after another.

import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Profile } from '@spinmpi/nic'
import { UsageError } from '../cli-error.js'
import type { ScaleMeasure } from '../scale/scale-workload.js'
import { formatTable } from '../table.js'

const CHILD = fileURLToPath(new URL('../scale/scale-child.js', import.meta.url))

export const SCALE_RANKS = [256, 1024, 4096] as const
export const SCALE_QUICK_RANKS = [64, 256] as const

export interface ScaleBenchOptions {
  readonly ranks: readonly number[]
  readonly profile: Profile
  readonly json: boolean
  /** --out: the directory (already checked writable) that gets scale.json, the --json text. */
  readonly out?: string | undefined
}

export function runScaleBench(o: ScaleBenchOptions): void {
  const rows: ScaleMeasure[] = []
  for (const ranks of o.ranks) {
    for (const mode of ['timing', 'data'] as const) {
      process.stderr.write(`bench scale: ${ranks} ranks, ${mode} mode ...\n`)
      rows.push(runChild(ranks, mode, o.profile))
    }
  }
  const json = `${JSON.stringify({ name: 'scale', profile: o.profile.name, rows }, null, 2)}\n`
  if (o.out !== undefined) {
    const file = join(resolve(o.out), 'scale.json')
    writeFileSync(file, json)
    process.stderr.write(`wrote ${file}\n`)
  }
  if (o.json) {
    process.stdout.write(json)
    return
  }
  const table = rows.map((r) => ({
    ranks: r.ranks,
    mode: r.mode,
    // to the hundredth, as measured (four significant digits would read "0.5700")
    'wall (s)': r.wallSeconds.toFixed(2),
    'CPU (s)': r.cpuSeconds.toFixed(2),
    'peak RSS (MiB)': Math.round(r.peakRssBytes / 2 ** 20),
    events: r.events,
    'events/s': Math.round(r.eventsPerSecond),
    messages: r.messages,
    'simulated (ns)': round(r.simulatedNs, 1),
  }))
  process.stdout.write(`\nscale: bcast + allreduce + ring halo exchange per run (profile ${o.profile.name}; one process per row)\n${formatTable(table)}\n`)
}

function runChild(ranks: number, mode: 'data' | 'timing', profile: Profile): ScaleMeasure {
  let out: string
  try {
    // the child runs with this process's Node flags (the larger young generation of bin/spinmpi.js)
    out = execFileSync(process.execPath, [...process.execArgv, CHILD, String(ranks), mode, JSON.stringify(profile)], {
      encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20,
    })
  } catch (err) {
    throw new UsageError(`bench scale: the ${ranks}-rank ${mode} run failed (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`)
  }
  return JSON.parse(out) as ScaleMeasure
}

/** Ranks a case may ask for: about 2^20 ranks of the scale workload would need tens of GiB. */
export const MAX_SCALE_RANKS = 1 << 20

/** `--ranks 256,1024`: decimal digits only (`1e3` and `0x10` are no rank counts). */
export function parseRankList(text: string): number[] {
  const words = text.split(',').map((s) => s.trim())
  if (words.some((w) => !/^\d+$/.test(w) || Number(w) < 1)) {
    throw new UsageError('--ranks: expected a comma-separated list of positive integers, e.g. 256,1024')
  }
  const list = words.map(Number)
  const big = list.find((n) => n > MAX_SCALE_RANKS)
  if (big !== undefined) throw new UsageError(`--ranks: ${words[list.indexOf(big)]} is more than ${MAX_SCALE_RANKS} ranks`)
  return list
}

function round(x: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}
