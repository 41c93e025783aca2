// Nonblocking collectives: the same results as the blocking calls with many in flight at once,
// completion through wait / waitall / test, overlap with compute in simulated time, errors and
// deadlocks named after the user's call.
import { FLOAT64, INT32, MpiError, UINT8, vector } from '@spinmpi/ddt'
import { resolveProfile } from '@spinmpi/nic'
import { describe, expect, it } from 'vitest'
import { IN_PLACE, run, type Comm, type Request } from '../src/index.js'
import { onRanks } from './coll-harness.js'

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

/** Every nonblocking collective once, all started before any is waited for. */
async function everyCollective(comm: Comm, nonblocking: boolean): Promise<Record<string, number[]>> {
  const n = comm.size, r = comm.rank, root = n >> 1
  const col = vector(2, 1, 3, INT32).commit()
  const out: Record<string, Int32Array | Float64Array> = {}
  const reqs: Request[] = []
  const go = async (name: string, buf: Int32Array | Float64Array, start: () => Request, block: () => Promise<void>) => {
    out[name] = buf
    if (nonblocking) reqs.push(start())
    else await block()
  }
  const bc = Int32Array.from([r === root ? 42 : 0, r === root ? 43 : 0])
  await go('ibcast', bc, () => comm.ibcast(bc, 2, INT32, root), () => comm.bcast(bc, 2, INT32, root))
  await go('ibarrier', new Int32Array(0), () => comm.ibarrier(), () => comm.barrier())
  const red = new Int32Array(2).fill(-1)
  const x = Int32Array.from([r + 1, 10 * r])
  await go('ireduce', red, () => comm.ireduce(x, red, 2, INT32, 'SUM', root), () => comm.reduce(x, red, 2, INT32, 'SUM', root))
  const ar = Float64Array.from([r + 0.5])
  await go('iallreduce', ar, () => comm.iallreduce(IN_PLACE, ar, 1, FLOAT64, 'MAX'), () => comm.allreduce(IN_PLACE, ar, 1, FLOAT64, 'MAX'))
  const g = new Int32Array(2 * n).fill(-1)
  const m = Int32Array.from([r, -1, -1, 100 + r]) // a strided pair: elements 0 and 3
  await go('igather', g, () => comm.igather(m, 1, col, g, 2, INT32, root), () => comm.gather(m, 1, col, g, 2, INT32, root))
  const counts = range(n).map((i) => (i % 2) + 1), displs = range(n).map((i) => 2 * i)
  const gv = new Int32Array(2 * n).fill(-1)
  const mine = Int32Array.from([7 * r, 7 * r + 1]).subarray(0, (r % 2) + 1)
  await go('igatherv', gv, () => comm.igatherv(mine, (r % 2) + 1, INT32, gv, counts, displs, INT32, root),
    () => comm.gatherv(mine, (r % 2) + 1, INT32, gv, counts, displs, INT32, root))
  const src = Int32Array.from(range(2 * n), (i) => 1000 + i)
  const sc = new Int32Array(2)
  await go('iscatter', sc, () => comm.iscatter(src, 2, INT32, sc, 2, INT32, root), () => comm.scatter(src, 2, INT32, sc, 2, INT32, root))
  const scv = new Int32Array(2).fill(-1)
  await go('iscatterv', scv, () => comm.iscatterv(src, counts, displs, INT32, scv, (r % 2) + 1, INT32, root),
    () => comm.scatterv(src, counts, displs, INT32, scv, (r % 2) + 1, INT32, root))
  const ag = new Int32Array(n)
  await go('iallgather', ag, () => comm.iallgather(Int32Array.of(r * r), 1, INT32, ag, 1, INT32), () => comm.allgather(Int32Array.of(r * r), 1, INT32, ag, 1, INT32))
  const agv = new Int32Array(2 * n).fill(-1)
  await go('iallgatherv', agv, () => comm.iallgatherv(mine, (r % 2) + 1, INT32, agv, counts, displs, INT32),
    () => comm.allgatherv(mine, (r % 2) + 1, INT32, agv, counts, displs, INT32))
  const a2a = new Int32Array(n)
  const a2aIn = Int32Array.from(range(n), (j) => 100 * r + j)
  await go('ialltoall', a2a, () => comm.ialltoall(a2aIn, 1, INT32, a2a, 1, INT32), () => comm.alltoall(a2aIn, 1, INT32, a2a, 1, INT32))
  const vIn = Int32Array.from(range(2 * n), (j) => 100 * r + j), v = new Int32Array(2 * n).fill(-1)
  const ones = new Array<number>(n).fill(1), twos = range(n).map((j) => 2 * j)
  await go('ialltoallv', v, () => comm.ialltoallv(vIn, ones, twos, INT32, v, ones, twos, INT32), () => comm.alltoallv(vIn, ones, twos, INT32, v, ones, twos, INT32))
  const w = new Int32Array(n).fill(-1)
  const types = new Array(n).fill(INT32), bytes = range(n).map((j) => 4 * j)
  await go('ialltoallw', w, () => comm.ialltoallw(a2aIn, ones, bytes, types, w, ones, bytes, types),
    () => comm.alltoallw(a2aIn, ones, bytes, types, w, ones, bytes, types))
  const s = new Int32Array(1), e = new Int32Array(1).fill(-7)
  await go('iscan', s, () => comm.iscan(Int32Array.of(r + 1), s, 1, INT32, 'SUM'), () => comm.scan(Int32Array.of(r + 1), s, 1, INT32, 'SUM'))
  await go('iexscan', e, () => comm.iexscan(Int32Array.of(r + 1), e, 1, INT32, 'SUM'), () => comm.exscan(Int32Array.of(r + 1), e, 1, INT32, 'SUM'))
  const rsIn = Int32Array.from(range(3 * n), (j) => j + r), rs = new Int32Array(3).fill(-1)
  const rsCounts = range(n).map((i) => 3 - (i % 3))
  const rsTotal = rsCounts.reduce((a, b) => a + b, 0)
  await go('ireduceScatter', rs, () => comm.ireduceScatter(rsIn.subarray(0, rsTotal), rs, rsCounts, INT32, 'SUM'),
    () => comm.reduceScatter(rsIn.subarray(0, rsTotal), rs, rsCounts, INT32, 'SUM'))
  const rsb = new Int32Array(2)
  await go('ireduceScatterBlock', rsb, () => comm.ireduceScatterBlock(rsIn.subarray(0, 2 * n), rsb, 2, INT32, 'PROD'),
    () => comm.reduceScatterBlock(rsIn.subarray(0, 2 * n), rsb, 2, INT32, 'PROD'))
  if (nonblocking) {
    const statuses = await comm.waitall(reqs)
    expect(statuses.every((st) => st.error === null)).toBe(true)
    expect(reqs.every((q) => q.done && q.kind === 'coll')).toBe(true)
  }
  return Object.fromEntries(Object.entries(out).map(([k, b]) => [k, [...b]]))
}

