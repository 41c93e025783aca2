// The streamed GOAL export (goal-trace-text.ts) against the builder path it replaced (the
// recorder replayed through GoalBuilder, then writeGoal): the same bytes, the same LogGOPS
// times, and the same first error when a recording is invalid.
import { GoalScheduleError, parseGoal, simulateLogGops, writeGoal } from '@spinmpi/goal'
import { describe, expect, it, vi } from 'vitest'
import { captureGoalTraces, captureLastGoalTrace, GoalTrace, run, types, type Comm } from '../src/internal.js'

/** The last run's recorder inside `fn`, and how many runs there were. */
async function record(ranks: number, main: (comm: Comm) => Promise<unknown>): Promise<GoalTrace> {
  const { runs, last } = await captureLastGoalTrace(() => run({ ranks, mode: 'timing' }, main))
  expect(runs).toBe(1)
  return last!
}

function chunksOf(trace: GoalTrace): string[] {
  const chunks: string[] = []
  trace.writeGoalText((c) => chunks.push(c))
  return chunks
}

const RUNS: Record<string, [number, (comm: Comm) => Promise<unknown>]> = {
  'isend/irecv, compute, waitall': [2, async (comm) => {
    const peer = 1 - comm.rank
    const rq = comm.irecv(null, 8, types.BYTE, peer, 1)
    const sq = comm.isend(null, 8, types.BYTE, peer, 1)
    await comm.compute({ ns: 4000 })
    await comm.waitall([rq, sq])
    await comm.compute(500)
  }],
  'wildcard receives': [3, async (comm) => {
    if (comm.rank === 0) {
      await comm.recv(null, 64, types.BYTE, comm.ANY_SOURCE, comm.ANY_TAG)
      await comm.recv(null, 64, types.BYTE, comm.ANY_SOURCE, comm.ANY_TAG)
    } else {
      await comm.compute(comm.rank * 10_000)
      await comm.send(null, 10 * comm.rank, types.BYTE, 0, 30 + comm.rank)
    }
  }],
  'nonblocking ring of 6 with many outstanding requests': [6, async (comm) => {
    const reqs = []
    for (let k = 0; k < 5; k++) {
      reqs.push(comm.irecv(null, 100 * (k + 1), types.BYTE, (comm.rank + comm.size - 1) % comm.size, k))
      reqs.push(comm.isend(null, 100 * (k + 1), types.BYTE, (comm.rank + 1) % comm.size, k))
    }
    await comm.waitall(reqs)
  }],
  'collectives, an offloaded bcast and a split': [5, async (comm) => {
    await comm.allreduce(null, null, 4, types.FLOAT64, 'SUM')
    await comm.bcast(null, 3000, types.FLOAT64, 0, { algorithm: 'nic-stream' })
    const half = (await comm.split(comm.rank % 2, 0))!
    await half.alltoall(null, 2, types.FLOAT32, null, 2, types.FLOAT32)
    await comm.barrier()
  }],
}

