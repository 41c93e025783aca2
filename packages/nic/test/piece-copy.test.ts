import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PieceCopier } from '../src/nic/piece-copy.js'

// A handler's DMA pieces in data mode: the copier moves words when both ends are aligned, bytes
// otherwise, and falls back to TypedArray.set; whichever way, the bytes must be those set gives.

/** Bytes no two positions share in a short range, so a misplaced byte shows. */
function pattern(n: number, salt: number): Uint8Array {
  const b = new Uint8Array(n)
  for (let i = 0; i < n; i++) b[i] = (i * 131 + salt * 17 + 7) & 0xff
  return b
}

const piece = fc.record({
  // views starting at different byte offsets of their buffers, so both alignments occur
  dstView: fc.integer({ min: 0, max: 12 }), srcView: fc.integer({ min: 0, max: 12 }),
  dstOffset: fc.integer({ min: 0, max: 40 }), srcOffset: fc.integer({ min: 0, max: 40 }),
  len: fc.oneof(fc.integer({ min: 0, max: 72 }), fc.integer({ min: 500, max: 700 })),
})

describe('PieceCopier', () => {
  it('copies exactly what TypedArray.set copies, for any alignment and length', () => {
    const copier = new PieceCopier()
    fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
      const dstBuf = new ArrayBuffer(1024)
      const srcBytes = pattern(1024, 3)
      const want = new Uint8Array(1024)
      const got = new Uint8Array(dstBuf)
      for (const p of pieces) {
        const dst = new Uint8Array(dstBuf, p.dstView, 1024 - p.dstView)
        const src = new Uint8Array(srcBytes.buffer, p.srcView, 1024 - p.srcView)
        const len = Math.min(p.len, dst.length - p.dstOffset, src.length - p.srcOffset)
        want.set(srcBytes.subarray(p.srcView + p.srcOffset, p.srcView + p.srcOffset + len), p.dstView + p.dstOffset)
        copier.copy(dst, p.dstOffset, src, p.srcOffset, len)
      }
      expect(got).toEqual(want)
    }), { numRuns: 300 })
  })

  it('copies within one buffer as memmove does (overlapping ranges)', () => {
    const copier = new PieceCopier()
    fc.assert(fc.property(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 0, max: 64 }), fc.integer({ min: 0, max: 64 }), (d, s, len) => {
      const got = pattern(256, 5)
      const want = pattern(256, 5)
      want.set(want.subarray(s, s + len), d)
      copier.copy(got, d, got, s, len)
      expect(got).toEqual(want)
    }), { numRuns: 200 })
  })

  it('copies a whole source with set and keeps word views of the buffers it last saw', () => {
    const copier = new PieceCopier()
    const host = new Uint8Array(64)
    copier.copy(host, 8, pattern(16, 1), 0, 16)
    expect(host.subarray(8, 24)).toEqual(pattern(16, 1))
    // another source buffer: its views are made anew, the bytes are still right
    const other = pattern(48, 9)
    copier.copy(host, 32, other, 8, 24)
    expect(host.subarray(32, 56)).toEqual(other.subarray(8, 32))
  })
})
