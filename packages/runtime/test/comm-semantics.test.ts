import { describe, expect, it } from 'vitest'
import { ANY_SOURCE, ANY_TAG, UNDEFINED, bufferAt, run, types, type Comm } from '../src/index.js'

const F64 = types.FLOAT64
const I32 = types.INT32

describe('ordering and wildcards', () => {
  it('keeps the send order between a pair across eager and rendezvous sizes (ANY_TAG)', async () => {
    // 8 B eager, 64 KiB rendezvous, 8 B eager: the receiver must see them in that order.
    const r = await run({ ranks: 2 }, async (comm) => {
      const sizes = [1, 8192, 1]
      if (comm.rank === 0) {
        for (let i = 0; i < sizes.length; i++) await comm.send(new Float64Array(sizes[i]!).fill(i + 1), sizes[i]!, F64, 1, 10 + i)
        return []
      }
      const got: number[][] = []
      for (let i = 0; i < sizes.length; i++) {
        const buf = new Float64Array(8192)
        const st = await comm.recv(buf, 8192, F64, 0, ANY_TAG)
        got.push([st.tag, st.getCount(F64), buf[0]!])
      }
      return got
    })
    expect(r.results[1]).toEqual([[10, 1, 1], [11, 8192, 2], [12, 1, 3]])
    expect(r.stats.rendezvousMessages).toBe(1)
    expect(r.stats.eagerMessages).toBe(2)
  })

  it('matches the earliest posted receive; non-overtaking for the same tag', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) {
        for (let i = 0; i < 4; i++) await comm.send(new Int32Array([i]), 1, I32, 1, 5)
        return []
      }
      const bufs = [0, 1, 2, 3].map(() => new Int32Array(1))
      const reqs = bufs.map((b) => comm.irecv(b, 1, I32, 0, 5))
      await comm.waitall(reqs)
      return bufs.map((b) => b[0])
    })
    expect(r.results[1]).toEqual([0, 1, 2, 3])
  })

  it('ANY_SOURCE takes messages from every sender, status says who', async () => {
    const r = await run({ ranks: 4 }, async (comm) => {
      if (comm.rank !== 0) {
        await comm.send(new Int32Array([comm.rank * 100]), 1, I32, 0, comm.rank)
        return []
      }
      const seen: number[][] = []
      for (let i = 0; i < 3; i++) {
        const b = new Int32Array(1)
        const st = await comm.recv(b, 1, I32, ANY_SOURCE, ANY_TAG)
        seen.push([st.source, st.tag, b[0]!])
      }
      return seen.sort((a, b) => a[0]! - b[0]!)
    })
    expect(r.results[0]).toEqual([[1, 1, 100], [2, 2, 200], [3, 3, 300]])
  })
})

describe('probe, waitany, test', () => {
  it('probe then recv gets the probed message with its size', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) {
        await comm.send(new Float64Array([1, 2, 3]), 3, F64, 1, 4)
        await comm.send(new Float64Array(2000).fill(9), 2000, F64, 1, 6)
        return []
      }
      const out: number[] = []
      for (let i = 0; i < 2; i++) {
        const st = await comm.probe(0, ANY_TAG)
        const n = st.getCount(F64)
        const buf = new Float64Array(n)
        const got = await comm.recv(buf, n, F64, st.source, st.tag)
        out.push(st.tag, n, got.getCount(F64), buf[n - 1]!)
      }
      return out
    })
    expect(r.results[1]).toEqual([4, 3, 3, 3, 6, 2000, 2000, 9])
  })

  it('iprobe is null before the message, then finds it', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) {
        await comm.compute(10_000)
        await comm.send(new Int32Array([5]), 1, I32, 1, 1)
        return []
      }
      const before = await comm.iprobe(0, 1)
      await comm.compute(20_000)
      const after = await comm.iprobe(ANY_SOURCE, ANY_TAG)
      const b = new Int32Array(1)
      await comm.recv(b, 1, I32, 0, 1)
      return [before, after?.source, after?.tag, after?.bytes, b[0]]
    })
    expect(r.results[1]).toEqual([null, 0, 1, 4, 5])
  })

  it('waitany returns the request that completes first; test polls', async () => {
    const r = await run({ ranks: 3 }, async (comm) => {
      if (comm.rank === 1) {
        await comm.compute(50_000)
        await comm.send(new Int32Array([1]), 1, I32, 0, 0)
      }
      if (comm.rank === 2) await comm.send(new Int32Array([2]), 1, I32, 0, 0)
      if (comm.rank !== 0) return []
      const a = new Int32Array(1)
      const b = new Int32Array(1)
      const reqs = [comm.irecv(a, 1, I32, 1, 0), comm.irecv(b, 1, I32, 2, 0)]
      const first = await comm.waitany(reqs)
      const pending = await comm.test(reqs[0]!)
      const second = await comm.wait(reqs[0]!)
      return [first.index, first.status.source, b[0], pending, second.source, a[0]]
    })
    expect(r.results[0]).toEqual([1, 2, 2, null, 1, 1])
  })
})

