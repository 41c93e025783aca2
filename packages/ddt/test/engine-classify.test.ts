import { describe, expect, it } from 'vitest'
import { COMPLEX128, FLOAT32, FLOAT64, INT32, classify, contiguous, indexed, indexedBlock, resized, struct, typeFromJson, vector } from '../src/index.js'

describe('classify (descriptors for specialized handlers)', () => {
  it('a strided vector: 8 blocks of 16 B every 32 B', () => {
    expect(classify(vector(8, 2, 4, FLOAT64).commit())).toEqual({ kind: 'vector', count: 8, blocklength: 16, stride: 32, offset: 0 })
  })

  it("MILC's subarray halo (bench milc_halo_x) is one vector", () => {
    const t = typeFromJson({
      kind: 'subarray', sizes: [16, 16, 16, 16], subsizes: [16, 16, 16, 1], starts: [0, 0, 0, 15], order: 'C',
      oldtype: { kind: 'contiguous', count: 4, oldtype: { kind: 'contiguous', count: 9, oldtype: 'complex64' } },
    }).commit()
    // 16^3 blocks of one 288-byte element, 16 elements apart, starting at element 15.
    expect(classify(t)).toEqual({ kind: 'vector', count: 4096, blocklength: 288, stride: 4608, offset: 15 * 288 })
  })

  it('a contiguous type is a one-block vector; an empty type a zero-count vector', () => {
    expect(classify(contiguous(4, FLOAT64).commit())).toEqual({ kind: 'vector', count: 1, blocklength: 32, stride: 32, offset: 0 })
    expect(classify(contiguous(0, FLOAT64).commit())).toEqual({ kind: 'vector', count: 0, blocklength: 0, stride: 0, offset: 0 })
  })

  it('SPECFEM-like indexed block of 3 floats at 3*iglob is an index-block list in bytes', () => {
    const c = classify(indexedBlock(3, [15, 3, 27], FLOAT32).commit())
    expect(c).toEqual({ kind: 'indexBlock', blocklength: 12, displs: Int32Array.from([60, 12, 108]) })
  })

  it('mixed block lengths are an indexed list', () => {
    expect(classify(indexed([1, 2, 1], [0, 4, 2], INT32).commit())).toEqual({
      kind: 'indexed', blocklengths: Int32Array.from([4, 8, 4]), displs: Int32Array.from([0, 16, 8]),
    })
  })

  it('count > 1 classifies the instances together', () => {
    const col = resized(vector(16384, 1, 64, FLOAT64), 0, 8).commit()
    expect(classify(col)).toEqual({ kind: 'vector', count: 16384, blocklength: 8, stride: 512, offset: 0 })
    expect(classify(col, 8)).toEqual({ kind: 'general' })
    // Instances that continue the vector's stride fold into it; ones that do not stay nested.
    expect(classify(resized(vector(2, 1, 2, INT32), 0, 16).commit(), 3)).toEqual({ kind: 'vector', count: 6, blocklength: 4, stride: 8, offset: 0 })
    expect(classify(vector(2, 1, 2, INT32).commit(), 3)).toEqual({ kind: 'general' })
  })

  it('nested patterns (FFT transpose receive, mixed structs) are general', () => {
    const n = 4, N = 16
    const recv = contiguous(n, resized(vector(n, 1, N, COMPLEX128), 0, 16)).commit()
    expect(classify(recv)).toEqual({ kind: 'general' })
    expect(classify(struct([1, 1], [0, 16], [INT32, vector(2, 1, 2, INT32)]).commit())).toEqual({ kind: 'general' })
  })
})
