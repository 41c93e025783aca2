import { FLOAT64, INT32, UINT8, contiguous, vector, INT16, FLOAT32, COMPLEX128, UINT32, INT64, MpiError } from '@spinmpi/ddt'
import { describe, expect, it } from 'vitest'
import type { Comm } from '../src/index.js'
import { concat, onRanks } from './coll-harness.js'

const SIZES = Array.from({ length: 17 }, (_, i) => i + 1)
const rootsOf = (n: number) => [...new Set([0, n - 1, n >> 1])]
const K = 3

describe('collectives against a sequential computation, sizes 1..17', () => {
  it('barrier, bcast (every algorithm), reduce, allreduce for several roots', async () => {
    for (const n of SIZES) {
      const { values } = await onRanks(n, async (comm: Comm) => {
        const out: Record<string, number[]> = {}
        await comm.barrier()
        for (const root of rootsOf(n)) {
          for (const algorithm of ['binomial', 'nic-stream', 'nic-store', 'nic-binary'] as const) {
            const b = new Float64Array(K)
            if (comm.rank === root) b.set([root + 0.5, -root, 7])
            await comm.bcast(b, K, FLOAT64, root, { algorithm })
            out[`bcast ${algorithm} ${root}`] = [...b]
          }
          const send = Int32Array.from({ length: K }, (_, i) => comm.rank * 10 + i)
          const recv = new Int32Array(K).fill(-1)
          await comm.reduce(send, recv, K, INT32, 'SUM', root)
          out[`reduce ${root}`] = [...recv]
        }
        const all = new Int32Array(K)
        await comm.allreduce(Int32Array.from({ length: K }, (_, i) => comm.rank * (i + 1)), all, K, INT32, 'MAX')
        out.allreduce = [...all]
        return out
      })
      for (const root of rootsOf(n)) {
        for (const algorithm of ['binomial', 'nic-stream', 'nic-store', 'nic-binary']) {
          for (let r = 0; r < n; r++) expect(values[r][`bcast ${algorithm} ${root}`], `n=${n} ${algorithm} root=${root} rank ${r}`).toEqual([root + 0.5, -root, 7])
        }
        const sum = Array.from({ length: K }, (_, i) => Array.from({ length: n }, (_, r) => r * 10 + i).reduce((a, b) => a + b, 0))
        expect(values[root][`reduce ${root}`], `n=${n} reduce root=${root}`).toEqual(sum)
        for (let r = 0; r < n; r++) if (r !== root) expect(values[r][`reduce ${root}`]).toEqual([-1, -1, -1])
      }
      for (let r = 0; r < n; r++) expect(values[r].allreduce, `n=${n} allreduce`).toEqual([n - 1, 2 * (n - 1), 3 * (n - 1)])
    }
  })

  it('gather, scatter, allgather, alltoall, alltoallv', async () => {
    for (const n of SIZES) {
      const { values } = await onRanks(n, async (comm: Comm) => {
        const r = comm.rank
        const out: Record<string, number[]> = {}
        for (const root of rootsOf(n)) {
          const g = new Int16Array(2 * n).fill(-1)
          await comm.gather(Int16Array.from([r, 100 + r]), 2, INT16, g, 2, INT16, root)
          out[`gather ${root}`] = [...g]
          const s = new Int16Array(2)
          const src = Int16Array.from({ length: 2 * n }, (_, i) => (comm.rank === root ? 1000 * root + i : 0))
          await comm.scatter(src, 2, INT16, s, 2, INT16, root)
          out[`scatter ${root}`] = [...s]
        }
        const ag = new Float32Array(n)
        await comm.allgather(Float32Array.from([r * 1.5]), 1, FLOAT32, ag, 1, FLOAT32)
        out.allgather = [...ag]
        const a2a = new Int32Array(n)
        await comm.alltoall(Int32Array.from({ length: n }, (_, j) => 100 * r + j), 1, INT32, a2a, 1, INT32)
        out.alltoall = [...a2a]
        // alltoallv: rank r sends j+1 elements to rank j (all equal to r), receives r+1 from each.
        const scounts = Array.from({ length: n }, (_, j) => j + 1)
        const sdispls = scounts.map((_, j) => (j * (j + 1)) / 2)
        const sbuf = new Uint8Array((n * (n + 1)) / 2).fill(r)
        const rcounts = new Array<number>(n).fill(r + 1)
        const rdispls = rcounts.map((_, j) => j * (r + 1))
        const rbuf = new Uint8Array(n * (r + 1))
        await comm.alltoallv(sbuf, scounts, sdispls, UINT8, rbuf, rcounts, rdispls, UINT8)
        out.alltoallv = [...rbuf]
        return out
      })
      for (const root of rootsOf(n)) {
        expect(values[root][`gather ${root}`]).toEqual(Array.from({ length: n }, (_, r) => [r, 100 + r]).flat())
        for (let r = 0; r < n; r++) expect(values[r][`scatter ${root}`], `n=${n} scatter root=${root}`).toEqual([1000 * root + 2 * r, 1000 * root + 2 * r + 1])
      }
      for (let r = 0; r < n; r++) {
        expect(values[r].allgather).toEqual(Array.from({ length: n }, (_, j) => j * 1.5))
        expect(values[r].alltoall).toEqual(Array.from({ length: n }, (_, j) => 100 * j + r))
        expect(values[r].alltoallv).toEqual(Array.from({ length: n }, (_, j) => new Array<number>(r + 1).fill(j)).flat())
      }
    }
  })
})

