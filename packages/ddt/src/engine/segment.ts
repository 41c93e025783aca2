// A segment: the resumable state of processing (type, count) over byte ranges of the packed
// stream (SC19 §2.2). An explicit stack of frames over the flat program; forward jumps catch up
// arithmetically without emitting, backward jumps reset first. Allocation-free per piece.
// Reads of the program's tables and of the frame arrays are asserted (`!`): the compiler built
// the tables with every index the program holds in range, and frames stay below the depth.

import type { Datatype } from '../datatype.js'
import { ERR_ARG, MpiError } from '../errors.js'
import { compiledCommitted } from './compile.js'
import { BLOCKINDEXED, INDEXED, RUN, STRUCT, VECTOR, type Program } from './program.js'
import { checkCount, checkRange } from './validate.js'

/** Receives one contiguous piece: buffer offset (from the buffer address), stream offset, length. */
export type PieceSink = (bufOffset: number, streamOffset: number, length: number) => void

const CHECKPOINT_VERSION = 1
const CHECKPOINT_HEADER = 4 + 8

// little-endian field readers for load (no DataView per checkpoint restored)
const F64_BYTES = new Uint8Array(8)
const F64_VIEW = new Float64Array(F64_BYTES.buffer)
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
function bad(why: string): MpiError {
  return new MpiError(ERR_ARG, `checkpoint: ${why}`)
}
function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8)
}
function f64(b: Uint8Array, at: number): number {
  for (let i = 0; i < 8; i++) F64_BYTES[LITTLE_ENDIAN ? i : 7 - i] = b[at + i]!
  return F64_VIEW[0]!
}
function putU16(b: Uint8Array, at: number, v: number): void {
  b[at] = v & 0xff
  b[at + 1] = (v >>> 8) & 0xff
}
function putF64(b: Uint8Array, at: number, v: number): void {
  F64_VIEW[0] = v
  for (let i = 0; i < 8; i++) b[at + i] = F64_BYTES[LITTLE_ENDIAN ? i : 7 - i]!
}

/** A resumable walk of the packed stream of `count` instances of a committed type: hands each contiguous piece of any byte range to a sink, and can be checkpointed and restored (MPICH-style segment). */
export class Segment {
  /** Packed bytes of `count` instances. */
  readonly size: number
  /** Leaf runs of `count` instances (before merging). */
  readonly totalRuns: number
  private readonly p: Program
  private readonly fNode: Int32Array
  private readonly fIdx: Float64Array
  private readonly fBase: Float64Array
  private readonly fStart: Float64Array
  private readonly fRunStart: Float64Array
  /** Top frame; -1 once the stream is exhausted. */
  private top = -1
  private runOff = 0
  private probes = 0
  private sink: PieceSink | undefined = undefined
  private pendBuf = 0
  private pendStream = 0
  private pendLen = 0

  /** Frame moves while emitting: pushes, pops and element advances. */
  stackSteps = 0
  /** Leaf pieces visited while emitting (before merging for the sink). */
  pieces = 0
  /** Frame moves and search probes spent catching up. */
  catchupSteps = 0
  /** Bytes skipped by catch-up, and leaf runs a linear walk would have visited doing so. */
  catchupBytes = 0
  catchupPieces = 0
  /** Backward jumps that reset the segment. */
  resets = 0

  constructor(readonly type: Datatype, readonly count: number, program?: Program) {
    checkCount(count)
    this.p = program ?? compiledCommitted(type, 'segment').programFor(count)
    const d = this.p.depth
    this.fNode = new Int32Array(d)
    this.fIdx = new Float64Array(d)
    this.fBase = new Float64Array(d)
    this.fStart = new Float64Array(d)
    this.fRunStart = new Float64Array(d)
    this.size = this.p.size[0]!
    this.totalRuns = this.p.runs[0]!
    this.rewind()
    this.stackSteps = 0
  }

  /** Stream offset of the next byte this segment would process. */
  get position(): number {
    return this.top < 0 ? this.size : this.fStart[this.top]! + this.runOff
  }