describe('nonblocking collectives', () => {
  it('all seventeen in flight at once give what the blocking calls give (1, 2, 3, 5, 8 ranks)', async () => {
    for (const n of [1, 2, 3, 5, 8]) {
      const blocking = await onRanks(n, (comm) => everyCollective(comm, false))
      const nonblocking = await onRanks(n, (comm) => everyCollective(comm, true))
      expect(Object.keys(nonblocking.values[0]).length).toBe(17)
      for (const r of range(n)) expect(nonblocking.values[r], `n=${n} rank ${r}`).toEqual(blocking.values[r])
      // spot checks of the blocking values themselves (the vector tests check each call fully)
      const root = n >> 1
      expect(blocking.values[root].ireduce).toEqual([(n * (n + 1)) / 2, (10 * n * (n - 1)) / 2])
      expect(blocking.values[root].igather).toEqual(range(n).flatMap((i) => [i, 100 + i]))
      expect(blocking.values[n - 1].iscan).toEqual([(n * (n + 1)) / 2])
      for (const r of range(n)) expect(blocking.values[r].ialltoall).toEqual(range(n).map((j) => 100 * j + r))
    }
  })

  it('a blocking collective between start and wait, and two ibcasts from different roots, keep their data apart', async () => {
    const n = 5
    const { values } = await onRanks(n, async (comm: Comm) => {
      const r = comm.rank
      const a = Float64Array.from({ length: 600 }, (_, i) => (r === 0 ? i : -1)) // rendezvous-sized
      const b = Int32Array.of(r === 3 ? 33 : 0)
      const q1 = comm.ibcast(a, 600, FLOAT64, 0)
      const q2 = comm.ibcast(b, 1, INT32, 3)
      const c = Int32Array.of(r === 0 ? 7 : 0)
      await comm.bcast(c, 1, INT32, 0) // same root and tag family as q1, eager while q1 is rendezvous
      await comm.wait(q2)
      await comm.wait(q1)
      return { a0: a[0], a599: a[599], b: b[0], c: c[0] }
    })
    for (const r of range(n)) expect(values[r]).toEqual({ a0: 0, a599: 599, b: 33, c: 7 })
  })

  it('test() polls a request to completion; waitall mixes it with point-to-point requests', async () => {
    const { values } = await onRanks(3, async (comm: Comm) => {
      const r = comm.rank
      const sum = new Int32Array(1)
      const q = comm.iallreduce(Int32Array.of(r + 1), sum, 1, INT32, 'SUM')
      let polls = 0
      while ((await comm.test(q)) === null) {
        polls++
        await comm.compute(100)
      }
      const got = new Int32Array(1)
      const q2 = comm.iallreduce(Int32Array.of(10 * r), got, 1, INT32, 'SUM')
      const p2p = [comm.isend(Int32Array.of(r), 1, INT32, (r + 1) % 3, 5), comm.irecv(new Int32Array(1), 1, INT32, (r + 2) % 3, 5)]
      const statuses = await comm.waitall([...p2p, q2])
      return { sum: sum[0], polls, got: got[0], source: statuses[1].source }
    })
    for (const r of range(3)) {
      expect(values[r].sum).toBe(6)
      expect(values[r].got).toBe(30)
      expect(values[r].source).toBe((r + 2) % 3)
      expect(values[r].polls).toBeGreaterThan(0)
    }
  })

  it('ibcast overlaps compute: start + compute + wait ends at compute + 3 o; bcast then compute at bcast + compute', async () => {
    // 8 ranks, 4 KiB, sc19, 10 µs of compute on every rank. The binomial tree's root sends to
    // three children; the engine issues every forward while the ranks compute, so the only cost
    // left on the critical path is the host overhead o the root's three sends steal from it.
    const n = 8, bytes = 4096, computeNs = 10_000
    const o = resolveProfile('sc19', {}).network.overheadNs * 1000
    const bare = await onRanks(n, async (comm) => { await comm.bcast(new Uint8Array(bytes), bytes, UINT8, 0, { algorithm: 'binomial' }); return 0 })
    const serial = await onRanks(n, async (comm) => {
      await comm.bcast(new Uint8Array(bytes), bytes, UINT8, 0, { algorithm: 'binomial' })
      await comm.compute(computeNs)
      return 0
    })
    const overlapped = await onRanks(n, async (comm) => {
      const q = comm.ibcast(new Uint8Array(bytes), bytes, UINT8, 0, { algorithm: 'binomial' })
      await comm.compute(computeNs)
      await comm.wait(q)
      return 0
    })
    const bcastPs = Math.max(...bare.endPs)
    expect(bcastPs).toBe(3_912_522)
    expect(Math.max(...serial.endPs)).toBe(bcastPs + computeNs * 1000)
    expect(Math.max(...overlapped.endPs)).toBe(computeNs * 1000 + 3 * o)
    expect(Math.max(...overlapped.endPs)).toBeLessThan(Math.max(...serial.endPs))
  })

  it('errors reach wait named after the call; a rank that never joins is a deadlock listing the call', async () => {
    const err = await run({ ranks: 2 }, async (comm) => {
      const q = comm.ibcast(new Uint8Array(1), 1, UINT8, 9)
      await comm.wait(q)
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MpiError)
    expect(String((err as Error).message)).toContain('ibcast(root=9): root 9 is not a rank of this 2-rank communicator')
    const red = await run({ ranks: 2 }, async (comm) => {
      await comm.wait(comm.ireduce(new Uint8Array(1), new Uint8Array(1), 1, UINT8, 'SUM', -1))
    }).catch((e: unknown) => e)
    expect(String((red as Error).message)).toContain('ireduce(root=-1, count=1): reduce(root=-1): root -1 is not a rank')
    const dead = await run({ ranks: 3 }, async (comm) => {
      if (comm.rank === 2) return
      await comm.wait(comm.ibcast(new Uint8Array(1), 1, UINT8, 2))
    }).catch((e: unknown) => e)
    expect(String((dead as Error).message)).toMatch(/deadlock/)
    expect(String((dead as Error).message)).toContain('ibcast(root=2, count=1)')
  })
})

describe('ibcast on the offloaded algorithms', () => {
  it('every algorithm delivers 20 KiB to 5 ranks, with blocking offloaded bcasts between start and wait', async () => {
    const n = 5, len = 2560 // float64s: 20 KiB, ten packets of 2 KiB
    for (const algorithm of ['auto', 'binomial', 'nic-stream', 'nic-store', 'nic-binary'] as const) {
      const { values } = await onRanks(n, async (comm: Comm) => {
        const a = Float64Array.from({ length: len }, (_, i) => (comm.rank === 1 ? i + 0.25 : -1))
        const b = Float64Array.from({ length: len }, (_, i) => (comm.rank === 3 ? -i : 0))
        const q = comm.ibcast(a, len, FLOAT64, 1, { algorithm })
        await comm.bcast(b, len, FLOAT64, 3, { algorithm: 'nic-stream' }) // numbered after the ibcast
        await comm.compute(1000)
        await comm.wait(q)
        return { a: a.every((x, i) => x === i + 0.25), b: b.every((x, i) => x === -i || (x === 0 && i === 0)) }
      })
      for (const r of range(n)) expect(values[r], `${algorithm} rank ${r}`).toEqual({ a: true, b: true })
    }
  })

  it('nic-stream ibcast of 64 KiB hides behind 20 µs of compute on 8 ranks', async () => {
    const n = 8, bytes = 65536, computeNs = 20_000
    const serial = await onRanks(n, async (comm) => {
      await comm.bcast(new Uint8Array(bytes), bytes, UINT8, 0, { algorithm: 'nic-stream' })
      await comm.compute(computeNs)
      return 0
    }, { dataMode: false })
    const overlapped = await onRanks(n, async (comm) => {
      const q = comm.ibcast(new Uint8Array(bytes), bytes, UINT8, 0, { algorithm: 'nic-stream' })
      await comm.compute(computeNs)
      await comm.wait(q)
      return 0
    }, { dataMode: false })
    // The root's engine work: the guarding barrier (3 dissemination rounds, o to send and o to
    // complete each receive) and o per put to its 3 children; the NICs do the forwarding.
    const o = resolveProfile('sc19', {}).network.overheadNs * 1000
    expect(Math.max(...overlapped.endPs)).toBe(computeNs * 1000 + 9 * o)
    expect(Math.max(...serial.endPs)).toBe(30_972_237)
    expect(Math.max(...overlapped.endPs)).toBeLessThan(Math.max(...serial.endPs))
  })
})