describe('datatypes in collectives', () => {
  it('gather with different send and receive types (vector column into contiguous rows)', async () => {
    const n = 4
    const col = vector(3, 1, 4, INT32).commit() // one column of a 3x4 matrix
    const { values } = await onRanks(n, async (comm) => {
      const m = Int32Array.from({ length: 12 }, (_, i) => comm.rank * 100 + i)
      const out = new Int32Array(3 * n)
      await comm.gather(m, 1, col, out, 3, INT32, 1)
      return [...out]
    })
    expect(values[1]).toEqual(Array.from({ length: n }, (_, r) => [r * 100, r * 100 + 4, r * 100 + 8]).flat())
  })

  it('alltoallw with a different type per peer', async () => {
    const n = 5
    // To peer j: j+1 int32 taken with stride 2 (a vector), received as contiguous.
    const sendTypes = Array.from({ length: n }, (_, j) => vector(j + 1, 1, 2, INT32).commit())
    const { values } = await onRanks(n, async (comm) => {
      const r = comm.rank
      const sbuf = Int32Array.from({ length: n * 2 * n }, (_, i) => 1000 * r + i)
      const sdispls = Array.from({ length: n }, (_, j) => j * 2 * n * 4)
      const recvTypes = Array.from({ length: n }, () => contiguous(r + 1, INT32).commit())
      const rdispls = Array.from({ length: n }, (_, j) => j * (r + 1) * 4)
      const rbuf = new Int32Array(n * (r + 1))
      await comm.alltoallw(sbuf, new Array(n).fill(1), sdispls, sendTypes, rbuf, new Array(n).fill(1), rdispls, recvTypes)
      return [...rbuf]
    })
    for (let r = 0; r < n; r++) {
      const expected = Array.from({ length: n }, (_, j) => Array.from({ length: r + 1 }, (_, k) => 1000 * j + r * 2 * n + 2 * k)).flat()
      expect(values[r], `rank ${r}`).toEqual(expected)
    }
  })

  it('bcast of a non-contiguous type through every algorithm unpacks at the receivers', async () => {
    const t = vector(4, 2, 3, FLOAT64).commit()
    for (const algorithm of ['binomial', 'nic-stream', 'nic-store', 'nic-binary'] as const) {
      const { values } = await onRanks(6, async (comm) => {
        const b = new Float64Array(12).fill(-1)
        if (comm.rank === 2) for (let i = 0; i < 12; i++) b[i] = i
        await comm.bcast(b, 1, t, 2, { algorithm })
        return [...b]
      })
      const full = Array.from({ length: 12 }, (_, i) => i)
      for (let r = 0; r < 6; r++) expect(values[r], `${algorithm} rank ${r}`).toEqual(r === 2 ? full : [0, 1, -1, 3, 4, -1, 6, 7, -1, 9, 10, -1])
    }
  })

  it('multi-packet bcast (64 KiB, several MTUs) delivers every byte with every algorithm', async () => {
    const bytes = 65536
    for (const algorithm of ['binomial', 'nic-stream', 'nic-store', 'nic-binary'] as const) {
      const { values } = await onRanks(7, async (comm) => {
        const b = new Uint8Array(bytes)
        if (comm.rank === 3) for (let i = 0; i < bytes; i++) b[i] = (i * 31 + 7) & 0xff
        await comm.bcast(b, bytes, UINT8, 3, { algorithm })
        let bad = 0
        for (let i = 0; i < bytes; i++) if (b[i] !== ((i * 31 + 7) & 0xff)) bad++
        return bad
      }, { profile: 'spin-sc17-integrated' })
      expect(values, algorithm).toEqual(new Array(7).fill(0))
    }
  })
})

