// gatherv, scatterv, allgatherv, scan, exscan, reduceScatter(Block): exact values against a
// sequential computation on 1, 2, 3, 5 and 8 ranks, several roots, derived types, IN_PLACE.
import { FLOAT64, INT32, contiguous, vector } from '@spinmpi/ddt'
import { describe, expect, it } from 'vitest'
import { IN_PLACE, type Comm } from '../src/index.js'
import { concat, onRanks } from './coll-harness.js'

const SIZES = [1, 2, 3, 5, 8]
const rootsOf = (n: number) => [...new Set([0, n - 1, n >> 1])]
const range = (n: number) => Array.from({ length: n }, (_, i) => i)
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

const spell = (from: number, to: number) => Number(range(to - from + 1).map((i) => from + i + 1).join(''))

describe('gatherv / scatterv', () => {
  it('rank i has i + 1 elements; blocks land at the displacements (gaps untouched), every root, with and without IN_PLACE', async () => {
    for (const n of SIZES) {
      const counts = range(n).map((i) => i + 1)
      const displs = range(n).map((i) => (i * (i + 1)) / 2 + i) // one element gap after each block
      const len = sum(counts) + n
      const expected = new Array<number>(len).fill(-1)
      for (const i of range(n)) for (let k = 0; k < counts[i]; k++) expected[displs[i] + k] = 100 * i + k
      const { values } = await onRanks(n, async (comm: Comm) => {
        const r = comm.rank
        const out: Record<string, number[]> = {}
        const mine = Int32Array.from({ length: r + 1 }, (_, k) => 100 * r + k)
        for (const root of rootsOf(n)) {
          const g = new Int32Array(len).fill(-1)
          await comm.gatherv(mine, r + 1, INT32, g, counts, displs, INT32, root)
          out[`gatherv ${root}`] = [...g]
          const gi = new Int32Array(len).fill(-1)
          if (r === root) gi.set(mine, displs[r])
          await comm.gatherv(r === root ? IN_PLACE : mine, r + 1, INT32, gi, counts, displs, INT32, root)
          out[`gatherv in place ${root}`] = [...gi]
          // scatterv: the root's buffer holds `expected`; rank i gets its block back
          const s = new Int32Array(n + 1).fill(-1)
          await comm.scatterv(r === root ? Int32Array.from(expected) : null, counts, displs, INT32, s, r + 1, INT32, root)
          out[`scatterv ${root}`] = [...s]
          const si = new Int32Array(n + 1).fill(-1)
          await comm.scatterv(r === root ? Int32Array.from(expected) : null, counts, displs, INT32, r === root ? IN_PLACE : si, r + 1, INT32, root)
          out[`scatterv in place ${root}`] = [...si]
        }
        return out
      })
      for (const root of rootsOf(n)) {
        for (const r of range(n)) {
          const g = r === root ? expected : new Array<number>(len).fill(-1)
          expect(values[r][`gatherv ${root}`], `n=${n} root=${root} rank ${r}`).toEqual(g)
          expect(values[r][`gatherv in place ${root}`], `n=${n} root=${root} rank ${r}`).toEqual(r === root ? expected : new Array<number>(len).fill(-1))
          const block = [...range(r + 1).map((k) => 100 * r + k), ...new Array<number>(n - r).fill(-1)]
          expect(values[r][`scatterv ${root}`], `n=${n} root=${root} rank ${r}`).toEqual(block)
          expect(values[r][`scatterv in place ${root}`], `n=${n} root=${root} rank ${r}`).toEqual(r === root ? new Array<number>(n + 1).fill(-1) : block)
        }
      }
    }
  })

  it('derived types: a strided column is gathered into rows and scattered back into a column', async () => {
    const n = 5
    const col = vector(3, 1, 4, INT32).commit() // one column of a 3x4 row-major matrix
    const { values } = await onRanks(n, async (comm: Comm) => {
      const r = comm.rank
      const m = Int32Array.from({ length: 12 }, (_, i) => 1000 * r + i)
      const rows = new Int32Array(3 * n).fill(-1)
      // rank i sends column (i % 4) of its matrix; the root stores rank i's 3 values at 3i
      await comm.gatherv({ data: m, byteOffset: 4 * (r % 4) }, 1, col, rows, new Array(n).fill(3), range(n).map((i) => 3 * i), INT32, 1)
      const back = new Int32Array(12).fill(-1)
      await comm.scatterv(r === 1 ? rows : null, new Array(n).fill(3), range(n).map((i) => 3 * (n - 1 - i)), INT32, back, 1, col, 1)
      return { rows: [...rows], back: [...back] }
    })
    const rows = range(n).flatMap((i) => [0, 4, 8].map((k) => 1000 * i + (i % 4) + k))
    expect(values[1].rows).toEqual(rows)
    for (const r of range(n)) {
      const from = n - 1 - r // scatter displacements are reversed: rank r gets rank (n-1-r)'s column
      const back = new Array<number>(12).fill(-1)
      ;[0, 4, 8].forEach((k, j) => { back[k] = rows[3 * from + j] })
      expect(values[r].back, `rank ${r}`).toEqual(back)
    }
  })
})