describe('streamed GOAL export', () => {
  for (const [name, [ranks, main]] of Object.entries(RUNS)) {
    it(`${name}: the builder path's bytes and LogGOPS times`, async () => {
      const trace = await record(ranks, main)
      const streamed = chunksOf(trace).join('')
      const built = writeGoal(trace.schedule())
      expect(streamed).toBe(built)
      expect(trace.toText()).toBe(built)
      expect(simulateLogGops(parseGoal(streamed)).ranks).toEqual(simulateLogGops(trace.schedule()).ranks)
    })
  }

  it('gives RunResult.goal and captureGoalTraces the same text', async () => {
    const [ranks, main] = RUNS['wildcard receives']!
    const trace = await record(ranks, main)
    const r = await run({ ranks, mode: 'timing', trace: 'goal' }, main)
    const { goals } = await captureGoalTraces(() => run({ ranks, mode: 'timing' }, main))
    expect(r.goal).toBe(trace.toText())
    expect(goals).toEqual([r.goal])
  })

  it('RunResult.writeGoal streams the text without making RunResult.goal, which is made once when read', async () => {
    const made = vi.spyOn(GoalTrace.prototype, 'toText')
    try {
      const r = await run({ ranks: 4, mode: 'timing', trace: 'goal' }, async (comm) => {
        for (let k = 0; k < 3000; k++) await comm.sendrecv(null, 8, types.BYTE, comm.rank ^ 1, 0, null, 8, types.BYTE, comm.rank ^ 1, 0)
      })
      const chunks: string[] = []
      r.writeGoal!((c) => chunks.push(c))
      expect(chunks.length).toBeGreaterThan(1)
      expect(made).not.toHaveBeenCalled()
      const text = r.goal!
      expect(chunks.join('')).toBe(text)
      expect(r.goal).toBe(text)
      expect(made).toHaveBeenCalledTimes(1)
      // once made, writeGoal hands the string over as it is
      const again: string[] = []
      r.writeGoal!((c) => again.push(c))
      expect(again).toEqual([text])
      // runGoalTrace and JSON see goal as a plain field
      expect(JSON.parse(JSON.stringify({ goal: r.goal })).goal).toBe(text)
      expect(Object.keys(r)).toEqual(expect.arrayContaining(['goal', 'writeGoal']))
    } finally {
      made.mockRestore()
    }
    const plain = await run({ ranks: 2, mode: 'timing' }, (c) => c.barrier())
    expect(plain.goal).toBeUndefined()
    expect(plain.writeGoal).toBeUndefined()
  })

  it('writes a big schedule in chunks of about 64 Ki characters, each ending a line', async () => {
    const trace = await record(4, async (comm) => {
      for (let k = 0; k < 3000; k++) await comm.sendrecv(null, 8, types.BYTE, comm.rank ^ 1, 0, null, 8, types.BYTE, comm.rank ^ 1, 0)
    })
    const chunks = chunksOf(trace)
    expect(chunks.join('')).toBe(writeGoal(trace.schedule()))
    expect(chunks.length).toBeGreaterThan(1)
    for (const c of chunks) expect(c.endsWith('\n')).toBe(true)
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(1 << 16)
  })

  it('the CLI capture keeps the last run only and makes no text for it', async () => {
    const { value, runs, last } = await captureLastGoalTrace(async () => {
      await run({ ranks: 2 }, (c) => c.barrier())
      return run({ ranks: 3 }, (c) => c.barrier())
    })
    expect(runs).toBe(2)
    expect(value.goal).toBeUndefined()
    expect(last!.size).toBe(3)
    expect(last!.toText().startsWith('num_ranks 3\n')).toBe(true)
  })
})

describe('streamed GOAL export: checks', () => {
  /** The error the builder path throws for the same recording, and the streamed path's. */
  function errors(trace: GoalTrace): [unknown, unknown] {
    let built: unknown
    let streamed: unknown
    try { trace.schedule() } catch (e) { built = e }
    try { trace.writeGoalText(() => {}) } catch (e) { streamed = e }
    return [built, streamed]
  }

  it.each([
    ['a peer out of the run', (t: GoalTrace) => { t.rank(1).peers[0] = 7 }, 'ranks[1].ops[0].src: rank 7 does not exist (2 ranks)'],
    ['a fractional size', (t: GoalTrace) => { t.rank(0).amounts[1] = 2.5 }, 'ranks[0].ops[1].bytes: expected an integer in 0..9007199254740991, got 2.5'],
    ['a tag below ANY', (t: GoalTrace) => { t.rank(0).tags[0] = -2 }, 'ranks[0].ops[0].tag: expected an integer in -1..4294967294, got -2'],
    ['a send to -1, after a bad peer in a later rank', (t: GoalTrace) => { t.rank(1).peers[0] = 9; t.rank(0).peers[0] = -1 }, 'ranks[0].ops[0].dest: expected an integer in 0..9007199254740991, got -1'],
  ])('%s: the same GoalScheduleError as the builder', async (_name, spoil, message) => {
    const trace = await record(2, async (comm) => {
      const buf = null
      if (comm.rank === 0) {
        await comm.send(buf, 4, types.BYTE, 1, 0)
        await comm.recv(buf, 4, types.BYTE, 1, 0)
      } else {
        await comm.recv(buf, 4, types.BYTE, 0, 0)
        await comm.send(buf, 4, types.BYTE, 0, 0)
      }
    })
    spoil(trace)
    const [built, streamed] = errors(trace)
    expect(built).toBeInstanceOf(GoalScheduleError)
    expect(streamed).toBeInstanceOf(GoalScheduleError)
    expect((built as Error).message).toBe(message)
    expect((streamed as Error).message).toBe(message)
  })
})
