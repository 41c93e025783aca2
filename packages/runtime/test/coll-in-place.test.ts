// IN_PLACE in the collectives that had none (gather, scatter, allgather, alltoall(v,w), reduce,
// allreduce), IN_PLACE where MPI forbids it, and the message counts docs/collectives.md quotes.
import { ERR_BUFFER, INT32, INT16, MpiError, contiguous } from '@spinmpi/ddt'
import { describe, expect, it } from 'vitest'
import { IN_PLACE, run, type Comm } from '../src/index.js'
import { onRanks } from './coll-harness.js'

const range = (n: number) => Array.from({ length: n }, (_, i) => i)
const rootsOf = (n: number) => [...new Set([0, n - 1, n >> 1])]

describe('IN_PLACE', () => {
  it('gather, scatter, allgather, reduce, allreduce on 1, 2, 3, 5, 8 ranks', async () => {
    for (const n of [1, 2, 3, 5, 8]) {
      const { values } = await onRanks(n, async (comm: Comm) => {
        const r = comm.rank
        const out: Record<string, number[]> = {}
        for (const root of rootsOf(n)) {
          const g = new Int16Array(2 * n).fill(-1)
          if (r === root) g.set([r, 100 + r], 2 * r)
          await comm.gather(r === root ? IN_PLACE : Int16Array.of(r, 100 + r), 2, INT16, g, 2, INT16, root)
          out[`gather ${root}`] = [...g]
          const src = Int16Array.from(range(2 * n), (i) => 1000 * root + i)
          const s = new Int16Array(2).fill(-1)
          await comm.scatter(r === root ? src : null, 2, INT16, r === root ? IN_PLACE : s, 2, INT16, root)
          out[`scatter ${root}`] = [...s]
          const red = Int32Array.of(r + 1, -r)
          await comm.reduce(r === root ? IN_PLACE : Int32Array.of(r + 1, -r), r === root ? red : null, 2, INT32, 'SUM', root)
          out[`reduce ${root}`] = [...red]
        }
        const ag = new Int32Array(n).fill(-1)
        ag[r] = r * r
        await comm.allgather(IN_PLACE, 0, INT32, ag, 1, INT32)
        out.allgather = [...ag]
        const ar = Int32Array.of(r, 2 * r)
        await comm.allreduce(IN_PLACE, ar, 2, INT32, 'MAX')
        out.allreduce = [...ar]
        return out
      })
      for (const root of rootsOf(n)) {
        for (const r of range(n)) {
          expect(values[r][`gather ${root}`], `n=${n} root=${root} rank ${r}`).toEqual(
            r === root ? range(n).flatMap((i) => [i, 100 + i]) : new Array<number>(2 * n).fill(-1))
          expect(values[r][`scatter ${root}`]).toEqual(r === root ? [-1, -1] : [1000 * root + 2 * r, 1000 * root + 2 * r + 1])
          expect(values[r][`reduce ${root}`]).toEqual(r === root ? [(n * (n + 1)) / 2, -(n * (n - 1)) / 2 + 0] : [r + 1, -r + 0])
        }
      }
      for (const r of range(n)) {
        expect(values[r].allgather).toEqual(range(n).map((i) => i * i))
        expect(values[r].allreduce).toEqual([n - 1, 2 * (n - 1)])
      }
    }
  })

  it('alltoall, alltoallv (symmetric counts) and alltoallw exchange within recvbuf', async () => {
    for (const n of [1, 2, 3, 5, 8]) {
      const pair = contiguous(2, INT32).commit()
      const { values } = await onRanks(n, async (comm: Comm) => {
        const r = comm.rank
        const a = Int32Array.from(range(n), (j) => 100 * r + j)
        await comm.alltoall(IN_PLACE, 0, INT32, a, 1, INT32)
        // alltoallv: r and j exchange c(r, j) = (r + j) % 3 + 1 elements; block j starts at 3j
        const c = range(n).map((j) => ((r + j) % 3) + 1)
        const v = Int32Array.from(range(3 * n), (i) => 1000 * r + i)
        await comm.alltoallv(IN_PLACE, [], [], INT32, v, c, range(n).map((j) => 3 * j), INT32)
        // alltoallw: one pair per peer, at byte 8j
        const w = Int32Array.from(range(2 * n), (i) => 10 * r + i)
        await comm.alltoallw(IN_PLACE, [], [], [], w, new Array(n).fill(1), range(n).map((j) => 8 * j), new Array(n).fill(pair))
        return { a: [...a], v: [...v], w: [...w] }
      })
      for (const r of range(n)) {
        expect(values[r].a, `n=${n} rank ${r}`).toEqual(range(n).map((j) => 100 * j + r))
        const v = range(3 * n).map((i) => 1000 * r + i) // untouched beyond each block's count
        for (const j of range(n)) for (let k = 0; k < ((r + j) % 3) + 1; k++) v[3 * j + k] = 1000 * j + 3 * r + k
        expect(values[r].v, `n=${n} rank ${r}`).toEqual(v)
        expect(values[r].w).toEqual(range(n).flatMap((j) => [10 * j + 2 * r, 10 * j + 2 * r + 1]))
      }
    }
  })

  it('is ERR_BUFFER where MPI does not allow it, naming the call', async () => {
    const fails = async (f: (comm: Comm) => Promise<unknown>): Promise<string> => {
      const e = await run({ ranks: 2 }, async (comm) => { if (comm.rank === 1) await f(comm) }).catch((x: unknown) => x)
      expect(e).toBeInstanceOf(MpiError)
      expect((e as MpiError).errorClass).toBe(ERR_BUFFER)
      return (e as Error).message
    }
    expect(await fails((c) => c.gather(IN_PLACE, 1, INT32, null, 1, INT32, 0))).toContain('gather(root=0): sendbuf is IN_PLACE, but only the root may pass it')
    expect(await fails((c) => c.gatherv(IN_PLACE, 1, INT32, null, [1, 1], [0, 1], INT32, 0))).toContain('gatherv(root=0): sendbuf is IN_PLACE')
    expect(await fails((c) => c.scatter(null, 1, INT32, IN_PLACE, 1, INT32, 0))).toContain('scatter(root=0): recvbuf is IN_PLACE, but only the root may pass it')
    expect(await fails((c) => c.scatterv(null, [1, 1], [0, 1], INT32, IN_PLACE, 1, INT32, 0))).toContain('scatterv(root=0): recvbuf is IN_PLACE')
    expect(await fails((c) => c.reduce(IN_PLACE, null, 1, INT32, 'SUM', 0))).toContain('reduce(root=0): sendbuf is IN_PLACE, but only the root may pass it')
  })
})

