import { describe, expect, it } from 'vitest'
import { FLOAT64, vector } from '@spinmpi/ddt'
import { Cluster } from '@spinmpi/nic'
import { postReceive, residencyOf, run } from '../src/internal.js'

// rw-cp keeps what every receive of one resident checkpoint state shares (handler constants,
// segment writer, policy, details) with the state, and the residency hands out one acquire
// record: each receive must still get its own plan, context, counters and hold on the state.
describe('rw-cp receives of one type share the state, not their own parts', () => {
  const type = vector(512, 16, 32, FLOAT64).commit()

  it('two receives posted at once: own plans, contexts and counters; one release each', () => {
    const cluster = new Cluster({ nodes: 2, seed: 1 })
    const nic = cluster.nic(1)
    const req = { nic, type, count: 1, buffer: null, bufferOffset: 0, strategy: 'rw-cp' } as const
    const a = postReceive(req, { matchBits: 1n })
    const b = postReceive(req, { matchBits: 2n })
    expect(a.plan.strategy).toBe('rw-cp')
    expect(b.plan).not.toBe(a.plan)
    expect(b.plan.context).not.toBe(a.plan.context)
    expect(b.plan.context!.payload).not.toBe(a.plan.context!.payload)
    expect(b.plan.counters).not.toBe(a.plan.counters)
    // the first made the state (and copies it over PCIe), the second reuses it
    expect(a.plan.details!.reused).toBe(false)
    expect(b.plan.details!.reused).toBe(true)
    expect(a.plan.prepCopyBytes).toBeGreaterThan(0)
    expect(b.plan.prepCopyBytes).toBe(0)
    expect({ ...b.plan.details, reused: false }).toEqual(a.plan.details)
    const residency = residencyOf(nic)
    nic.unlinkMe(a.me)
    nic.unlinkMe(b.me)
    // a finished twice releases once: b still holds the state, which cannot be evicted
    a.plan.finish()
    a.plan.finish()
    expect(residency.evictOne(nic.sim.now)).toBe(false)
    b.plan.finish()
    expect(residency.evictOne(nic.sim.now)).toBe(true)
    // made again after the eviction: created (copied) again, with parts of its own
    const c = postReceive(req, { matchBits: 3n })
    expect(c.plan.details!.reused).toBe(false)
    expect(c.plan.prepCopyBytes).toBe(a.plan.prepCopyBytes)
    c.plan.finish()
  })

  it('a spread copy of the plan (a delegating strategy record) still releases the state', () => {
    const cluster = new Cluster({ nodes: 2, seed: 1 })
    const nic = cluster.nic(1)
    const a = postReceive({ nic, type, count: 1, buffer: null, bufferOffset: 0, strategy: 'rw-cp' }, { matchBits: 1n })
    nic.unlinkMe(a.me)
    const copy = { ...a.plan }
    expect(copy.finish()).toBe(0)
    expect(residencyOf(nic).evictOne(nic.sim.now)).toBe(true)
  })
})

// Every offloading strategy shares parts between the receives of one type (its handler closure
// too where the handler keeps nothing of a receive: ro-cp, specialized) and pools its plans:
// receives in flight at once must each keep their own walk, segments and bytes.
describe('receives of one type in flight together, every offloading strategy', () => {
  const type = vector(512, 16, 32, FLOAT64).commit()

  it.each(['rw-cp', 'ro-cp', 'hpu-local', 'iovec', 'specialized'] as const)('%s: two receives posted at once have their own plan, spec and handler state', (strategy) => {
    const nic = new Cluster({ nodes: 2, seed: 1 }).nic(1)
    const req = { nic, type, count: 1, buffer: null, bufferOffset: 0, strategy } as const
    const a = postReceive(req, { matchBits: 1n })
    const b = postReceive(req, { matchBits: 2n })
    expect(b.plan).not.toBe(a.plan)
    expect(b.plan.context).not.toBe(a.plan.context)
    expect(b.plan.counters).not.toBe(a.plan.counters)
    // a handler that keeps something of its receive (a walk, segments, a reset count) is the
    // receive's own closure; one that keeps nothing serves every receive of the type
    const shared = strategy === 'ro-cp' || strategy === 'specialized'
    expect(b.plan.context!.payload === a.plan.context!.payload).toBe(shared)
  })

  it.each(['rw-cp', 'ro-cp', 'hpu-local', 'iovec', 'specialized'] as const)('%s: receives in flight together, out of order, each deliver their own bytes', async (strategy) => {
    const n = 2 * 512 * 16
    const r = await run({ ranks: 2, strategy, reorder: { window: 8 }, overrides: { 'network.eagerLimitBytes': 0 } }, async (comm) => {
      const messages = 4
      if (comm.rank === 0) {
        const reqs = []
        for (let m = 0; m < messages; m++) {
          const buf = new Float64Array(n)
          for (let i = 0; i < n; i++) buf[i] = m * 1e6 + i
          reqs.push(comm.isend(buf, 1, type, 1, m))
        }
        await comm.waitall(reqs)
        return true
      }
      const bufs = Array.from({ length: messages }, () => new Float64Array(n))
      // the later tags first: the receives complete in another order than posted
      const reqs = bufs.map((b, m) => comm.irecv(b, 1, type, 0, messages - 1 - m))
      await comm.waitall(reqs)
      return bufs.every((b, m) => {
        const tag = messages - 1 - m
        for (let i = 0; i < n; i++) {
          const inBlock = Math.floor(i / 16) % 2 === 0
          if (b[i] !== (inBlock ? tag * 1e6 + i : 0)) return false
        }
        return true
      })
    })
    expect(r.results).toEqual([true, true])
    expect(r.stats.byStrategy[strategy]?.receives).toBe(4)
  })
})