describe('status counts and truncation', () => {
  it('getCount is UNDEFINED for a partial element; getElements counts elementary elements', async () => {
    const pair = types.contiguous(2, I32).commit()
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) {
        await comm.send(new Int32Array([1, 2, 3]), 3, I32, 1, 0)
        return []
      }
      const b = new Int32Array(4)
      const st = await comm.recv(b, 2, pair, 0, 0)
      return [st.bytes, st.getCount(pair), st.getCount(I32), st.getElements(pair), st.getCount(types.BYTE), Array.from(b)]
    })
    expect(r.results[1]).toEqual([12, UNDEFINED, 3, 3, 12, [1, 2, 3, 0]])
  })

  for (const n of [16, 4096]) {
    it(`truncation of a ${n === 16 ? 'eager' : 'rendezvous'} message is ERR_TRUNCATE with the sizes; the prefix arrives`, async () => {
      const r = await run({ ranks: 2 }, async (comm) => {
        if (comm.rank === 0) {
          await comm.send(new Float64Array(n).map((_, i) => i), n, F64, 1, 2)
          return ''
        }
        const b = new Float64Array(n / 2)
        try {
          await comm.recv(b, n / 2, F64, 0, 2)
          return 'no error'
        } catch (e) {
          return `${(e as { errorClass: string }).errorClass} ${(e as Error).message} last=${b[n / 2 - 1]}`
        }
      })
      expect(r.results[1]).toBe(
        `ERR_TRUNCATE recv(source=0, tag=2, count=${n / 2} x float64): message of ${n * 8} B from rank 0 (tag 2) truncated to the ${n * 4} B receive buffer (${n / 2} x float64) last=${n / 2 - 1}`)
    })
  }
})

describe('unexpected messages (sent before the receive is posted)', () => {
  for (const [label, n] of [['eager', 100], ['rendezvous', 100_000]] as const) {
    it(`${label}: data arrives intact and the receive completes after it is posted`, async () => {
      const r = await run({ ranks: 2 }, async (comm) => {
        if (comm.rank === 0) {
          await comm.send(new Float64Array(n).map((_, i) => i * 0.5), n, F64, 1, 9)
          return comm.nowPs()
        }
        await comm.compute(200_000)
        const posted = comm.nowPs()
        const b = new Float64Array(n)
        await comm.recv(b, n, F64, 0, 9)
        return [posted, b[0], b[n - 1], comm.nowPs() > posted]
      })
      expect(r.results[1]).toEqual([200_000_000, 0, (n - 1) * 0.5, true])
      if (label === 'rendezvous') expect(r.results[0]).toBeGreaterThan(200_000_000)
      else expect(r.results[0]).toBeLessThan(200_000_000)
    })
  }
})

