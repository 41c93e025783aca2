import { classify, flatten, pack, unpack } from '@spinmpi/ddt'
import { describe, expect, it } from 'vitest'
import { transposeTypes } from '../src/index.js'

describe('transpose datatypes (DDTBench FFT2D)', () => {
  it('have the DDTBench sizes and extents: tile of 16 b^2 bytes; send extent 16 b, receive extent 16 b', () => {
    const t = transposeTypes(64, 4) // b = 16
    expect(t.rows).toBe(16)
    expect(t.messageBytes).toBe(4096)
    expect([t.send.size, t.send.extent]).toEqual([4096, 256])
    expect([t.recv.size, t.recv.extent]).toEqual([4096, 256])
  })

  it('send: b blocks of 16 b bytes at stride 16 n; receive: b^2 blocks of 16 bytes (a general layout)', () => {
    const t = transposeTypes(64, 4)
    const s = flatten(t.send, 1)
    expect(s.length).toBe(16)
    expect([s.offsets[0], s.lengths[0], s.offsets[1]]).toEqual([0, 256, 1024])
    const r = flatten(t.recv, 1)
    expect(r.length).toBe(256)
    // column by column: rows 16 n bytes apart, then the next column 16 bytes over
    expect([r.offsets[0], r.offsets[1], r.offsets[16], r.lengths[0]]).toEqual([0, 1024, 16, 16])
    expect(classify(t.recv, 1).kind).toBe('general')
  })

  it('pack with the send type then unpack with the receive type transposes a tile', () => {
    const n = 8, P = 2, b = 4
    const t = transposeTypes(n, P)
    // b x n complex matrix with element (i, j) = (i * 100 + j, -1)
    const src = new Float64Array(2 * b * n)
    for (let i = 0; i < b; i++) for (let j = 0; j < n; j++) { src[2 * (i * n + j)] = i * 100 + j; src[2 * (i * n + j) + 1] = -1 }
    const packed = new Uint8Array(t.messageBytes)
    // tile of peer 1: columns 4..7
    pack(t.send, 1, new Uint8Array(src.buffer), t.send.extent, packed, 0)
    const dst = new Float64Array(2 * b * n)
    // from peer 1 into columns 4..7 of the receiver
    unpack(t.recv, 1, packed, 0, new Uint8Array(dst.buffer), t.recv.extent)
    for (let i = 0; i < b; i++) {
      for (let j = 0; j < b; j++) expect(dst[2 * (j * n + b + i)]).toBe(i * 100 + (b + j))
    }
  })

  it('rejects n not divisible by the number of ranks', () => {
    expect(() => transposeTypes(10, 4)).toThrow(/multiple/)
  })
})