describe('allgatherv', () => {
  it('blocks of 0, 1 and 2 elements with gaps, with and without IN_PLACE, and a derived receive type', async () => {
    for (const n of SIZES) {
      const counts = range(n).map((i) => i % 3)
      const displs = range(n).map((i) => 3 * i + 1)
      const len = 3 * n + 1
      const expected = new Array<number>(len).fill(-1)
      for (const i of range(n)) for (let k = 0; k < counts[i]; k++) expected[displs[i] + k] = 10 * i + k
      const pair = contiguous(2, INT32).commit()
      const { values } = await onRanks(n, async (comm: Comm) => {
        const r = comm.rank
        const mine = Int32Array.from({ length: r % 3 }, (_, k) => 10 * r + k)
        const a = new Int32Array(len).fill(-1)
        await comm.allgatherv(mine, r % 3, INT32, a, counts, displs, INT32)
        const b = new Int32Array(len).fill(-1)
        b.set(mine, displs[r])
        await comm.allgatherv(IN_PLACE, 0, INT32, b, counts, displs, INT32)
        // pairs: rank i gives one pair (i, -i) from a strided vector, placed at pair index n-1-i
        const strided = Int32Array.from([r, 99, -r])
        const p = new Int32Array(2 * n)
        await comm.allgatherv(strided, 1, vector(2, 1, 2, INT32).commit(), p, new Array(n).fill(1), range(n).map((i) => n - 1 - i), pair)
        return { a: [...a], b: [...b], p: [...p] }
      })
      const pairs = range(n).flatMap((k) => [n - 1 - k, 0 - (n - 1 - k) + 0])
      for (const r of range(n)) {
        expect(values[r].a, `n=${n} rank ${r}`).toEqual(expected)
        expect(values[r].b, `n=${n} rank ${r} in place`).toEqual(expected)
        expect(values[r].p, `n=${n} rank ${r} pairs`).toEqual(pairs)
      }
    }
  })
})

describe('scan / exscan', () => {
  it('SUM, MAX, a non-commutative op, a derived type and IN_PLACE; exscan leaves rank 0 untouched', async () => {
    const everyOther = vector(2, 1, 2, INT32).commit()
    for (const n of SIZES) {
      const { values } = await onRanks(n, async (comm: Comm) => {
        const r = comm.rank
        const out: Record<string, number[]> = {}
        const x = Int32Array.from([r + 1, 1, 10 * r])
        const s = new Int32Array(3)
        await comm.scan(x, s, 3, INT32, 'SUM')
        out.scan = [...s]
        const e = new Int32Array(3).fill(-7)
        await comm.exscan(x, e, 3, INT32, 'SUM')
        out.exscan = [...e]
        const m = new Float64Array(1)
        await comm.scan(Float64Array.from([(r * 5) % 3]), m, 1, FLOAT64, 'MAX')
        out.max = [...m]
        const c = new Float64Array(1)
        await comm.scan(Float64Array.from([r + 1]), c, 1, FLOAT64, concat)
        out.concat = [...c]
        const ce = new Float64Array(1).fill(-7)
        await comm.exscan(Float64Array.from([r + 1]), ce, 1, FLOAT64, concat)
        out.exconcat = [...ce]
        const ip = Int32Array.from([r + 1, 1, 10 * r])
        await comm.scan(IN_PLACE, ip, 3, INT32, 'SUM')
        out.inPlace = [...ip]
        const eip = Int32Array.from([r + 1, 1, 10 * r])
        await comm.exscan(IN_PLACE, eip, 3, INT32, 'SUM')
        out.exInPlace = [...eip]
        // derived: elements 0 and 2 of a 3-element buffer; element 1 stays
        const d = Int32Array.from([-1, -2, -3])
        await comm.scan(Int32Array.from([r, 50, 2 * r]), d, 1, everyOther, 'SUM')
        out.derived = [...d]
        return out
      })
      for (const r of range(n)) {
        const tri = (k: number) => (k * (k + 1)) / 2
        expect(values[r].scan, `n=${n} rank ${r}`).toEqual([tri(r + 1), r + 1, 10 * tri(r)])
        expect(values[r].inPlace).toEqual([tri(r + 1), r + 1, 10 * tri(r)])
        expect(values[r].exscan, `n=${n} rank ${r}`).toEqual(r === 0 ? [-7, -7, -7] : [tri(r), r, 10 * tri(r - 1)])
        expect(values[r].exInPlace).toEqual(r === 0 ? [1, 1, 0] : [tri(r), r, 10 * tri(r - 1)])
        expect(values[r].max).toEqual([Math.max(...range(r + 1).map((k) => (k * 5) % 3))])
        expect(values[r].concat, `n=${n} rank ${r}`).toEqual([spell(0, r)])
        expect(values[r].exconcat, `n=${n} rank ${r}`).toEqual([r === 0 ? -7 : spell(0, r - 1)])
        expect(values[r].derived).toEqual([tri(r), -2, 2 * tri(r)])
      }
    }
  })
})

