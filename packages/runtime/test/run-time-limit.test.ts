// run()'s timeLimitNs: a program that polls forever stops at the limit with a report of what each
// unfinished rank was doing; events at the limit still run; a run that ends within the limit is
// the same run as without one; withTimeLimit bounds the runs (and runUnpack) started inside it.
import { describe, expect, it } from 'vitest'
import { DeadlockError, MpiError, TimeLimitError, run, types, withTimeLimit, type Comm } from '../src/index.js'
import { runUnpack } from '../src/harness.js'
import { vector, FLOAT64 } from '@spinmpi/ddt'
import hello from '../../../examples/programs/hello.js'
import poll from '../../../examples/programs/poll.js'

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p
  } catch (e) {
    return e as Error
  }
  throw new Error('expected a rejection')
}

/** Everything a run reports, as one comparable value. */
const everything = (r: Awaited<ReturnType<typeof run>>) => JSON.stringify({ results: r.results, endTimes: r.endTimes, makespanPs: r.makespanPs, stats: r.stats })

describe('run() with timeLimitNs', () => {
  it('stops a rank polling iprobe for a message nobody sends, naming what every unfinished rank was doing', async () => {
    const err = await rejection(run({ ranks: 3, timeLimitNs: 10_000 }, async (comm: Comm) => {
      if (comm.rank === 1) await comm.recv(new Int32Array(1), 1, types.INT32, 0, 3)
      if (comm.rank === 2) await new Promise(() => {}) // parked outside any MPI call
      return poll(comm, [])
    }))
    expect(err).toBeInstanceOf(TimeLimitError)
    expect(err).toBeInstanceOf(MpiError)
    expect((err as MpiError).errorClass).toBe('ERR_OTHER')
    // each poll is one DRAM read (sc19: 4 ns), so the last event runs just before the limit
    expect(err.message).toBe('simulated time limit of 10 µs reached at 9.996 µs: 3 rank(s) still running: ' +
      'rank 0: last call iprobe(source=1, tag=7) on COMM_WORLD; rank 1: blocked in recv(source=0, tag=3, count=1 x int32); rank 2: no MPI call yet')
    const t = err as TimeLimitError
    expect([t.limitPs, t.atPs, t.running.map((r) => r.rank)]).toEqual([10_000_000, 9_996_000, [0, 1, 2]])
  })

  it('names 16 ranks in the message and counts the rest (the error keeps them all)', async () => {
    const err = await rejection(run({ ranks: 20, timeLimitNs: 100 }, async (comm: Comm) => { while (!(await comm.iprobe(0, 1))) {} }))
    expect(err.message).toMatch(/: 20 rank\(s\) still running: rank 0: last call iprobe\(source=0, tag=1\) on COMM_WORLD; .*; rank 15: [^;]+; 4 more$/)
    expect((err as TimeLimitError).running).toHaveLength(20)
  })

  it('names the wildcards and a request call', async () => {
    const err = await rejection(run({ ranks: 2, timeLimitNs: 1000 }, async (comm: Comm) => {
      if (comm.rank === 1) {
        const req = comm.irecv(new Int32Array(1), 1, types.INT32, comm.ANY_SOURCE, comm.ANY_TAG)
        while ((await comm.test(req)) === null) {}
      } else {
        while (!(await comm.iprobe(comm.ANY_SOURCE, comm.ANY_TAG))) {}
      }
    }))
    expect(err.message).toMatch(/^simulated time limit of 1 µs reached at [\d.]+ ns: 2 rank\(s\) still running: rank 0: last call iprobe\(source=ANY_SOURCE, tag=ANY_TAG\) on COMM_WORLD; rank 1: last call test on COMM_WORLD$/)
  })

  it('runs an event exactly at the limit, and stops at the first one after it', async () => {
    const main = async (comm: Comm) => { await comm.compute({ ns: 1234.567 }) }
    const free = await run({ ranks: 1 }, main)
    expect(free.makespanPs).toBe(1_234_567)
    const at = await run({ ranks: 1, timeLimitNs: 1234.567 }, main)
    expect(everything(at)).toBe(everything(free))
    const err = await rejection(run({ ranks: 1, timeLimitNs: 1234.566 }, main))
    expect(err.message).toBe('simulated time limit of 1.234566 µs reached at 0 ns: 1 rank(s) still running: rank 0: last call compute on COMM_WORLD')
  })

  it('gives a run that ends within the limit the same results, times and statistics as without one', async () => {
    const ring = (comm: Comm): Promise<unknown> => hello(comm, ['2'])
    const polled = (comm: Comm): Promise<unknown> => poll(comm, ['send'])
    const cases = [[{ ranks: 4 }, ring], [{ ranks: 4, faults: { loss: 0.1, dup: 0.1, seed: 2 } }, ring], [{ ranks: 2, mode: 'timing' as const }, polled]] as const
    for (const [options, main] of cases) {
      const free = await run(options, main)
      for (const limitNs of [free.makespanPs / 1000, 1e9]) expect(everything(await run({ ...options, timeLimitNs: limitNs }, main))).toBe(everything(free))
    }
  })

  it('lets packets still in flight when the last rank returns arrive, as without a limit', async () => {
    // rank 0 returns right after posting a send nobody receives; the message lands later
    const main = async (comm: Comm) => {
      if (comm.rank === 0) comm.isend(new Int32Array(4), 4, types.INT32, 1, 9)
    }
    const free = await run({ ranks: 2 }, main)
    expect(free.stats.unreceived).toEqual([{ rank: 1, source: 0, tag: 9, bytes: 16, contextId: 0, collective: false }])
    expect(everything(await run({ ranks: 2, timeLimitNs: free.makespanPs / 1000 }, main))).toBe(everything(free))
  })

  it('still reports a deadlock (no event left) as a deadlock', async () => {
    const err = await rejection(run({ ranks: 2, timeLimitNs: 1e6 }, async (comm: Comm) => {
      await comm.recv(new Int32Array(1), 1, types.INT32, 1 - comm.rank, 0)
    }))
    expect(err).toBeInstanceOf(DeadlockError)
  })

  it('refuses a limit that is not a positive time within the simulated clock, naming the field', async () => {
    for (const [bad, why] of [[0, 'expected a positive time'], [-5, 'expected a positive time'], ['10ms', 'expected a time in ns'],
      [1e16, 'expected at most 9007199254740 ns (the simulated clock\'s range)']] as const) {
      await expect(run({ ranks: 1, timeLimitNs: bad as number }, () => 0)).rejects.toThrow(new MpiError('ERR_ARG', `run options: timeLimitNs: ${why}`))
    }
  })
})

describe('withTimeLimit', () => {
  it('limits the runs inside it that set no limit of their own, and runUnpack', async () => {
    const forever = (comm: Comm) => poll(comm, [])
    await expect(withTimeLimit(2000, () => run({ ranks: 2 }, forever))).rejects.toThrow(/^simulated time limit of 2 µs reached at /)
    // a run's own limit wins over the scope's
    await expect(withTimeLimit(2000, () => run({ ranks: 2, timeLimitNs: 500 }, forever))).rejects.toThrow(/^simulated time limit of 500 ns /)
    const column = vector(64, 8, 64, FLOAT64).commit()
    const free = runUnpack({ type: column, strategy: 'rw-cp' })
    expect(await withTimeLimit(1e6, () => runUnpack({ type: column, strategy: 'rw-cp' }))).toEqual(free)
    await expect(withTimeLimit(1, () => runUnpack({ type: column, strategy: 'rw-cp' }))).rejects.toThrow(/^simulated time limit of 1 ns reached at [\d.]+ ns: events left past it$/)
    await expect(withTimeLimit(-1, () => 0)).rejects.toThrow(new MpiError('ERR_ARG', 'withTimeLimit: timeLimitNs: expected a positive time'))
  })
})
