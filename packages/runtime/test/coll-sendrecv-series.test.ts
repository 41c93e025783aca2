// SendrecvSeries (the collectives' pairwise exchanges without a promise per step) against what it
// replaces, `for (k) await core.coll.sendrecv(step k)`: on random schedules (sizes across the eager
// limit, non-contiguous types, ranks that start late, self-sends) both give the same end times,
// event counts, statistics, GOAL trace and received bytes; matching keeps MPI's order between
// steps; a failure rejects with the same MpiError; a missing partner is still a deadlock.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ERR_TRUNCATE, MpiError } from '@spinmpi/ddt'
import { coreOf, run, types, type CommCore, type Datatype, type RunOptions } from '../src/internal.js'
import type { SendrecvStep } from '../src/comm/sendrecv-series.js'

const BYTE = types.BYTE
const GAPPY = types.vector(4, 3, 8, BYTE).commit() // 12 of every 32 bytes: host unpack or offload

/** One step: rank r sends `counts[r]` elements to r + offset and receives from r - offset. */
interface Step {
  readonly offset: number
  readonly counts: readonly number[]
}

interface Scenario {
  readonly ranks: number
  readonly steps: readonly Step[]
  readonly gappy: boolean
  readonly startNs: readonly number[]
  readonly eagerLimit: number
  readonly mode: 'data' | 'timing'
  readonly strategy: 'host' | 'rw-cp'
}

function argsOf(s: Scenario, r: number, k: number, send: Uint8Array | null, recv: Uint8Array | null, type: Datatype, out: SendrecvStep): void {
  const n = s.ranks
  const { offset, counts } = s.steps[k]!
  const dst = (r + offset) % n, src = (r - offset + n) % n
  out.sendbuf = send; out.sendcount = counts[r]!; out.sendtype = type; out.dest = dst; out.sendtag = k % 3
  out.recvbuf = recv; out.recvcount = counts[src]!; out.recvtype = type; out.source = src; out.recvtag = k % 3
}

const blank = (): SendrecvStep => ({
  sendbuf: null, sendcount: 0, sendtype: BYTE, dest: 0, sendtag: 0, recvbuf: null, recvcount: 0, recvtype: BYTE, source: 0, recvtag: 0,
})

/** Runs the scenario with the series or with the awaited loop; what each rank received, per step. */
async function runScenario(s: Scenario, series: boolean, options: Partial<RunOptions> = {}) {
  const type = s.gappy ? GAPPY : BYTE
  const span = (c: number) => (c === 0 ? 0 : (c - 1) * type.extent + type.ub)
  const maxCount = Math.max(1, ...s.steps.flatMap((st) => st.counts))
  return run({
    ranks: s.ranks, mode: s.mode, strategy: s.strategy, trace: 'goal', overrides: { 'network.eagerLimitBytes': s.eagerLimit }, ...options,
  }, async (comm) => {
    const core: CommCore = coreOf(comm)
    const r = comm.rank
    const data = s.mode === 'data'
    const sends = s.steps.map((_, k) => (data ? Uint8Array.from({ length: span(maxCount) }, (_, i) => (r * 31 + k * 7 + i) & 255) : null))
    const recvs = s.steps.map(() => (data ? new Uint8Array(span(maxCount)) : null))
    await comm.compute({ ns: s.startNs[r]! })
    if (series) {
      await core.coll.sendrecvSeries(s.steps.length, (k, out) => argsOf(s, r, k, sends[k]!, recvs[k]!, type, out), blank())
    } else {
      const a = blank()
      for (let k = 0; k < s.steps.length; k++) {
        argsOf(s, r, k, sends[k]!, recvs[k]!, type, a)
        await core.coll.sendrecv(a.sendbuf, a.sendcount, a.sendtype, a.dest, a.sendtag, a.recvbuf, a.recvcount, a.recvtype, a.source, a.recvtag)
      }
    }
    return recvs.map((b) => (b === null ? null : Array.from(b)))
  })
}

/** What must not change: times, events, counters, the GOAL text and the bytes. */
function observable(res: Awaited<ReturnType<typeof runScenario>>) {
  const { stats } = res
  return {
    endPs: res.endTimes.ps, makespanPs: res.makespanPs, results: res.results, goal: res.goal,
    events: stats.events, messages: stats.messages, packets: stats.packets, hostBusyPs: stats.hostBusyPs, byStrategy: stats.byStrategy,
    receives: stats.receives,
  }
}

const scenario = fc.integer({ min: 1, max: 5 }).chain((ranks) => fc.record({
  ranks: fc.constant(ranks),
  steps: fc.array(fc.record({
    offset: fc.integer({ min: 0, max: ranks - 1 }),
    counts: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: ranks, maxLength: ranks }),
  }), { minLength: 1, maxLength: 5 }),
  gappy: fc.boolean(),
  startNs: fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: ranks, maxLength: ranks }),
  eagerLimit: fc.constantFrom(0, 256, 4096),
  mode: fc.constantFrom('data' as const, 'timing' as const),
  strategy: fc.constantFrom('host' as const, 'rw-cp' as const),
}))

