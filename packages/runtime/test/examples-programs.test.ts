// The example programs of examples/programs/ run through the library (run() calling the
// module's default export, as the launcher does) and their data are checked exactly.
import { describe, expect, it } from 'vitest'
import { run } from '../src/index.js'
import blockScatter from '../../../examples/programs/block-scatter.js'
import prefixSum, { segmentOf } from '../../../examples/programs/prefix-sum.js'
import ibcastPipeline, { blockOf } from '../../../examples/programs/ibcast-pipeline.js'
import halo2d, { main as haloMain } from '../../../examples/programs/halo2d.js'
import transform2d, { inputValue } from '../../../examples/programs/transform2d.js'

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('examples/programs', () => {
  it('block-scatter: blocks of 4, 3, 3 of 1..10 on 3 ranks; squares gathered; sum 385', async () => {
    const r = await run({ ranks: 3 }, (comm) => blockScatter(comm, ['10']))
    expect(r.results.map((x) => x.block)).toEqual([[1, 2, 3, 4], [5, 6, 7], [8, 9, 10]])
    expect(r.results[0]!.squares).toEqual(range(10).map((i) => (i + 1) ** 2))
    expect(r.results[0]!.sum).toBe(385)
    for (const n of [0, 1, 7]) {
      const s = await run({ ranks: 4 }, (comm) => blockScatter(comm, [String(n)]))
      expect(s.results.flatMap((x) => x.block)).toEqual(range(n).map((i) => i + 1))
      expect(s.results[0]!.sum).toBe(range(n).reduce((a, i) => a + (i + 1) ** 2, 0))
    }
  })

  it('prefix-sum: each rank holds its part of the global inclusive prefix sum', async () => {
    for (const ranks of [1, 2, 5]) {
      const r = await run({ ranks }, (comm) => prefixSum(comm, []))
      const whole = range(ranks).flatMap((k) => segmentOf(k, k + 2))
      const prefix: number[] = []
      whole.reduce((acc, x) => (prefix.push(acc + x), acc + x), 0)
      expect(r.results.flatMap((x) => x.prefix)).toEqual(prefix)
      for (const k of range(ranks)) expect(r.results[k]!.upToHere).toBe(r.results[k]!.prefix.at(-1))
    }
    // 5 ranks: segments 1,2 | 11,12,13 | 21..24 | 31..35 | 41..46 → rank 4 ends at 3 + 36 + 90 + 165 + 261
    const five = await run({ ranks: 5 }, (comm) => prefixSum(comm, []))
    expect(five.results[4]!.upToHere).toBe(555)
  })

  it('ibcast-pipeline: the same checksums as the serial bcast version, finishing earlier', async () => {
    const checksum = (k: number) => blockOf(k, 512).reduce((a, x, i) => a + x * ((i % 7) + 1), 0)
    const piped = await run({ ranks: 8 }, (comm) => ibcastPipeline(comm, ['6', '512']))
    const serial = await run({ ranks: 8 }, (comm) => ibcastPipeline(comm, ['6', '512', '--serial']))
    for (const res of [piped, serial]) for (const x of res.results) expect(x.checksums).toEqual(range(6).map(checksum))
    expect(piped.makespanPs).toBeLessThan(serial.makespanPs)
    // the figures docs/collectives.md quotes (sc19, 8 ranks, 6 blocks of 4 KiB, nic-stream by
    // auto): the host messages are the guarding barriers', 6 x 8 ranks x 3 rounds, either way
    expect([piped.makespanPs, serial.makespanPs, piped.stats.messages, serial.stats.messages]).toEqual([21_752_203, 30_285_538, 144, 144])
  })
})

describe('examples/programs/halo2d.ts', () => {
  it('every ghost cell holds its neighbour\'s edge value (6 ranks: a 3 x 2 grid, periodic along columns)', async () => {
    const n = 4
    expect(haloMain).toBe(halo2d)
    const r6 = await run({ ranks: 6 }, (comm) => halo2d(comm, [String(n)]))
    const [P, Q] = [3, 2]
    const cell = (gi: number, gj: number) => gi * 1000 + (((gj % (Q * n)) + Q * n) % (Q * n))
    for (const res of r6.results) {
      const [pi, pj] = res!.coords as [number, number]
      const k = Array.from({ length: n }, (_, i) => i)
      expect(res!.top).toEqual(k.map((j) => (pi === 0 ? -1 : cell(pi * n - 1, pj * n + j))))
      expect(res!.bottom).toEqual(k.map((j) => (pi === P - 1 ? -1 : cell(pi * n + n, pj * n + j))))
      expect(res!.left).toEqual(k.map((i) => cell(pi * n + i, pj * n - 1)))
      expect(res!.right).toEqual(k.map((i) => cell(pi * n + i, pj * n + n)))
    }
    expect(r6.results.map((x) => x!.coords)).toEqual([[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]])
  })
})

describe('examples/programs/transform2d.ts', () => {
  const hadamard = (i: number, j: number) => {
    let b = i & j, s = 1
    while (b) { s = -s; b &= b - 1 }
    return s
  }

  for (const ranks of [4, 8]) {
    it(`H·A·H on a ${ranks}-rank grid equals the direct computation`, async () => {
      const r = await run({ ranks }, (comm) => transform2d(comm, []))
      const first = r.results[0]!
      const n = first.rows * (ranks === 4 ? 2 : 4) // grid 2 x 2 for 4 ranks, 4 x 2 for 8 ranks: N = rows x pr
      const a = (i: number, j: number) => inputValue(i, j, n)
      // direct: B = H A H
      const ha = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, l) => {
        let s = 0
        for (let k = 0; k < n; k++) s += hadamard(i, k) * a(k, l)
        return s
      }))
      const want = (i: number, j: number) => {
        let s = 0
        for (let l = 0; l < n; l++) s += ha[i]![l]! * hadamard(l, j)
        return s
      }
      for (const res of r.results) {
        const [p, q] = res.coords
        const expected = Array.from({ length: res.rows * res.cols }, (_, x) => want(p * res.rows + Math.floor(x / res.cols), q * res.cols + (x % res.cols)))
        expect(res.block).toEqual(expected)
      }
      expect(r.stats.unreceived).toEqual([])
    })
  }
})
