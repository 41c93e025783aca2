import { describe, expect, it } from 'vitest'
import { run, types, type UserReduceOp } from '../src/index.js'

// A user op's flopsPerElement (public on UserReduceOp) is its modelled cost, which becomes
// simulated time: a negative one moved time back and NaN stopped the simulator with "event
// scheduled at NaN ps"; both are now ERR_ARG naming the op and the field.
const sum = (flopsPerElement?: number): UserReduceOp => ({
  name: 'mysum', commute: true, ...(flopsPerElement === undefined ? {} : { flopsPerElement }),
  fn(input, inout, count) {
    const a = new Float64Array(input.buffer, input.byteOffset, count), b = new Float64Array(inout.buffer, inout.byteOffset, count)
    for (let i = 0; i < count; i++) b[i]! += a[i]!
  },
})

async function allreduceWith(op: UserReduceOp): Promise<unknown> {
  try {
    const r = await run({ ranks: 3 }, async (comm) => {
      const out = new Float64Array(2)
      await comm.allreduce(Float64Array.of(comm.rank, 1), out, 2, types.FLOAT64, op)
      return Array.from(out)
    })
    return r.results
  } catch (e) {
    const err = e as Error & { errorClass?: string }
    return [err.errorClass, err.message]
  }
}

describe('user op flopsPerElement', () => {
  it('accepts a finite cost >= 0 (default 1) and reduces exactly', async () => {
    for (const f of [undefined, 0, 2.5]) expect(await allreduceWith(sum(f))).toEqual([[3, 3], [3, 3], [3, 3]])
  })

  it('rejects a negative, NaN or infinite cost', async () => {
    for (const f of [-1000, Number.NaN, Infinity]) {
      expect(await allreduceWith(sum(f))).toEqual(['ERR_ARG', `rank 0: allreduce: op mysum: flopsPerElement must be a finite number >= 0, got ${f}`])
    }
  })
})
