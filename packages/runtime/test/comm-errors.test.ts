import { describe, expect, it } from 'vitest'
import { DeadlockError, RankError, run, setTypeAttributes, types } from '../src/index.js'

const I32 = types.INT32

async function failure(p: Promise<unknown>): Promise<{ name: string; cls: string; message: string }> {
  try {
    await p
  } catch (e) {
    const err = e as Error & { errorClass?: string }
    return { name: err.name, cls: err.errorClass ?? '', message: err.message }
  }
  throw new Error('expected a failure')
}

describe('deadlock detection', () => {
  it('two ranks receiving from each other: the report lists both pending receives', async () => {
    const f = await failure(run({ ranks: 3 }, async (comm) => {
      if (comm.rank === 2) return 'done'
      const b = new Float64Array(4)
      await comm.recv(b, 4, types.FLOAT64, 1 - comm.rank, 7)
      return 'unreachable'
    }))
    expect(f.name).toBe('DeadlockError')
    expect(f.message).toBe([
      'deadlock at 0 ns: 2 rank(s) blocked and no event left',
      '  rank 0: recv(source=1, tag=7, count=4 x float64)',
      '  rank 1: recv(source=0, tag=7, count=4 x float64)',
    ].join('\n'))
  })

  it('a waitall lists each open request; a rendezvous send without receiver is listed', async () => {
    let err: unknown
    try {
      await run({ ranks: 2 }, async (comm) => {
        if (comm.rank === 0) {
          await comm.send(new Int32Array(4096), 4096, I32, 1, 1)
        } else {
          const a = comm.irecv(new Int32Array(1), 1, I32, 0, 2)
          const b = comm.irecv(new Int32Array(1), 1, I32, 0, 3)
          await comm.waitall([a, b])
        }
      })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(DeadlockError)
    const d = err as DeadlockError
    expect(d.blocked).toEqual([
      { rank: 0, ops: ['send(dest=1, tag=1, count=4096 x int32)'] },
      { rank: 1, ops: ['irecv(source=0, tag=2, count=1 x int32)', 'irecv(source=0, tag=3, count=1 x int32)'] },
    ])
  })
})

describe('a rank that throws aborts the run', () => {
  it('names the rank and keeps the cause', async () => {
    let err: unknown
    try {
      await run({ ranks: 4 }, async (comm) => {
        await comm.compute(comm.rank * 10)
        if (comm.rank === 2) throw new Error('boom')
        await comm.recv(new Int32Array(1), 1, I32, 0, 0)
      })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(RankError)
    expect((err as RankError).rank).toBe(2)
    expect((err as Error).message).toBe('rank 2: boom')
    expect(((err as RankError).cause as Error).message).toBe('boom')
  })
})

describe('argument errors', () => {
  const cases: [string, (comm: Parameters<Parameters<typeof run>[1]>[0]) => Promise<unknown>, string, string][] = [
    ['bad dest', (c) => c.send(new Int32Array(1), 1, I32, 5, 0), 'ERR_RANK', 'rank 0: send(dest=5, tag=0): dest 5 is not a rank of this 2-rank communicator'],
    ['bad source', (c) => c.recv(new Int32Array(1), 1, I32, -7, 0), 'ERR_RANK', 'rank 0: recv(source=-7, tag=0): source -7 is not a rank of this 2-rank communicator'],
    ['negative tag', (c) => c.send(new Int32Array(1), 1, I32, 1, -3), 'ERR_TAG', 'rank 0: send(dest=1, tag=-3): tag -3 is outside [0, 4194303]'],
    ['bad count', (c) => c.send(new Int32Array(1), 1.5, I32, 1, 0), 'ERR_COUNT', 'rank 0: send(dest=1, tag=0): count must be a non-negative integer, got 1.5'],
    ['buffer too small', (c) => c.send(new Int32Array(3), 4, I32, 1, 0), 'ERR_BUFFER',
      'rank 0: send(dest=1, tag=0): buffer of 12 B at byte offset 0 is too small for 4 x int32 (needs bytes [0, 16))'],
    ['uncommitted type', (c) => c.send(new Int32Array(8), 1, types.vector(2, 1, 2, I32), 1, 0), 'ERR_TYPE',
      'rank 0: send(dest=1, tag=0): type is not committed (call .commit() first)'],
  ]
  for (const [label, call, cls, message] of cases) {
    it(label, async () => {
      const f = await failure(run({ ranks: 2 }, async (comm) => { if (comm.rank === 0) await call(comm) }))
      expect([f.cls, f.message]).toEqual([cls, message])
    })
  }

  it('mismatched type signatures are ERR_TYPE', async () => {
    const f = await failure(run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) await comm.send(new Float64Array(2), 2, types.FLOAT64, 1, 0)
      else await comm.recv(new Int32Array(4), 4, I32, 0, 0)
    }))
    expect([f.cls, f.message]).toEqual(['ERR_TYPE',
      'rank 1: recv(source=0, tag=0, count=4 x int32): type signature mismatch: rank 0 sent float64 elements, received as int32'])
  })

  it('MPI_2INT matches two int32 (MPI-4.1 §6.9.4: as if contiguous(2, MPI_INT)); against float32 it is still a mismatch', async () => {
    const got = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) {
        await comm.send(new Int32Array([5, 6]), 2, I32, 1, 0)
        await comm.send(new Int32Array([7, 8]), 1, types.TWO_INT, 1, 1)
        return []
      }
      const a = new Int32Array(2), b = new Int32Array(2)
      await comm.recv(a, 1, types.TWO_INT, 0, 0)
      await comm.recv(b, 2, I32, 0, 1)
      return [...a, ...b]
    })
    expect(got.results[1]).toEqual([5, 6, 7, 8])
    const f = await failure(run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) await comm.send(new Int32Array(2), 1, types.TWO_INT, 1, 0)
      else await comm.recv(new Float32Array(2), 2, types.FLOAT32, 0, 0)
    }))
    expect([f.cls, f.message]).toEqual(['ERR_TYPE',
      'rank 1: recv(source=0, tag=0, count=2 x float32): type signature mismatch: rank 0 sent int32 elements, received as float32'])
  })

  it('run options and type attributes are validated, naming the field', async () => {
    expect(await failure(run({ ranks: 0 }, () => 0))).toMatchObject({ cls: 'ERR_ARG', message: 'run options: ranks: expected a positive integer' })
    expect(await failure(run({ ranks: 2, mode: 'fast' as 'data' }, () => 0))).toMatchObject({ message: "run options: mode: expected 'data' or 'timing'" })
    expect(await failure(run({ ranks: 2, overrides: { 'network.nope': 1 } }, () => 0))).toMatchObject({
      message: 'run options: profile sc19: unknown field network.nope',
    })
    expect(() => setTypeAttributes(types.FLOAT64, { epsilon: 2 })).toThrow('setTypeAttributes: epsilon: expected a number in (0, 1)')
  })
})
