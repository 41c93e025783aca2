// Host-memory copies of packet payloads, made late and in bulk. A payload handler's DMA of its
// packet to host memory (the copy handler's one write per packet) is queued here instead of
// copied at once; a write that continues the previous one (same buffers, next bytes of both)
// extends it, so a message's packets, handled in arrival order on many HPUs, become one long
// copy. Copied 2 KiB at a time between a microsecond of other simulator work, each packet's bytes
// cost 3-4x a bulk copy's (the lines come cold and the prefetcher never gets going).
//
// The queue is flushed, in order, before anything can see the bytes: before every simulator
// event that is not one of the NIC's own packet steps (host code, timers, host events), when the
// simulator stops or yields to host code, and before the NIC itself reads or writes host memory
// any other way (a deposit, a DMA read, a host atomic, a handler's ctx.hostBuffer). Copies run in
// the order they were queued and a merged pair is one memmove of two distinct buffers, so the
// bytes are those of copying each at once; simulated time never depends on when they move.

/**
 * Copies of at least this many bytes wait for a bulk copy; shorter ones (datatype blocks) are made
 * at once, after the queue, by PieceCopier's word loops (set costs more below 512 B).
 */
export const BULK_COPY_MIN = 513

/** Queued copies kept before a flush is forced (a message's packets merge into one). */
const CAPACITY = 64

export class HostCopies {
  private readonly dst: (Uint8Array | null)[] = new Array<Uint8Array | null>(CAPACITY).fill(null)
  private readonly dstBuffer: (ArrayBufferLike | null)[] = new Array<ArrayBufferLike | null>(CAPACITY).fill(null)
  /** Per copy: the source's buffer and where in it the bytes start (packets' views differ, their buffer not). */
  private readonly src: (ArrayBufferLike | null)[] = new Array<ArrayBufferLike | null>(CAPACITY).fill(null)
  private readonly dstAt = new Float64Array(CAPACITY)
  private readonly srcAt = new Float64Array(CAPACITY)
  /** Per copy but the last: its length (the last one's is lastDstEnd - dstAt[size - 1]). */
  private readonly len = new Float64Array(CAPACITY)
  /**
   * The last copy queued, as its target array and source buffer and where each ends (null: none
   * queued). A copy that continues it only moves its ends: four comparisons and two stores in
   * a method small enough for V8 to inline into the handler's DMA call (data mode's per-packet
   * path), where the arrays above took ~120 instructions and a call per packet.
   */
  private lastDst: Uint8Array | null = null
  private lastSrc: ArrayBufferLike | null = null
  private lastDstEnd = 0
  private lastSrcEnd = 0
  /** Copies queued. */
  size = 0
  /** false: every copy is made at once (the reference the tests compare the queue with). */
  deferring = true
  /**
   * Copies made by flushes and bytes they moved, so far (tests look). Kept in a typed array: as a
   * field, `bytes` went from small integer to double at the first flush (a payload's length is
   * read from a Float64Array), which changed this object's map at the end of the first run and
   * threw away the code V8 had optimized around it (the handler's DMA call, the event loop).
   */
  private readonly moved = new Float64Array(2)
  get copies(): number {
    return this.moved[0]!
  }

  get bytes(): number {
    return this.moved[1]!
  }

  /**
   * Copies `len` bytes from src[srcOffset] to dst[dstOffset], now or at the next flush. The caller
   * checked both ranges. Two views of one buffer are copied at once (memmove order matters).
   */
  copy(dst: Uint8Array, dstOffset: number, src: Uint8Array, srcOffset: number, len: number): void {
    this.copyFrom(dst, dstOffset, src.buffer, src.byteOffset + srcOffset, len)
  }

  /** As copy, from `len` bytes at byte `from` of `buffer` (a packet's payload, without its view). */
  copyFrom(dst: Uint8Array, dstOffset: number, buffer: ArrayBufferLike, from: number, len: number): void {
    // (The queued copy it continues was checked: its two buffers differ.)
    if (dst === this.lastDst && buffer === this.lastSrc && dstOffset === this.lastDstEnd && from === this.lastSrcEnd) {
      this.lastDstEnd = dstOffset + len
      this.lastSrcEnd = from + len
      return
    }
    this.append(dst, dstOffset, buffer, from, len)
  }

  /** copyFrom's copy that does not continue the last one: queued on its own, or made at once. */
  private append(dst: Uint8Array, dstOffset: number, buffer: ArrayBufferLike, from: number, len: number): void {
    const target = dst.buffer
    if (buffer === target || !this.deferring) {
      this.flush()
      dst.set(new Uint8Array(buffer, from, len), dstOffset)
      return
    }
    if (this.size === CAPACITY) this.flush()
    if (this.size > 0) this.len[this.size - 1] = this.lastDstEnd - this.dstAt[this.size - 1]!
    const i = this.size++
    this.dst[i] = dst
    this.dstBuffer[i] = target
    this.src[i] = buffer
    this.dstAt[i] = dstOffset
    this.srcAt[i] = from
    this.lastDst = dst
    this.lastSrc = buffer
    this.lastDstEnd = dstOffset + len
    this.lastSrcEnd = from + len
  }

  /** True when a queued copy writes into `buffer` (its bytes there are not final yet). */
  writesInto(buffer: ArrayBufferLike): boolean {
    for (let i = 0; i < this.size; i++) if (this.dstBuffer[i] === buffer) return true
    return false
  }

  /** Makes every queued copy, in order. */
  flush(): void {
    const n = this.size
    if (n === 0) return
    this.size = 0
    this.len[n - 1] = this.lastDstEnd - this.dstAt[n - 1]!
    this.lastDst = null
    this.lastSrc = null
    for (let i = 0; i < n; i++) {
      const dst = this.dst[i]!
      const len = this.len[i]!
      dst.set(new Uint8Array(this.src[i]!, this.srcAt[i]!, len), this.dstAt[i]!)
      this.dst[i] = null
      this.dstBuffer[i] = null
      this.src[i] = null
      this.moved[1] = this.moved[1]! + len
    }
    this.moved[0] = this.moved[0]! + n
  }
}
