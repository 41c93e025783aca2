import { afterEach, describe, expect, it, vi } from 'vitest'
import { FLOAT64, vector } from '@spinmpi/ddt'
import { Cluster } from '@spinmpi/nic'
import { postReceive, receiveLayout, residencyOf, run, setReceivePlanReuse } from '../src/internal.js'
import { checkpointFreeDetails, offloadPlan, planGamma, recyclePlan, type OffloadedPlan } from '../src/strategies/receive/offload-plan.js'
import { PlanPool } from '../src/strategies/receive/plan-pool.js'

// rw-cp pools its plans (with their spec, payload closure and counters) per resident state, as
// ro-cp, specialized, hpu-local (with the vHPUs' segments) and iovec (per NIC and list, with the
// list walk) do: the MPI layer gives a rendezvous receive's plan back once it has finished and
// recorded it. With reuse off a given-back plan is poisoned and never handed out again, so a
// stale read shows.
const type = vector(512, 16, 32, FLOAT64).commit()

let was: boolean | null = null
afterEach(() => {
  if (was !== null) setReceivePlanReuse(was)
  was = null
  vi.restoreAllMocks()
})

/** A finished rw-cp receive on a new cluster's NIC 1 (pools are made with the cluster's state). */
function finishedReceive(reuse: boolean) {
  was = setReceivePlanReuse(reuse)
  const nic = new Cluster({ nodes: 2, seed: 1 }).nic(1)
  const req = { nic, type, count: 1, buffer: null, bufferOffset: 0, strategy: 'rw-cp' } as const
  const a = postReceive(req, { matchBits: 1n })
  nic.unlinkMe(a.me)
  a.plan.finish()
  return { nic, req, a }
}

describe('offloaded plan pools', () => {
  it('a given-back plan serves the next receive, refilled: zeroed counters, the state held again', () => {
    const { nic, req, a } = finishedReceive(true)
    const first = { nicMemBytes: a.plan.nicMemBytes, hostLength: a.plan.hostLength, hpuMemBytes: a.plan.context!.hpuMemBytes }
    ;(a.plan.counters as { resets: number }).resets = 5
    recyclePlan(a.plan)
    const b = postReceive(req, { matchBits: 2n })
    expect(b.plan).toBe(a.plan)
    expect(b.plan.strategy).toBe('rw-cp')
    expect(b.plan.counters!.resets).toBe(0)
    expect(b.plan.details!.reused).toBe(true)
    expect(b.plan.prepCopyBytes).toBe(0)
    expect({ nicMemBytes: b.plan.nicMemBytes, hostLength: b.plan.hostLength, hpuMemBytes: b.plan.context!.hpuMemBytes }).toEqual(first)
    // the refilled plan holds the state: it cannot be evicted until b finishes
    nic.unlinkMe(b.me)
    const residency = b.plan as unknown as { residency: { evictOne(now: number): boolean } }
    expect(residency.residency.evictOne(nic.sim.now)).toBe(false)
    b.plan.finish()
    expect(residency.residency.evictOne(nic.sim.now)).toBe(true)
  })

  it("postReceive's results are the caller's own (the receive protocol's record is rewritten per receive)", () => {
    was = setReceivePlanReuse(true)
    const nic = new Cluster({ nodes: 2, seed: 1 }).nic(1)
    const req = { nic, type, count: 1, buffer: null, bufferOffset: 0, strategy: 'rw-cp' } as const
    const a = postReceive(req, { matchBits: 1n })
    const { me, plan, readyAt } = a
    const b = postReceive({ ...req, strategy: 'host' }, { matchBits: 2n })
    expect(b).not.toBe(a)
    expect(a.me).toBe(me)
    expect(a.plan).toBe(plan)
    expect(a.readyAt).toBe(readyAt)
    expect(b.plan.strategy).toBe('host')
    expect(a.plan.strategy).toBe('rw-cp')
  })

  it('a plan not finished yet stays out of the pool', () => {
    was = setReceivePlanReuse(true)
    const nic = new Cluster({ nodes: 2, seed: 1 }).nic(1)
    const req = { nic, type, count: 1, buffer: null, bufferOffset: 0, strategy: 'rw-cp' } as const
    const a = postReceive(req, { matchBits: 1n })
    recyclePlan(a.plan)
    const b = postReceive(req, { matchBits: 2n })
    expect(b.plan).not.toBe(a.plan)
    expect(a.plan.nicMemBytes).toBeGreaterThan(0)
  })

  it('with reuse off, a given-back plan is poisoned and never handed out again', () => {
    const { req, a } = finishedReceive(false)
    const plan = a.plan
    recyclePlan(plan)
    expect(plan.strategy).toBe('(recycled)')
    expect(plan.nicMemBytes).toBe(-1)
    expect(plan.hostLength).toBe(-1)
    expect(plan.hostPrepPs).toBeNaN()
    expect(plan.counters!.resets).toBeNaN()
    expect(plan.details!.gamma).toBeNaN()
    expect(plan.context!.hpuMemBytes).toBe(-1)
    expect(() => plan.finish()).toThrow(/after it was recycled/)
    const b = postReceive(req, { matchBits: 2n })
    expect(b.plan).not.toBe(plan)
    expect(b.plan.strategy).toBe('rw-cp')
  })

  it.each(['rw-cp', 'ro-cp', 'hpu-local', 'iovec', 'specialized'] as const)('rendezvous %s receives give the same bytes, times and stats with reuse as with poisoned plans', async (strategy) => {
    const n = 2 * 512 * 16
    const go = async (reuse: boolean) => {
      was = setReceivePlanReuse(reuse)
      const r = await run({ ranks: 2, strategy, reorder: { window: 8 }, overrides: { 'network.eagerLimitBytes': 0 } }, async (comm) => {
        const out: number[] = []
        for (let m = 0; m < 4; m++) {
          const buf = new Float64Array(n)
          if (comm.rank === 0) {
            for (let i = 0; i < n; i++) buf[i] = m * 1e6 + i
            await comm.send(buf, 1, type, 1, m)
          } else {
            await comm.recv(buf, 1, type, 0, m)
            out.push(buf.reduce((s, x) => s + x, 0))
          }
        }
        return out
      })
      setReceivePlanReuse(was!)
      was = null
      // each finished receive's segment resets, read as its plan is given back (before the poison):
      // a reused hpu-local plan whose vHPU segments were not put back at the start resets them all
      const resets = given.splice(0)
      return { results: r.results, makespanPs: r.makespanPs, byStrategy: r.stats.byStrategy, receives: r.stats.receives, resets }
    }
    const given: number[] = []
    const giveBack = PlanPool.prototype.give
    const give = vi.spyOn(PlanPool.prototype, 'give').mockImplementation(function (this: PlanPool<OffloadedPlan>, p: OffloadedPlan) {
      given.push(p.counters.resets)
      giveBack.call(this, p)
    })
    const take = vi.spyOn(PlanPool.prototype, 'take')
    const fresh = await go(false)
    expect(give).toHaveBeenCalledTimes(4)
    expect(take.mock.results.every((t) => t.value === null)).toBe(true)
    give.mockClear()
    take.mockClear()
    // every receive after the first takes the plan the one before gave back
    expect(await go(true)).toEqual(fresh)
    expect(give).toHaveBeenCalledTimes(4)
    expect(take.mock.results.filter((t) => t.value !== null)).toHaveLength(3)
    give.mockRestore()
    take.mockRestore()
    expect(fresh.byStrategy[strategy]?.receives).toBe(4)
  })
})