describe('derived datatypes on both sides', () => {
  const n = 64
  // column of an n x n matrix of float64
  const column = types.vector(n, 1, n, F64).commit()
  async function transfer(sendType: 'column' | 'contig', recvType: 'column' | 'contig', mode: 'data' | 'timing' = 'data', strategy?: 'host' | 'auto') {
    return run({ ranks: 2, mode, ...(strategy ? { strategy } : {}) }, async (comm: Comm) => {
      const matrix = new Float64Array(n * n)
      if (comm.rank === 0) {
        matrix.forEach((_, i) => { matrix[i] = i })
        if (sendType === 'column') await comm.send(bufferAt(matrix, 8 * 3), 1, column, 1, 0)
        else await comm.send(matrix, n, F64, 1, 0)
        return []
      }
      if (recvType === 'column') await comm.recv(bufferAt(matrix, 8 * 5), 1, column, 0, 0)
      else await comm.recv(matrix, n, F64, 0, 0)
      return Array.from(matrix)
    })
  }

  it('vector send -> contiguous receive', async () => {
    const r = await transfer('column', 'contig')
    const got = r.results[1] as number[]
    expect(got.slice(0, n)).toEqual(Array.from({ length: n }, (_, i) => i * n + 3))
    expect(got.slice(n).every((v) => v === 0)).toBe(true)
  })

  it('contiguous send -> vector receive (column 5)', async () => {
    const r = await transfer('contig', 'column')
    const got = r.results[1] as number[]
    for (let i = 0; i < n * n; i++) expect(got[i]).toBe(i % n === 5 ? Math.floor(i / n) : 0)
  })

  it('vector -> vector, rendezvous sized, through the offloaded strategy and the host strategy', async () => {
    // 2048 float64 (16 KiB > 8 KiB eager limit): stride 2 on the sender, stride 3 on the receiver.
    const k = 2048
    const sendType = types.vector(k, 1, 2, F64).commit()
    const recvType = types.vector(k, 1, 3, F64).commit()
    for (const strategy of ['auto', 'host'] as const) {
      const r = await run({ ranks: 2, strategy }, async (comm) => {
        if (comm.rank === 0) {
          const m = new Float64Array(2 * k).fill(-1)
          for (let i = 0; i < k; i++) m[2 * i] = i
          await comm.send(m, 1, sendType, 1, 0)
          return []
        }
        const dst = new Float64Array(3 * k).fill(-1)
        await comm.recv(dst, 1, recvType, 0, 0)
        return [dst[0], dst[1], dst[3], dst[3 * (k - 1)], dst.filter((v) => v === -1).length]
      })
      expect(r.results[1]).toEqual([0, -1, 1, k - 1, 2 * k])
      expect(r.stats.receives.map((x) => [x.strategy, x.bytes])).toEqual([[strategy === 'host' ? 'host' : 'specialized', 8 * k]])
    }
  })

  it('timing mode gives the same times as data mode', async () => {
    for (const [s, t] of [['column', 'contig'], ['contig', 'column'], ['column', 'column']] as const) {
      const data = await transfer(s, t, 'data')
      const timing = await transfer(s, t, 'timing')
      expect(timing.endTimes.ps).toEqual(data.endTimes.ps)
    }
  })
})

describe('determinism', () => {
  it('same inputs and seed give the same results, times and stats', async () => {
    const program = async (comm: Comm) => {
      const peer = (comm.rank + 1) % comm.size
      const from = (comm.rank + comm.size - 1) % comm.size
      const out = new Float64Array(3000).fill(comm.rank)
      const inb = new Float64Array(3000)
      const st = await comm.sendrecv(out, 3000, F64, peer, 1, inb, 3000, F64, ANY_SOURCE, ANY_TAG)
      await comm.compute({ flops: 8000 })
      return [st.source, inb[2999]]
    }
    const a = await run({ ranks: 5, seed: 3, reorder: { window: 4 } }, program)
    const b = await run({ ranks: 5, seed: 3, reorder: { window: 4 } }, program)
    expect(b.results).toEqual(a.results)
    expect(b.endTimes).toEqual(a.endTimes)
    expect(JSON.stringify(b.stats)).toBe(JSON.stringify(a.stats))
    expect(a.results).toEqual([[4, 4], [0, 0], [1, 1], [2, 2], [3, 3]])
  })
})
