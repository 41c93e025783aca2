import { describe, expect, it } from 'vitest'
import { run, types } from '../src/index.js'

// A strided receive type offloaded with RW-CP next to eager host receives: two strategies.
const strided = types.vector(4096, 1, 2, types.FLOAT64).commit()

async function exchange(receiveRecords?: boolean) {
  return run({ ranks: 4, mode: 'timing', strategy: 'rw-cp', ...(receiveRecords === undefined ? {} : { receiveRecords }) }, async (comm) => {
    const right = (comm.rank + 1) % comm.size, left = (comm.rank + comm.size - 1) % comm.size
    await comm.sendrecv(null, 4096, types.FLOAT64, right, 1, null, 1, strided, left, 1)
    await comm.allreduce(null, null, 4, types.FLOAT64, 'SUM')
  })
}

describe('run option receiveRecords', () => {
  it('false keeps no record per receive but the same per-strategy sums, fallbacks and times', async () => {
    const full = await exchange()
    const lean = await exchange(false)
    expect(full.stats.receives.length).toBeGreaterThan(4)
    expect(lean.stats.receives).toEqual([])
    expect(lean.stats.byStrategy).toEqual(full.stats.byStrategy)
    expect(Object.keys(lean.stats.byStrategy)).toEqual(Object.keys(full.stats.byStrategy))
    expect(lean.stats.fallbacks).toBe(full.stats.fallbacks)
    expect(lean.makespanPs).toBe(full.makespanPs)
    // the sums are those of the records
    let receives = 0
    for (const s of Object.values(full.stats.byStrategy)) receives += s.receives
    expect(receives).toBe(full.stats.receives.length)
  })

  it('rejects a value that is not a boolean, naming the field', async () => {
    await expect(run({ ranks: 1, receiveRecords: 'no' as unknown as boolean }, () => 0)).rejects.toThrow(/receiveRecords/)
  })
})