// No built-in strategy calls offloadPlan any more (they pool); it stays the one-plan-per-receive
// path a new strategy uses (docs/extending.md), and must make what the pooled path makes.
describe('offloadPlan', () => {
  it('makes the plan a pooled strategy makes for the same parts', () => {
    const nic = new Cluster({ nodes: 2, seed: 1 }).nic(1)
    const req = { nic, type, count: 1, buffer: null, bufferOffset: 0, strategy: 'specialized' } as const
    const first = postReceive(req, { matchBits: 1n })
    const pooled = postReceive(req, { matchBits: 2n }).plan
    // the descriptor is resident: this acquire reuses it, as the second receive's did
    const residency = residencyOf(nic)
    const { state, created } = residency.acquire(residency.key(type, 1, 'specialized'), () => {
      throw new Error('the descriptor should be resident')
    })
    const own = offloadPlan(req, {
      strategy: 'specialized', layout: receiveLayout(type, 1), payload: pooled.context!.payload!, resident: state, created,
      hpuMemBytes: 0, hostPrepPs: first.plan.hostPrepPs, details: checkpointFreeDetails(planGamma(req)),
    }).plan
    const fields = (p: typeof own) => ({
      strategy: p.strategy, hostBuffer: p.hostBuffer, hostLength: p.hostLength, nicMemBytes: p.nicMemBytes, hostPrepPs: p.hostPrepPs,
      prepCopyBytes: p.prepCopyBytes, details: { ...p.details }, counters: { ...p.counters },
      context: { ...p.context, payload: null },
    })
    expect(created).toBe(false)
    expect(fields(own)).toEqual(fields(pooled))
    // each holds the state once: released by its own finish
    nic.unlinkMe(first.me)
    first.plan.finish()
    pooled.finish()
    expect(residency.evictOne(nic.sim.now)).toBe(false)
    own.finish()
    expect(residency.evictOne(nic.sim.now)).toBe(true)
  })
})