  /** Index of the leaf run holding `position` (totalRuns when exhausted). */
  get runIndex(): number {
    return this.top < 0 ? this.totalRuns : this.fRunStart[this.top]!
  }

  /** Zeroes the work counters (stack steps, pieces, catch-up steps) that cost models read. */
  resetCounters(): void {
    this.stackSteps = this.pieces = this.catchupSteps = this.catchupBytes = this.catchupPieces = this.resets = 0
  }

  /** Back to stream offset 0. */
  reset(): void {
    this.rewind()
  }

  /**
   * Processes stream bytes [first, last): catches up or resets as needed, then calls `sink`
   * once per maximal contiguous piece (touching pieces are merged).
   */
  process(first: number, last: number, sink: PieceSink): void {
    checkRange(first, last, this.size)
    if (first < this.position) {
      this.rewind()
      this.resets++
    }
    if (first > this.position) this.catchUp(first)
    if (first === last) return
    this.sink = sink
    this.walk(last)
    if (this.pendLen > 0) sink(this.pendBuf, this.pendStream, this.pendLen)
    this.pendLen = 0
    this.sink = undefined
  }

  /** An independent segment at the same position. */
  clone(): Segment {
    const s = new Segment(this.type, this.count, this.p)
    s.copyFrom(this)
    return s
  }

  /**
   * Makes this segment what `src.clone()` is, in place (a segment of the same program): the same
   * frames and position, work counters at zero. A pooled segment taken again without a new one.
   */
  copyFrom(src: Segment): void {
    if (src.p !== this.p) throw new MpiError(ERR_ARG, 'Segment.copyFrom: the source walks another program (another type or count)')
    this.fNode.set(src.fNode)
    this.fIdx.set(src.fIdx)
    this.fBase.set(src.fBase)
    this.fStart.set(src.fStart)
    this.fRunStart.set(src.fRunStart)
    this.top = src.top
    this.runOff = src.runOff
    this.probes = 0
    this.sink = undefined
    this.pendBuf = this.pendStream = this.pendLen = 0
    this.stackSteps = this.pieces = this.catchupSteps = this.catchupBytes = this.catchupPieces = this.resets = 0
  }

  /** Size in bytes of this segment's checkpoint (what `serialize()` returns now). */
  get checkpointBytes(): number {
    return CHECKPOINT_HEADER + 8 * (this.top + 1)
  }

  /** Stack frames of the current state (what a checkpoint of it records). */
  get frames(): number {
    return this.top + 1
  }

  /** Frames of the deepest state (the stack depth a checkpoint of this type needs). */
  get depth(): number {
    return this.p.depth
  }

  /** The largest checkpoint any state of this segment serializes to. */
  get maxCheckpointBytes(): number {
    return CHECKPOINT_HEADER + 8 * this.p.depth
  }

  /** A checkpoint: version, frame count, offset in the current run, element index per frame. */
  serialize(): Uint8Array {
    const frames = this.top + 1
    const bytes = new Uint8Array(CHECKPOINT_HEADER + 8 * frames)
    const v = new DataView(bytes.buffer)
    v.setUint16(0, CHECKPOINT_VERSION, true)
    v.setUint16(2, frames, true)
    v.setFloat64(4, this.runOff, true)
    for (let l = 0; l < frames; l++) v.setFloat64(CHECKPOINT_HEADER + 8 * l, this.fIdx[l]!, true)
    return bytes
  }

  /**
   * Writes the checkpoint `serialize()` returns into `bytes[at..]` without allocating (a handler
   * saving its progressed state in place); returns the bytes written.
   */
  writeCheckpoint(bytes: Uint8Array, at: number): number {
    const frames = this.top + 1
    const need = CHECKPOINT_HEADER + 8 * frames
    if (bytes.length - at < need) throw bad(`${bytes.length - at} bytes cannot hold ${frames} frames`)
    putU16(bytes, at, CHECKPOINT_VERSION)
    putU16(bytes, at + 2, frames)
    putF64(bytes, at + 4, this.runOff)
    for (let l = 0; l < frames; l++) putF64(bytes, at + CHECKPOINT_HEADER + 8 * l, this.fIdx[l]!)
    return need
  }

