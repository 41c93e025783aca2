// The bytes of one handler DMA piece, copied in data mode (timing mode copies none). Pieces are
// often small (a 16 B block of a datatype) and many: TypedArray.set needs a subarray view of the
// source (an allocation) and costs 60-100 ns a call, so short pieces move as 8- or 4-byte words
// through views over the whole buffers when both ends are aligned, else byte by byte. The views are
// made once per buffer: a handler's source (the sender's buffer) and target (the ME's host buffer)
// stay the same from piece to piece. Float64Array moves copy bits exactly in V8 (ddt's kernels
// rely on it too); the data-mode checks compare every byte.

/** Pieces up to this size move as words (packages/ddt measured `set` ahead from about 768 B). */
const WORD_COPY_MAX = 512
/** Unaligned pieces up to this size move byte by byte. */
const BYTE_LOOP_MAX = 64

const NO_F64 = new Float64Array(0)
const NO_I32 = new Int32Array(0)

/**
 * Whole-buffer word views for the last byte array seen at one end of a copy, with its buffer and
 * byte offset: reading `.buffer` and `.byteOffset` of a typed array is a call in V8, and the same
 * arrays come back piece after piece.
 */
class WordViews {
  private array: Uint8Array | null = null
  buffer: ArrayBufferLike | null = null
  byteOffset = 0
  f64: Float64Array<ArrayBufferLike> = NO_F64
  i32: Int32Array<ArrayBufferLike> = NO_I32

  of(array: Uint8Array): this {
    if (array !== this.array) {
      const buffer = array.buffer
      this.array = array
      this.byteOffset = array.byteOffset
      if (buffer !== this.buffer || this.i32.length !== buffer.byteLength >>> 2) {
        this.buffer = buffer
        this.f64 = new Float64Array(buffer, 0, buffer.byteLength >>> 3)
        this.i32 = new Int32Array(buffer, 0, buffer.byteLength >>> 2)
      }
    }
    return this
  }
}

/** Copies pieces as TypedArray.set would (one per HPU context, so its views stay warm). */
export class PieceCopier {
  private readonly dstViews = new WordViews()
  private readonly srcViews = new WordViews()

  copy(dst: Uint8Array, dstOffset: number, src: Uint8Array, srcOffset: number, len: number): void {
    if (srcOffset === 0 && len === src.length) {
      dst.set(src, dstOffset)
      return
    }
    const d = this.dstViews.of(dst)
    const s = this.srcViews.of(src)
    // Overlapping ranges of one buffer need set's memmove.
    if (len > WORD_COPY_MAX || d.buffer === s.buffer) {
      dst.set(src.subarray(srcOffset, srcOffset + len), dstOffset)
      return
    }
    const a = d.byteOffset + dstOffset
    const b = s.byteOffset + srcOffset
    let done = 0
    // (A view made before a resizable buffer grew may end short: then set does the copy.)
    if (((a | b) & 7) === 0 && a + len <= 8 * d.f64.length && b + len <= 8 * s.f64.length) {
      const dw = d.f64
      const sw = s.f64
      const n = len >>> 3
      const da = a >>> 3
      const sb = b >>> 3
      for (let i = 0; i < n; i++) dw[da + i] = sw[sb + i]!
      done = n << 3
    } else if (((a | b) & 3) === 0 && a + len <= 4 * d.i32.length && b + len <= 4 * s.i32.length) {
      const dw = d.i32
      const sw = s.i32
      const n = len >>> 2
      const da = a >>> 2
      const sb = b >>> 2
      for (let i = 0; i < n; i++) dw[da + i] = sw[sb + i]!
      done = n << 2
    } else if (len > BYTE_LOOP_MAX) {
      dst.set(src.subarray(srcOffset, srcOffset + len), dstOffset)
      return
    }
    for (let i = done; i < len; i++) dst[dstOffset + i] = src[srcOffset + i]!
  }
}