describe('reduction ops through reduce and allreduce', () => {
  it('each predefined op on several elementary types', async () => {
    const n = 6
    const { values } = await onRanks(n, async (comm) => {
      const r = comm.rank
      const out: Record<string, unknown[]> = {}
      const i32 = Int32Array.from([r + 1, r % 2, r === 3 ? 0 : 1, 1 << r])
      for (const op of ['SUM', 'PROD', 'MIN', 'MAX', 'LAND', 'LOR', 'BAND', 'BOR'] as const) {
        const o = new Int32Array(4)
        await comm.allreduce(i32, o, 4, INT32, op)
        out[`i32 ${op}`] = [...o]
      }
      for (const op of ['SUM', 'PROD', 'MIN', 'MAX'] as const) {
        const o = new Float64Array(2)
        await comm.reduce(Float64Array.from([r + 0.5, 0 - r]), o, 2, FLOAT64, op, 4)
        out[`f64 ${op}`] = [...o]
      }
      const c = new Float64Array(2)
      await comm.allreduce(Float64Array.from([0, 1]), c, 1, COMPLEX128, 'PROD') // i^6 = -1
      out.complex = [...c]
      const u = new Uint32Array(1)
      await comm.allreduce(Uint32Array.from([0xffffffff - r]), u, 1, UINT32, 'MIN')
      out.u32 = [...u]
      const big = new BigInt64Array(1)
      await comm.allreduce(BigInt64Array.from([BigInt(r) * 2n ** 40n]), big, 1, INT64, 'SUM')
      out.i64 = [...big]
      return out
    })
    const rs = [0, 1, 2, 3, 4, 5]
    const v = values[0]
    expect(v['i32 SUM']).toEqual([21, 3, 5, 63])
    expect(v['i32 PROD']).toEqual([720, 0, 0, 1 << 15])
    expect(v['i32 MIN']).toEqual([1, 0, 0, 1])
    expect(v['i32 MAX']).toEqual([6, 1, 1, 32])
    expect(v['i32 LAND']).toEqual([1, 0, 0, 1])
    expect(v['i32 LOR']).toEqual([1, 1, 1, 1])
    expect(v['i32 BAND']).toEqual([0, 0, 0, 0])
    expect(v['i32 BOR']).toEqual([7, 1, 1, 63])
    expect(values[4]['f64 SUM']).toEqual([rs.reduce((a, r) => a + r + 0.5, 0), -15])
    expect(values[4]['f64 PROD']).toEqual([rs.reduce((a, r) => a * (r + 0.5), 1), -0]) // +0 · (-1)···(-5): five negative factors
    expect(values[4]['f64 MIN']).toEqual([0.5, -5])
    expect(values[4]['f64 MAX']).toEqual([5.5, 0])
    expect(v.complex).toEqual([-1, 0])
    expect(v.u32).toEqual([0xffffffff - 5])
    expect(v.i64).toEqual([15n * 2n ** 40n])
    for (let r = 1; r < n; r++) expect(values[r]['i32 SUM']).toEqual(v['i32 SUM'])
  })

  it('a non-commutative user op is applied in rank order for every size and root', async () => {
    for (const n of [1, 2, 3, 5, 6, 7, 9]) {
      const { values } = await onRanks(n, async (comm) => {
        const out: number[] = []
        for (const root of rootsOf(n)) {
          const o = new Float64Array(1)
          await comm.reduce(Float64Array.from([comm.rank + 1]), o, 1, FLOAT64, concat, root)
          out.push(comm.rank === root ? o[0] : -1)
        }
        const a = new Float64Array(1)
        await comm.allreduce(Float64Array.from([comm.rank + 1]), a, 1, FLOAT64, concat)
        out.push(a[0])
        return out
      })
      const spelled = Number(Array.from({ length: n }, (_, r) => r + 1).join(''))
      rootsOf(n).forEach((root, k) => expect(values[root][k], `n=${n} root=${root}`).toBe(spelled))
      for (let r = 0; r < n; r++) expect(values[r][rootsOf(n).length], `allreduce n=${n}`).toBe(spelled)
    }
  })
})

describe('errors', () => {
  it('bad roots, ops, algorithms and per-peer arrays are MpiErrors naming the argument', async () => {
    const fails = async (f: (comm: Comm) => Promise<unknown>) => {
      try {
        await onRanks(2, async (comm) => { if (comm.rank === 0) await f(comm) ; return 0 })
      } catch (e) {
        return String((e as Error).message)
      }
      return 'no error'
    }
    expect(await fails((c) => c.bcast(new Uint8Array(1), 1, UINT8, 5))).toContain('bcast(root=5): root 5 is not a rank of this 2-rank communicator')
    expect(await fails((c) => c.bcast(new Uint8Array(1), 1, UINT8, 0, { algorithm: 'ring' as 'auto' }))).toContain("algorithm 'ring' is not one of")
    expect(await fails((c) => c.allreduce(new Float64Array(1), new Float64Array(1), 1, COMPLEX128, 'MIN'))).toContain('op MIN is not defined on elements of type complex128')
    expect(await fails((c) => c.alltoallv(new Uint8Array(2), [1], [0, 1], UINT8, new Uint8Array(2), [1, 1], [0, 1], UINT8))).toContain('sendcounts must have 2 entries')
    expect(MpiError).toBeDefined()
  })
})