describe('reduceScatter / reduceScatterBlock', () => {
  it('uneven counts (zeros included), a non-commutative op, a derived type and IN_PLACE', async () => {
    for (const n of SIZES) {
      const counts = range(n).map((i) => (i + 1) % 3)
      const total = sum(counts)
      const first = range(n).map((i) => sum(counts.slice(0, i)))
      const { values } = await onRanks(n, async (comm: Comm) => {
        const r = comm.rank
        const out: Record<string, number[]> = {}
        const x = Int32Array.from({ length: total }, (_, j) => 100 * r + j)
        const rs = new Int32Array(3).fill(-1)
        await comm.reduceScatter(x, rs, counts, INT32, 'SUM')
        out.rs = [...rs]
        const ip = Int32Array.from(x)
        await comm.reduceScatter(IN_PLACE, ip, counts, INT32, 'SUM')
        out.inPlace = [...ip]
        const c = new Float64Array(2).fill(-1)
        await comm.reduceScatterBlock(Float64Array.from({ length: 2 * n }, () => r + 1), c, 2, FLOAT64, concat)
        out.concat = [...c]
        const b = new Int32Array(2)
        await comm.reduceScatterBlock(Int32Array.from({ length: 2 * n }, (_, j) => j * (r + 1)), b, 2, INT32, 'SUM')
        out.block = [...b]
        // derived: each element is a pair of ints stored with a one-int gap (vector 2,1,2)
        const gapPair = vector(2, 1, 2, INT32).commit()
        const big = Int32Array.from({ length: 3 * n + 1 }, (_, j) => j + r)
        const d = new Int32Array(4).fill(-1)
        await comm.reduceScatterBlock(big, d, 1, gapPair, 'SUM')
        out.derived = [...d]
        return out
      })
      const nSum = (n * (n - 1)) / 2
      for (const r of range(n)) {
        const mine = range(counts[r]).map((k) => 100 * nSum + n * (first[r] + k))
        expect(values[r].rs, `n=${n} rank ${r}`).toEqual([...mine, ...new Array<number>(3 - counts[r]).fill(-1)])
        const x = range(total).map((j) => 100 * r + j)
        expect(values[r].inPlace, `n=${n} rank ${r} in place`).toEqual([...mine, ...x.slice(counts[r])])
        expect(values[r].concat, `n=${n} rank ${r}`).toEqual([spell(0, n - 1), spell(0, n - 1)])
        expect(values[r].block).toEqual([2 * r * nSum + 2 * r * n, (2 * r + 1) * (nSum + n)])
        // rank r's element is the pair at ints 3r and 3r + 2 (gapPair's extent is 3 ints)
        const at = 3 * r
        expect(values[r].derived, `n=${n} rank ${r} derived`).toEqual([n * at + nSum, -1, n * (at + 2) + nSum, -1])
      }
    }
  })
})
