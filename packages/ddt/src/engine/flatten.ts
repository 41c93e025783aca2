// flatten: the contiguous runs of `count` instances in typemap order, touching runs merged.

import type { Datatype } from '../datatype.js'
import { Segment } from './segment.js'

/** Runs as two parallel arrays (offsets relative to the buffer address, lengths in bytes). */
export class Runs {
  constructor(readonly offsets: Float64Array, readonly lengths: Float64Array) {}

  get length(): number {
    return this.offsets.length
  }

  /** [offset, length] pairs, for readability at the edges (JSON, tests). */
  *[Symbol.iterator](): IterableIterator<[number, number]> {
    for (let i = 0; i < this.offsets.length; i++) yield [this.offsets[i]!, this.lengths[i]!]
  }

  /** The runs as [offset, length] pairs. */
  toArray(): [number, number][] {
    return [...this]
  }
}

/** The contiguous runs of `count` instances of `type`, in typemap order, adjacent runs merged: an iovec list. */
export function flatten(type: Datatype, count: number): Runs {
  const seg = new Segment(type, count)
  let offsets = new Float64Array(16)
  let lengths = new Float64Array(16)
  let n = 0
  seg.process(0, seg.size, (buf, _stream, len) => {
    if (n === offsets.length) {
      const o = new Float64Array(2 * n), l = new Float64Array(2 * n)
      o.set(offsets)
      l.set(lengths)
      offsets = o
      lengths = l
    }
    offsets[n] = buf
    lengths[n] = len
    n++
  })
  return new Runs(offsets.slice(0, n), lengths.slice(0, n))
}