describe('messages per call (the counts docs/collectives.md quotes)', () => {
  /** User-level messages of one call on n ranks (timing mode). */
  const messagesOf = async (n: number, call: (comm: Comm) => Promise<unknown>): Promise<number> =>
    (await run({ ranks: n, mode: 'timing' }, async (comm) => { await call(comm) })).stats.messages
  const ones = (n: number) => new Array<number>(n).fill(1)

  it('gatherv, scatterv: n - 1; allgatherv, reduceScatter: n (n - 1); scan, exscan: pairs within reach per round', async () => {
    for (const n of [1, 2, 3, 5, 8]) {
      const d = range(n)
      expect(await messagesOf(n, (c) => c.gatherv(null, 1, INT32, null, ones(n), d, INT32, 0))).toBe(n - 1)
      expect(await messagesOf(n, (c) => c.scatterv(null, ones(n), d, INT32, null, 1, INT32, n - 1))).toBe(n - 1)
      expect(await messagesOf(n, (c) => c.allgatherv(null, 1, INT32, null, ones(n), d, INT32))).toBe(n * (n - 1))
      expect(await messagesOf(n, (c) => c.reduceScatter(null, null, ones(n), INT32, 'SUM'))).toBe(n * (n - 1))
      expect(await messagesOf(n, (c) => c.reduceScatterBlock(null, null, 1, INT32, 'SUM'))).toBe(n * (n - 1))
      // round k: every rank r with r ^ 2^k < n sends once
      let pairs = 0
      for (let m = 1; m < n; m <<= 1) pairs += range(n).filter((r) => (r ^ m) < n).length
      expect(await messagesOf(n, (c) => c.scan(null, null, 1, INT32, 'SUM'))).toBe(pairs)
      expect(await messagesOf(n, (c) => c.exscan(null, null, 1, INT32, 'SUM'))).toBe(pairs)
      // the nonblocking forms send exactly what the blocking ones send
      expect(await messagesOf(n, (c) => c.wait(c.iscan(null, null, 1, INT32, 'SUM')))).toBe(pairs)
      expect(await messagesOf(n, (c) => c.wait(c.ibcast(null, 1, INT32, 0)))).toBe(n - 1)
    }
    expect([5, 8].map((n) => range(Math.ceil(Math.log2(n))).reduce((a, k) => a + range(n).filter((r) => (r ^ (1 << k)) < n).length, 0))).toEqual([10, 24])
  })
})
