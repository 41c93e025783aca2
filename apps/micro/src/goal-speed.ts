// GOAL end to end inside one process: text in, per-host times out, by the object path
// (parseGoal + simulateLogGops: one object per operation) and by the streaming path
// (readGoalGraphFromBytes + simulateLogGopsGraph: bytes straight into typed arrays), on
// generated schedules, alternating runs; the object path is the in-run reference. Both must give
// the same result (checked every run). Wall-clock speed of spinmpi itself, not a paper figure.
import {
  parseGoal, readGoalGraphFromBytes, simulateLogGops, simulateLogGopsGraph,
  writeAllreduce, writePingPongChain, writeRandomExchange, type TextSink,
} from '@spinmpi/goal'
import type { ClaimCheck, Figure, FigureOptions, FigureResult } from './figure.js'

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
  return { name: 'goal-speed', profile: options.profile ?? 'host', rows }
}

function check(result: FigureResult): readonly ClaimCheck[] {
  const rows = result.rows as readonly GoalSpeedRow[]
  const worst = Math.min(...rows.map((r) => r.speedup))
  return [{ claim: 'streaming GOAL reader + graph simulation is faster than the object path on every schedule (same run)', paper: "issue #14: spinmpi's own speed target (no paper claim)", basis: 'predicted', constants: [], pass: worst > 1, measured: `slowest speed-up ${worst}x` }]
}

export const goalSpeed: Figure = {
  name: 'goal-speed',
  title: 'GOAL text to per-host times: streaming reader vs object path (in-run reference), same process',
  kind: 'perf',
  run,
  check,
}
