// Property: on random sizes, roots, counts and data, gatherv, scatterv, allgatherv, scan, exscan,
// reduceScatter and reduceScatterBlock (blocking, or their nonblocking forms all in flight at
// once) give what a sequential computation gives, for SUM, MAX and 2x2 integer matrix products
// (associative, not commutative: rank order matters).
import fc from 'fast-check'
import { INT32, contiguous } from '@spinmpi/ddt'
import { describe, expect, it } from 'vitest'
import { createOp } from '../src/collectives/index.js'
import type { Comm, ReduceOp, Request } from '../src/index.js'
import { onRanks } from './coll-harness.js'

const MAT = contiguous(4, INT32).commit() // a row-major 2x2 int32 matrix

function matmul(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number[] {
  const m = (i: number, j: number) => (Math.imul(a[ai + 2 * i], b[bi + j]) + Math.imul(a[ai + 2 * i + 1], b[bi + 2 + j])) | 0
  return [m(0, 0), m(0, 1), m(1, 0), m(1, 1)]
}

/** inout = input · inout, matrix by matrix. */
const MATMUL = createOp((input, inout, count) => {
  const a = new Int32Array(input.buffer, input.byteOffset, 4 * count)
  const b = new Int32Array(inout.buffer, inout.byteOffset, 4 * count)
  for (let k = 0; k < count; k++) b.set(matmul(a, 4 * k, b, 4 * k), 4 * k)
}, { commute: false, name: 'matmul' })

type OpName = 'SUM' | 'MAX' | 'MATMUL'
const opOf = (name: OpName): ReduceOp => (name === 'MATMUL' ? MATMUL : name)

/** lower ∘ higher on whole vectors of matrices. */
function combine(op: OpName, lo: readonly number[], hi: readonly number[]): number[] {
  if (op === 'SUM') return lo.map((x, i) => (x + hi[i]) | 0)
  if (op === 'MAX') return lo.map((x, i) => Math.max(x, hi[i]))
  const out: number[] = []
  for (let k = 0; k < lo.length; k += 4) out.push(...matmul(lo, k, hi, k))
  return out
}

const scenario = fc.record({
  n: fc.integer({ min: 1, max: 6 }),
  rootSeed: fc.nat(),
  counts: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 6, maxLength: 6 }),
  gaps: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 6, maxLength: 6 }),
  count: fc.integer({ min: 0, max: 3 }),
  op: fc.constantFrom<OpName>('SUM', 'MAX', 'MATMUL'),
  nonblocking: fc.boolean(),
  data: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 6 * 4 * 18, maxLength: 6 * 4 * 18 }),
})

describe('vector and prefix collectives against a sequential reference', () => {
  it('random sizes, roots, counts, gaps, ops, blocking or nonblocking', async () => {
    await fc.assert(fc.asyncProperty(scenario, async (s) => {
      const { n, op } = s
      const root = s.rootSeed % n
      const counts = s.counts.slice(0, n)
      const displs: number[] = []
      let at = 0
      for (let i = 0; i < n; i++) {
        displs.push(at)
        at += counts[i] + s.gaps[i]
      }
      const len = at
      // rank r's inputs, in int32 values (4 per matrix)
      const vecOf = (r: number, m: number, salt: number) => Array.from({ length: 4 * m }, (_, i) => s.data[(r * 97 + salt * 31 + i) % s.data.length])
      const own = (r: number) => vecOf(r, counts[r], 1)
      const total = counts.reduce((a, b) => a + b, 0)
      const { values } = await onRanks(n, async (comm: Comm) => {
        const r = comm.rank
        const reqs: Request[] = []
        const start = async (nb: () => Request, b: () => Promise<void>) => {
          if (s.nonblocking) reqs.push(nb())
          else await b()
        }
        const mine = Int32Array.from(own(r))
        const g = new Int32Array(4 * len).fill(-9)
        await start(() => comm.igatherv(mine, counts[r], MAT, g, counts, displs, MAT, root), () => comm.gatherv(mine, counts[r], MAT, g, counts, displs, MAT, root))
        const src = Int32Array.from({ length: 4 * len }, (_, i) => (r === root ? 1000 + i : -1))
        const sv = new Int32Array(4 * counts[r]).fill(-9)
        await start(() => comm.iscatterv(src, counts, displs, MAT, sv, counts[r], MAT, root), () => comm.scatterv(src, counts, displs, MAT, sv, counts[r], MAT, root))
        const ag = new Int32Array(4 * len).fill(-9)
        await start(() => comm.iallgatherv(mine, counts[r], MAT, ag, counts, displs, MAT), () => comm.allgatherv(mine, counts[r], MAT, ag, counts, displs, MAT))
        const x = Int32Array.from(vecOf(r, s.count, 2))
        const sc = new Int32Array(4 * s.count).fill(-9), ex = new Int32Array(4 * s.count).fill(-9)
        await start(() => comm.iscan(x, sc, s.count, MAT, opOf(op)), () => comm.scan(x, sc, s.count, MAT, opOf(op)))
        await start(() => comm.iexscan(x, ex, s.count, MAT, opOf(op)), () => comm.exscan(x, ex, s.count, MAT, opOf(op)))
        const big = Int32Array.from(vecOf(r, total, 3))
        const rs = new Int32Array(4 * counts[r]).fill(-9)
        await start(() => comm.ireduceScatter(big, rs, counts, MAT, opOf(op)), () => comm.reduceScatter(big, rs, counts, MAT, opOf(op)))
        const blk = Int32Array.from(vecOf(r, n * s.count, 4))
        const rsb = new Int32Array(4 * s.count).fill(-9)
        await start(() => comm.ireduceScatterBlock(blk, rsb, s.count, MAT, opOf(op)), () => comm.reduceScatterBlock(blk, rsb, s.count, MAT, opOf(op)))
        await comm.waitall(reqs)
        return { g: [...g], sv: [...sv], ag: [...ag], sc: [...sc], ex: [...ex], rs: [...rs], rsb: [...rsb] }
      })
      // the sequential reference
      const gathered = new Array<number>(4 * len).fill(-9)
      for (let i = 0; i < n; i++) own(i).forEach((v, k) => { gathered[4 * displs[i] + k] = v })
      const fold = (vs: number[][]) => vs.reduce((a, b) => combine(op, a, b))
      const firstOf = (i: number) => counts.slice(0, i).reduce((a, b) => a + b, 0)
      const all = fold(Array.from({ length: n }, (_, i) => vecOf(i, total, 3)))
      const allBlk = fold(Array.from({ length: n }, (_, i) => vecOf(i, n * s.count, 4)))
      for (let r = 0; r < n; r++) {
        const v = values[r]
        expect(v.g).toEqual(r === root ? gathered : new Array<number>(4 * len).fill(-9))
        expect(v.sv).toEqual(Array.from({ length: 4 * counts[r] }, (_, i) => 1000 + 4 * displs[r] + i))
        expect(v.ag).toEqual(gathered)
        expect(v.sc).toEqual(fold(Array.from({ length: r + 1 }, (_, i) => vecOf(i, s.count, 2))))
        expect(v.ex).toEqual(r === 0 ? new Array<number>(4 * s.count).fill(-9) : fold(Array.from({ length: r }, (_, i) => vecOf(i, s.count, 2))))
        expect(v.rs).toEqual(all.slice(4 * firstOf(r), 4 * (firstOf(r) + counts[r])))
        expect(v.rsb).toEqual(allBlk.slice(4 * s.count * r, 4 * s.count * (r + 1)))
      }
    }), { numRuns: 25, seed: 11 })
  })
})
