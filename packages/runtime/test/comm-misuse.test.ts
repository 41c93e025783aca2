// Library misuse (issue 15): each mistake is an MpiError of the class MPI gives it, naming the call
// and showing the value as the user wrote it.
import { describe, expect, it } from 'vitest'
import { ANY_SOURCE, ANY_TAG, run, types, type Comm } from '../src/internal.js'
import { runUnpack } from '../src/harness.js'

async function failure(mode: 'data' | 'timing', body: (comm: Comm) => Promise<unknown>): Promise<{ cls: string; message: string }> {
  try {
    await run({ ranks: 2, mode }, async (comm) => { await body(comm) })
  } catch (e) {
    const err = e as Error & { errorClass?: string }
    return { cls: err.errorClass ?? err.name, message: err.message }
  }
  throw new Error('expected a failure')
}

describe('library misuse', () => {
  it('a plain Array as a buffer is ERR_BUFFER', async () => {
    const f = await failure('data', (c) => (c.rank === 0 ? c.send([1, 2, 3] as never, 3, types.INT32, 1, 0) : Promise.resolve()))
    expect(f.cls).toBe('ERR_BUFFER')
    expect(f.message).toMatch(/^rank 0: send\(dest=1, tag=0\): buffer must be .* got a plain Array/)
  })

  it('a BigInt count is ERR_COUNT and shows the BigInt', async () => {
    const f = await failure('data', (c) => (c.rank === 0 ? c.send(new Int32Array(3), 3n as never, types.INT32, 1, 0) : Promise.resolve()))
    expect(f).toEqual({ cls: 'ERR_COUNT', message: 'rank 0: send(dest=1, tag=0): count must be a non-negative integer, got 3n (a BigInt)' })
  })

  it('Infinity compute time is ERR_ARG; a finite time past the clock is refused too', async () => {
    expect(await failure('data', (c) => c.compute(Infinity))).toMatchObject({ cls: 'ERR_ARG', message: expect.stringMatching(/compute: .* got Infinity$/) })
    expect(await failure('data', (c) => c.compute({ ns: 1e300 }))).toMatchObject({ cls: 'ERR_ARG', message: expect.stringMatching(/past the simulated clock's range/) })
    expect(await failure('data', (c) => c.compute(null as never))).toMatchObject({ cls: 'ERR_ARG', message: expect.stringMatching(/got null$/) })
  })

  it('a text tag is ERR_TAG showing the quotes', async () => {
    const f = await failure('data', (c) => (c.rank === 0 ? c.send(new Int32Array(1), 1, types.INT32, 1, '0' as never) : Promise.resolve()))
    expect(f.cls).toBe('ERR_TAG')
    expect(f.message).toContain('tag "0" is outside')
  })

  it('10^12 elements in timing mode are refused before the run, not simulated packet by packet', async () => {
    const f = await failure('timing', (c) => (c.rank === 0 ? c.send(null, 1e12, types.FLOAT64, 1, 0) : c.recv(null, 1e12, types.FLOAT64, 0, 0)))
    expect(f.cls).toBe('ERR_COUNT')
    expect(f.message).toMatch(/count 1000000000000 of 8-byte elements is 8000000000000 B, more than the 68719476736 B/)
  })

  it('a send to ANY_SOURCE or with ANY_TAG says the wildcard is for receives (both are -1)', async () => {
    const tag = await failure('data', (c) => (c.rank === 0 ? c.send(new Int32Array(1), 1, types.INT32, 1, ANY_TAG) : Promise.resolve()))
    expect(tag).toEqual({ cls: 'ERR_TAG', message: 'rank 0: send(dest=1, tag=-1): tag -1 (ANY_TAG: only a receive or probe may use it) is outside [0, 4194303]' })
    const dest = await failure('data', (c) => (c.rank === 0 ? c.send(new Int32Array(1), 1, types.INT32, ANY_SOURCE, 0) : Promise.resolve()))
    expect(dest).toEqual({ cls: 'ERR_RANK', message: 'rank 0: send(dest=-1, tag=0): dest -1 (ANY_SOURCE: only a receive may use it) is not a rank of this 2-rank communicator' })
  })

  it('a rank that returns while a call it did not await is pending fails, naming the call', async () => {
    const n = 2048 // 16 KiB: rendezvous, so neither side is done at once
    const f = await failure('data', async (c) => {
      if (c.rank === 0) await c.send(new Float64Array(n), n, types.FLOAT64, 1, 3)
      else void c.recv(new Float64Array(n), n, types.FLOAT64, 0, 3) // the missing await
    })
    expect(f).toEqual({
      cls: 'ERR_OTHER',
      message: 'rank 1: returned while recv(source=0, tag=3, count=2048 x float64) had not completed (a call not awaited? await it, or keep its request and wait on it)',
    })
  })

  it('an irecv that failed and that no wait or test observed fails the run at its end, with its error', async () => {
    const f = await failure('data', async (c) => {
      if (c.rank === 0) await c.send(new Float64Array(100), 100, types.FLOAT64, 1, 0)
      else c.irecv(new Float64Array(10), 10, types.FLOAT64, 0, 0) // truncates; the request is dropped
    })
    expect(f).toEqual({
      cls: 'ERR_TRUNCATE',
      message: 'rank 1: irecv(source=0, tag=0, count=10 x float64): message of 800 B from rank 0 (tag 0) truncated to the 80 B receive buffer (10 x float64) (its request was never waited on or tested)',
    })
  })

  it('runUnpack refuses a data-mode buffer past 256 MiB before allocating it', () => {
    const t = types.FLOAT64
    expect(() => runUnpack({ type: t, count: 2 ** 26, strategy: 'host' })).toThrow(/runUnpack: count 67108864 spans 536870912 B of buffer/)
  })
})