  /** A segment in the state a checkpoint recorded; the checkpoint is checked against the type. */
  static restore(type: Datatype, count: number, bytes: Uint8Array): Segment {
    const s = new Segment(type, count)
    s.load(bytes)
    return s
  }

  /**
   * Puts this segment in the state of the checkpoint at `bytes[at..]` (a slot may be larger than
   * the checkpoint: the rest is padding). Allocation-free, for handlers restoring a slot.
   */
  loadCheckpoint(bytes: Uint8Array, at: number): void {
    this.load(bytes, at, false)
    this.resetCounters()
  }

  private load(bytes: Uint8Array, at = 0, exact = true): void {
    const length = bytes.length - at
    if (length < CHECKPOINT_HEADER) throw bad(`${length} bytes is too short`)
    const version = u16(bytes, at)
    if (version !== CHECKPOINT_VERSION) throw bad(`unknown version ${version}`)
    const frames = u16(bytes, at + 2)
    const need = CHECKPOINT_HEADER + 8 * frames
    if (exact ? length !== need : length < need) throw bad(`${length} bytes does not hold ${frames} frames`)
    if (frames > this.p.depth) throw bad(`${frames} frames is deeper than the type (${this.p.depth})`)
    if (frames === 0) {
      this.top = -1
      this.runOff = 0
      return
    }
    const p = this.p
    for (let l = 0; l < frames; l++) {
      const idx = f64(bytes, at + CHECKPOINT_HEADER + 8 * l)
      let node = 0, base = 0, start = 0, runStart = 0
      if (l > 0) {
        node = this.elemChild(this.fNode[l - 1]!, this.fIdx[l - 1]!)
        if (node < 0 || p.kind[node] === RUN) throw bad(`frame ${l} does not exist in this type`)
        base = this.elemAddr(l - 1)
        start = this.fStart[l - 1]!
        runStart = this.fRunStart[l - 1]!
      }
      if (!Number.isInteger(idx) || idx < 0 || idx >= p.count[node]!) throw bad(`frame ${l} index ${idx} is out of range`)
      this.fNode[l] = node
      this.fBase[l] = base
      this.setElem(l, idx, start, runStart)
    }
    const last = frames - 1
    const c = this.elemChild(this.fNode[last]!, this.fIdx[last]!)
    if (c >= 0 && p.kind[c] !== RUN) throw bad('the last frame does not point at a run')
    const runOff = f64(bytes, at + 4)
    if (!Number.isInteger(runOff) || runOff < 0 || runOff >= this.elemSize(this.fNode[last]!, this.fIdx[last]!)) {
      throw bad(`run offset ${runOff} is out of range`)
    }
    this.top = last
    this.runOff = runOff
  }

  // ---- element access on the flat program ----

  private elemChild(n: number, i: number): number {
    const k = this.p.kind[n]!
    if (k === VECTOR || k === BLOCKINDEXED) return this.p.child[n]!
    if (k === STRUCT) return this.p.kids[this.p.kidStart[n]! + i]!
    return -1
  }

  /** Address of frame l's current element. */
  private elemAddr(l: number): number {
    const p = this.p, n = this.fNode[l]!, k = p.kind[n]!
    const a = this.fBase[l]! + p.offset[n]!
    if (k === VECTOR) return a + this.fIdx[l]! * p.stride[n]!
    if (k === RUN) return a
    return a + p.table[p.tab[n]! + this.fIdx[l]!]!
  }

  private elemSize(n: number, i: number): number {
    const p = this.p, k = p.kind[n]!
    if (k === VECTOR || k === BLOCKINDEXED) return p.elemSize[n]!
    if (k === RUN) return p.size[n]!
    if (k === INDEXED) return p.table[p.tab[n]! + p.count[n]! + i]!
    return p.size[p.kids[p.kidStart[n]! + i]!]!
  }

