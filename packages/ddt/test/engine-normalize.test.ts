import { describe, expect, it } from 'vitest'
import {
  FLOAT32, FLOAT64, INT16, INT32, SHORT_INT, contiguous, describeLoop, hindexedBlock, hvector, indexed, loopOf,
  loopOfCount, resized, struct, subarray, typeFromJson, vector,
} from '../src/internal.js'
import type { Datatype } from '../src/index.js'

const d = (t: Datatype): string => describeLoop(loopOf(t.commit()))

describe('dataloop normalization (hand-derived)', () => {
  it('contig of contig of float64 is one 96-byte run', () => {
    expect(d(contiguous(4, contiguous(3, FLOAT64)))).toBe('run(96)')
  })

  it('a vector whose stride equals its block is contiguous', () => {
    expect(d(vector(3, 2, 2, FLOAT64))).toBe('run(48)')
  })

  it('a vector of a contiguous leaf has a bigger block', () => {
    // 5 blocks of 2 x (2 int32) = 16 bytes, stride 4 x 8 = 32 bytes.
    expect(d(vector(5, 2, 4, contiguous(2, INT32)))).toBe('vector(5 x 16B, stride 32)')
  })

  it("MILC's nested su3 type (16^4 lattice) is one vector of 32 blocks of 3072 B, stride 49152 B", () => {
    const su3 = contiguous(6, FLOAT32)
    const mid = vector(16, (16 * 16) / 2, (16 * 16 * 16) / 2, su3)
    const top = hvector(2, 1, (24 * 16 * 16 * 16 * 16) / 2, mid)
    expect(d(top)).toBe('vector(32 x 3072B, stride 49152)')
  })

  it('a one-count loop is its child, moved', () => {
    expect(d(hvector(1, 1, 100, vector(3, 1, 2, INT32)))).toBe('vector(3 x 4B, stride 8)')
    expect(d(hindexedBlock(1, [40], vector(3, 1, 2, INT32)))).toBe('vector(3 x 4B, stride 8)@40')
  })

  it('touching indexed blocks merge into one run', () => {
    expect(d(indexed([2, 3], [0, 2], INT32))).toBe('run(20)')
  })

  it('hindexedBlock with evenly spaced displacements is a vector', () => {
    expect(d(hindexedBlock(2, [8, 40, 72], INT32))).toBe('vector(3 x 8B, stride 32)@8')
  })

  it('irregular displacements stay a blockindexed loop; mixed lengths an indexed loop', () => {
    expect(d(hindexedBlock(1, [0, 24, 8], FLOAT64))).toBe('blockindexed([0,24,8], run(8))')
    expect(d(indexed([1, 2], [0, 4], INT32))).toBe('indexed([0,16], lens [4,8])')
  })

  it('short_int has a gap: two runs of 2 and 4 bytes', () => {
    expect(d(SHORT_INT)).toBe('indexed([0,4], lens [2,4])')
  })

  it('a struct of mixed children keeps the struct, merging touching runs', () => {
    const t = struct([1, 1, 1], [0, 4, 16], [INT32, INT32, vector(2, 1, 2, INT16)])
    expect(d(t)).toBe('struct([0,16], run(8), vector(2 x 2B, stride 4))')
  })

  it('NAS MG x-face (34,18,18) stays a 2-level vector: strides 272 and 4896 bytes', () => {
    const t = hvector(16, 1, 8 * 34 * 18, vector(16, 1, 34, FLOAT64))
    expect(d(t)).toBe('vector(16, stride 4896, vector(16 x 8B, stride 272))')
  })

  it("WRF's struct of five identical subarrays, one array apart, is one vector", () => {
    const sub = subarray([192, 64, 192], [4, 64, 192], [4, 0, 0], 'F', FLOAT32)
    const t = struct([1, 1, 1, 1, 1], [0, 1, 2, 3, 4].map((k) => k * 9437184), [sub, sub, sub, sub, sub])
    expect(d(t)).toBe('vector(61440 x 16B, stride 768)@16')
  })

  it('the bench matrix column, 8 instances at an 8-byte extent, is a transpose (2 levels)', () => {
    const col = resized(vector(16384, 1, 64, FLOAT64), 0, 8).commit()
    expect(describeLoop(loopOfCount(col, 8))).toBe('contig(8, stride 8, vector(16384 x 8B, stride 512))')
    expect(describeLoop(loopOfCount(contiguous(4, FLOAT64).commit(), 3))).toBe('run(96)')
  })

  it('a resized extent smaller than the data repeats overlapping runs, unmerged', () => {
    expect(describeLoop(loopOfCount(resized(contiguous(2, INT32), 0, 4).commit(), 2))).toBe('contig(2 x 8B, stride 4)')
  })

  it('types without data are empty runs', () => {
    expect(d(contiguous(0, FLOAT64))).toBe('run(0)')
    expect(d(indexed([0, 0], [3, 9], INT32))).toBe('run(0)')
    expect(d(typeFromJson({ kind: 'struct', blocklengths: [0, 2], displacements: [0, 8], types: ['float64', 'int32'] }))).toBe('run(8)@8')
  })
})
