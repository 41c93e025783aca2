// classify: the descriptor a specialized NIC handler needs, read off the normalized dataloop of
// `count` instances. Only single-level loops over runs qualify; anything nested is 'general'.

import type { Datatype } from '../datatype.js'
import { loopOfCount } from './build.js'
import { compile } from './compile.js'
import { checkCount } from './validate.js'

/** The simplest layout a type with a count is equivalent to (a strided vector, equal blocks at displacements, general indexed, ...), which decides the specialized handler that can unpack it. */
export type Classification =
  | { readonly kind: 'vector'; readonly count: number; readonly blocklength: number; readonly stride: number; readonly offset: number }
  | { readonly kind: 'indexBlock'; readonly blocklength: number; readonly displs: Int32Array | Float64Array }
  | { readonly kind: 'indexed'; readonly blocklengths: Int32Array | Float64Array; readonly displs: Int32Array | Float64Array }
  | { readonly kind: 'general' }

function compact(values: Float64Array): Int32Array | Float64Array {
  for (const v of values) if (v !== (v | 0)) return values
  return Int32Array.from(values)
}

function shifted(values: Float64Array, by: number): Float64Array {
  return by === 0 ? values : values.map((v) => v + by)
}

/**
 * Block lengths and strides are in bytes; offsets are relative to the buffer address. A
 * contiguous type is a one-block vector; a type with no data is a zero-count vector.
 */
export function classify(type: Datatype, count = 1): Classification {
  checkCount(count)
  compile(type)
  const l = loopOfCount(type, count)
  switch (l.kind) {
    case 'run':
      return { kind: 'vector', count: l.len === 0 ? 0 : 1, blocklength: l.len, stride: l.len, offset: l.offset }
    case 'vector':
    case 'contig':
      if (l.child.kind !== 'run') return { kind: 'general' }
      return { kind: 'vector', count: l.count, blocklength: l.child.len, stride: l.stride, offset: l.offset }
    case 'blockindexed':
      if (l.child.kind !== 'run') return { kind: 'general' }
      return { kind: 'indexBlock', blocklength: l.child.len, displs: compact(shifted(l.displs, l.offset)) }
    case 'indexed':
      return { kind: 'indexed', blocklengths: compact(l.lens), displs: compact(shifted(l.displs, l.offset)) }
    case 'struct':
      return { kind: 'general' }
  }
}