  private elemRuns(n: number, i: number): number {
    const p = this.p, k = p.kind[n]!
    if (k === VECTOR || k === BLOCKINDEXED) return p.elemRuns[n]!
    if (k === STRUCT) return p.runs[p.kids[p.kidStart[n]! + i]!]!
    return 1
  }

  /** Stream offset of element i inside one instance of node n. */
  private elemOff(n: number, i: number): number {
    const p = this.p, k = p.kind[n]!
    if (k === VECTOR || k === BLOCKINDEXED) return i * p.elemSize[n]!
    if (k === RUN) return 0
    if (k === INDEXED) return p.table[p.tab[n]! + 2 * p.count[n]! + i]!
    return p.table[p.tab[n]! + p.count[n]! + i]!
  }

  private elemRunOff(n: number, i: number): number {
    const p = this.p, k = p.kind[n]!
    if (k === VECTOR || k === BLOCKINDEXED) return i * p.elemRuns[n]!
    if (k === RUN) return 0
    if (k === INDEXED) return i
    return p.table[p.tab[n]! + 2 * p.count[n]! + 1 + i]!
  }

  /** The element of node n holding instance offset `rem` (counts search probes). */
  private locate(n: number, rem: number): number {
    const p = this.p, k = p.kind[n]!
    if (k === RUN) return 0
    const m = p.count[n]!
    if (k === VECTOR || k === BLOCKINDEXED) {
      this.probes++
      return Math.min(Math.floor(rem / p.elemSize[n]!), m - 1)
    }
    const prefix = p.tab[n]! + (k === INDEXED ? 2 * m : m)
    let lo = 0, hi = m - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      this.probes++
      if (p.table[prefix + mid]! <= rem) lo = mid
      else hi = mid - 1
    }
    return lo
  }

  private setElem(l: number, i: number, instStart: number, instRunStart: number): void {
    const n = this.fNode[l]!
    this.fIdx[l] = i
    this.fStart[l] = instStart + this.elemOff(n, i)
    this.fRunStart[l] = instRunStart + this.elemRunOff(n, i)
  }

  // ---- movement ----

  private rewind(): void {
    this.runOff = 0
    if (this.size === 0) {
      this.top = -1
      return
    }
    this.fNode[0] = 0
    this.fBase[0] = 0
    this.setElem(0, 0, 0, 0)
    this.stackSteps += this.descend(0, 0)
  }

  /** From frame l (its element holds `target`), push frames down to the run holding `target`. */
  private descend(l: number, target: number): number {
    const p = this.p
    let steps = 0
    for (;;) {
      const c = this.elemChild(this.fNode[l]!, this.fIdx[l]!)
      if (c < 0 || p.kind[c] === RUN) {
        this.top = l
        this.runOff = target - this.fStart[l]!
        return steps
      }
      const a = this.elemAddr(l), s = this.fStart[l]!, rs = this.fRunStart[l]!
      l++
      this.fNode[l] = c
      this.fBase[l] = a
      this.setElem(l, target === s ? 0 : this.locate(c, target - s), s, rs)
      steps++
    }
  }

  /** Forward jump to `target` without emitting: pop to the frame whose instance holds it, then jump. */
  private catchUp(target: number): void {
    const p = this.p
    const fromRun = this.runIndex
    this.catchupBytes += target - this.position
    if (target >= this.size) {
      this.top = -1
      this.runOff = 0
      this.catchupPieces += this.totalRuns - fromRun
      this.catchupSteps++
      return
    }
    let steps = 0
    let l = this.top
    for (; l > 0; l--, steps++) {
      const n = this.fNode[l]!
      if (target < this.fStart[l]! - this.elemOff(n, this.fIdx[l]!) + p.size[n]!) break
    }
    const n = this.fNode[l]!, i = this.fIdx[l]!
    const instStart = this.fStart[l]! - this.elemOff(n, i)
    const instRun = this.fRunStart[l]! - this.elemRunOff(n, i)
    this.probes = 0
    this.setElem(l, this.locate(n, target - instStart), instStart, instRun)
    steps += 1 + this.descend(l, target)
    this.catchupSteps += steps + this.probes
    this.catchupPieces += this.runIndex - fromRun
  }

  /** Emits pieces from the current position up to `last`. */
  private walk(last: number): void {
    const p = this.p
    while (this.top >= 0) {
      const l = this.top
      const n = this.fNode[l]!
      const k = p.kind[n]!
      if ((k === VECTOR || k === BLOCKINDEXED) && p.kind[p.child[n]!] === RUN) {
        if (this.walkRuns(l, n, k, last)) return
        continue
      }
      const len = this.elemSize(this.fNode[l]!, this.fIdx[l]!)
      const start = this.fStart[l]! + this.runOff
      const avail = len - this.runOff
      const take = last - start < avail ? last - start : avail
      this.emit(this.elemAddr(l) + this.runOff, start, take)
      this.pieces++
      if (take < avail) {
        this.runOff += take
        return
      }
      this.runOff = 0
      this.advance()
      if (start + take === last) return
    }
  }

  /**
   * The common leaf case of `walk`: frame l is a vector or blockindexed node whose elements are
   * runs, so stepping to the next element needs no dispatch, no descent and no table lookups but
   * the displacement. Same pieces, counter updates and their order as the general loop (the sink
   * reads the counters). Returns true when `last` was reached, false when the frame is finished
   * (it then has advanced past the frame like `advance`).
   */
  private walkRuns(l: number, n: number, k: number, last: number): boolean {
    const p = this.p
    const size = p.elemSize[n]!, runs = p.elemRuns[n]!, m = p.count[n]!
    const origin = this.fBase[l]! + p.offset[n]!
    const stride = p.stride[n]!, tab = p.tab[n]!
    let i = this.fIdx[l]!
    let elemStart = this.fStart[l]!
    let runStart = this.fRunStart[l]!
    let off = this.runOff
    for (;;) {
      const start = elemStart + off
      const avail = size - off
      const take = last - start < avail ? last - start : avail
      const addr = k === VECTOR ? origin + i * stride : origin + p.table[tab + i]!
      this.emit(addr + off, start, take)
      this.pieces++
      if (take < avail) {
        this.runOff = off + take
        return true
      }
      off = 0
      this.runOff = 0
      if (i + 1 >= m) {
        this.advance()
        return start + take === last
      }
      elemStart += size
      runStart += runs
      i++
      this.fStart[l] = elemStart
      this.fRunStart[l] = runStart
      this.fIdx[l] = i
      this.stackSteps++
      if (start + take === last) return true
    }
  }

  /** To the first byte of the next run (or exhausted). */
  private advance(): void {
    const p = this.p
    let l = this.top
    for (;;) {
      const n = this.fNode[l]!, i = this.fIdx[l]!
      if (i + 1 < p.count[n]!) {
        const start = this.fStart[l]! + this.elemSize(n, i)
        this.fStart[l] = start
        this.fRunStart[l] = this.fRunStart[l]! + this.elemRuns(n, i)
        this.fIdx[l] = i + 1
        this.stackSteps += 1 + this.descend(l, start)
        return
      }
      if (l === 0) {
        this.top = -1
        return
      }
      l--
      this.stackSteps++
    }
  }

  private emit(buf: number, stream: number, len: number): void {
    if (this.pendLen > 0) {
      if (this.pendBuf + this.pendLen === buf && this.pendStream + this.pendLen === stream) {
        this.pendLen += len
        return
      }
      ;(this.sink as PieceSink)(this.pendBuf, this.pendStream, this.pendLen)
    }
    this.pendBuf = buf
    this.pendStream = stream
    this.pendLen = len
  }
}