describe('SendrecvSeries', () => {
  it('gives what the awaited sendrecv loop gives: times, events, stats, GOAL trace, bytes', async () => {
    await fc.assert(fc.asyncProperty(scenario, async (s) => {
      const loop = observable(await runScenario(s, false))
      const series = observable(await runScenario(s, true))
      expect(series).toEqual(loop)
    }), { numRuns: 60, seed: 14 })
  })

  it('keeps MPI matching order: steps to the same peer with the same tag match in posting order', async () => {
    // every step goes to the next rank with tag 0 (k % 3 would vary it; offsets 1, counts by step)
    const steps = [1, 2, 3, 4].map((c) => ({ offset: 1, counts: [c * 10, c * 10, c * 10] }))
    const s: Scenario = { ranks: 3, steps, gappy: false, startNs: [0, 2000, 0], eagerLimit: 4096, mode: 'data', strategy: 'host' }
    const res = await runScenario({ ...s, steps: steps.map((st) => ({ ...st })) }, true)
    // step k of rank r holds rank r-1's step-k bytes: (src * 31 + k * 7 + i) & 255, for its count
    for (let r = 0; r < 3; r++) {
      const src = (r + 2) % 3
      res.results[r]!.forEach((got, k) => {
        const c = steps[k]!.counts[src]!
        expect(got!.slice(0, c)).toEqual(Array.from({ length: c }, (_, i) => (src * 31 + k * 7 + i) & 255))
      })
    }
  })

  it('a truncated receive rejects with the same MpiError (ERR_TRUNCATE) as the loop', async () => {
    const failure = async (series: boolean) => {
      try {
        await run({ ranks: 2, mode: 'timing' }, async (comm) => {
          const core = coreOf(comm)
          const fill = (k: number, a: SendrecvStep) => {
            const other = 1 - comm.rank
            a.sendbuf = null; a.sendcount = 64; a.sendtype = BYTE; a.dest = other; a.sendtag = k
            a.recvbuf = null; a.recvcount = k === 1 && comm.rank === 1 ? 16 : 64; a.recvtype = BYTE; a.source = other; a.recvtag = k
          }
          if (series) return core.coll.sendrecvSeries(3, fill, blank())
          const a = blank()
          for (let k = 0; k < 3; k++) {
            fill(k, a)
            await core.coll.sendrecv(a.sendbuf, a.sendcount, a.sendtype, a.dest, a.sendtag, a.recvbuf, a.recvcount, a.recvtype, a.source, a.recvtag)
          }
        })
      } catch (e) {
        return e as Error & { cause?: unknown }
      }
      throw new Error('expected a failure')
    }
    const [loop, series] = [await failure(false), await failure(true)]
    expect(series.name).toBe('RankError')
    expect(series.message).toBe(loop.message)
    expect(series.cause).toBeInstanceOf(MpiError)
    expect((series.cause as MpiError).errorClass).toBe(ERR_TRUNCATE)
  })

  it('an argument error in a step rejects the series with the MpiError sendrecv throws', async () => {
    const err = await run({ ranks: 2, mode: 'timing' }, async (comm) => {
      try {
        await coreOf(comm).coll.sendrecvSeries(2, (k, a) => {
          Object.assign(a, { sendcount: 4, dest: k === 1 ? 7 : 1 - comm.rank, recvcount: 4, source: 1 - comm.rank })
        }, blank())
      } catch (e) {
        return e
      }
      return null
    }).catch((e: unknown) => e)
    // rank 0 and 1 fail at step 1 (dest 7 is no rank); the first step completed on both
    const results = (err as { results: unknown[] }).results
    for (const e of results) {
      expect(e).toBeInstanceOf(MpiError)
      expect((e as MpiError).message).toMatch(/coll\.sendrecv\(dest=7, tag=0\): dest 7 is not a rank of this 2-rank communicator/)
    }
  })

  it('a partner that never sends is a deadlock, reported as for the loop', async () => {
    const deadlock = async (series: boolean) => {
      try {
        await run({ ranks: 3, mode: 'timing' }, async (comm) => {
          if (comm.rank === 2) return
          const core = coreOf(comm)
          const fill = (_k: number, a: SendrecvStep) => Object.assign(a, { sendcount: 8, dest: 1 - comm.rank, recvcount: 8, source: 2 })
          if (series) return core.coll.sendrecvSeries(1, fill, blank())
          const a = blank()
          fill(0, a)
          await core.coll.sendrecv(a.sendbuf, a.sendcount, a.sendtype, a.dest, a.sendtag, a.recvbuf, a.recvcount, a.recvtype, a.source, a.recvtag)
        })
      } catch (e) {
        return e as Error
      }
      throw new Error('expected a deadlock')
    }
    const [loop, series] = [await deadlock(false), await deadlock(true)]
    expect(series.name).toBe('DeadlockError')
    expect(series.message).toBe(loop.message)
  })
})

describe('alltoall through uniform exchange sides', () => {
  it('moves the same bytes at the same times as alltoallv with the same counts (per-peer arrays)', async () => {
    for (const [ranks, count, mode] of [[5, 3, 'data'], [4, 40, 'timing'], [3, 700, 'data']] as const) {
      const type = types.vector(2, 2, 3, types.INT32).commit()
      const go = (v: boolean) => run({ ranks, mode, strategy: 'host' }, async (comm) => {
        const n = comm.size, span = (count * n - 1) * type.extent + type.ub
        const data = mode === 'data'
        const send = data ? Int32Array.from({ length: span / 4 }, (_, i) => comm.rank * 1000 + i) : null
        const recv = data ? new Int32Array(span / 4) : null
        if (v) {
          const counts = new Array<number>(n).fill(count)
          const displs = counts.map((_, i) => i * count)
          await comm.alltoallv(send, counts, displs, type, recv, counts, displs, type)
        } else {
          await comm.alltoall(send, count, type, recv, count, type)
        }
        return recv === null ? null : Array.from(recv)
      })
      const [a, b] = [await go(false), await go(true)]
      expect(a.results).toEqual(b.results)
      expect(a.endTimes.ps).toEqual(b.endTimes.ps)
      expect(a.stats.events).toBe(b.stats.events)
    }
  })
})
