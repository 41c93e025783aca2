import { describe, expect, it } from 'vitest'
import { runPool, WorkerTaskError } from '../src/worker-pool.js'
import { compute, type PoolInput as Input, type PoolOutput as Output } from './fixtures/pool-worker.mjs'

const worker = new URL('./fixtures/pool-worker.mjs', import.meta.url)
const reference = (input: Input): Output => compute(input, () => {})

// Decreasing cost: later tasks finish first on a pool of several workers.
const inputs: Input[] = [400_000, 300_000, 200_000, 100_000, 5_000, 3_000, 1_000].map((steps) => ({ steps }))

describe('worker pool', () => {
  it('returns the in-process results, in input order, for 1, 3 and more jobs than tasks', async () => {
    const expected = inputs.map(reference)
    for (const jobs of [1, 3, 16]) {
      const got = await runPool<Input, Output>(worker, inputs, { jobs })
      expect(got).toEqual(expected)
      expect(JSON.stringify(got)).toBe(JSON.stringify(expected))
      expect(Object.is(got[0]!.negZero, -0)).toBe(true)
      expect(got[0]!.nan).toBeNaN()
    }
  })

  it('forwards progress with the index of the task that reported it', async () => {
    const seen = new Map<number, [number, number]>()
    await runPool<Input, Output>(worker, [{ steps: 3000 }, { steps: 2000 }], {
      jobs: 2,
      onProgress: (i, done, total) => {
        const last = seen.get(i)
        if (last) expect(done).toBeGreaterThan(last[0])
        seen.set(i, [done, total])
      },
    })
    expect([...seen.entries()].sort()).toEqual([[0, [3000, 3000]], [1, [2000, 2000]]])
  })

  it('rejects with the failing task named, and handles no tasks', async () => {
    await expect(runPool<Input, Output>(worker, [{ steps: 10 }, { steps: 7, fail: true }], { jobs: 2 }))
      .rejects.toThrow(new WorkerTaskError('task 1: failing on purpose at 7'))
    await expect(runPool<Input, Output>(worker, [], { jobs: 2 })).resolves.toEqual([])
    await expect(runPool<Input, Output>(worker, inputs, { jobs: 0 })).rejects.toThrow('jobs must be an integer >= 1, got 0')
  })
})
