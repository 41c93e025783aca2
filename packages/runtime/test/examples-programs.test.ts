// The example programs of examples/programs/ run through the library (run() calling the
// module's default export, as the launcher does) and their data are checked exactly.
import { describe, expect, it } from 'vitest'
import { run } from '../src/index.js'
import halo2d, { main as haloMain } from '../../../examples/programs/halo2d.js'
import transform2d, { inputValue } from '../../../examples/programs/transform2d.js'

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
