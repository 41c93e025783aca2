// Resolving a user buffer argument (typed array, DataView, ArrayBuffer, {data, byteOffset}, or
// null in timing mode) to bytes plus the index of the MPI buffer address, and checking that
// count instances of the type fit in it.

import { ERR_BUFFER, MpiError, type Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferAt, BufferView } from './comm-types.js'
import { whereText, type Where } from './validate.js'

export interface ResolvedBuffer {
  /** The bytes of the whole view, or null in timing mode. */
  readonly bytes: Uint8Array | null
  /** Index in `bytes` of the MPI buffer address. */
  readonly origin: number
}

/** A buffer argument starting `byteOffset` bytes into `data`. */
export function bufferAt(data: BufferView | null, byteOffset: number): BufferAt {
  return { data, byteOffset }
}

function isBufferAt(b: Buffer): b is BufferAt {
  return b !== null && !(b instanceof ArrayBuffer) && !ArrayBuffer.isView(b) && typeof b === 'object' && 'byteOffset' in b && 'data' in b
}

function toBytes(v: BufferView): Uint8Array {
  if (v instanceof Uint8Array) return v
  if (v instanceof ArrayBuffer) return new Uint8Array(v)
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength)
}

function isView(v: unknown): v is BufferView {
  return v instanceof ArrayBuffer || ArrayBuffer.isView(v)
}

/** Data span [lo, hi) of `count` instances relative to the buffer address. */
export function typeSpan(type: Datatype, count: number): { lo: number; hi: number } {
  if (count === 0 || type.size === 0) return { lo: 0, hi: 0 }
  const last = (count - 1) * type.extent
  return { lo: type.trueLb + Math.min(0, last), hi: type.trueUb + Math.max(0, last) }
}

/**
 * Resolves `buf` for `count` x `type` in `where` (e.g. "send(dest=1, tag=7)"). In timing mode the
 * bytes are dropped; in data mode a missing or too small buffer is ERR_BUFFER.
 */
export function resolveBuffer(buf: Buffer, count: number, type: Datatype, dataMode: boolean, where: Where): ResolvedBuffer {
  return { bytes: resolveBytes(buf, count, type, dataMode, where), origin: bufferOrigin(buf) }
}

/** The index of the MPI buffer address in resolveBytes' bytes: the byteOffset of a `{data, byteOffset}`, else 0. */
export function bufferOrigin(buf: Buffer): number {
  return isBufferAt(buf) ? buf.byteOffset : 0
}

/**
 * resolveBuffer's bytes, with the same checks and errors, and no result object (point-to-point
 * calls take the origin from bufferOrigin).
 */
export function resolveBytes(buf: Buffer, count: number, type: Datatype, dataMode: boolean, where: Where): Uint8Array | null {
  let view: BufferView | null
  let offset = 0
  if (isBufferAt(buf)) {
    view = buf.data
    offset = buf.byteOffset
    if (!Number.isSafeInteger(offset) || offset < 0) {
      throw new MpiError(ERR_BUFFER, `${whereText(where)}: buffer byteOffset must be a non-negative integer, got ${String(offset)}`)
    }
  } else {
    view = buf
  }
  if (view !== null && !isView(view)) {
    const got = Array.isArray(view) ? 'a plain Array (copy it into a typed array, e.g. Float64Array.from(array))' : typeof view
    throw new MpiError(ERR_BUFFER, `${whereText(where)}: buffer must be a typed array, DataView, ArrayBuffer or null, got ${got}`)
  }
  if (!dataMode) return null
  const needed = count * type.size
  if (view === null) {
    if (needed === 0) return null
    throw new MpiError(ERR_BUFFER, `${whereText(where)}: buffer is null but ${count} x ${typeName(type)} needs ${needed} B (null buffers are for timing mode)`)
  }
  const bytes = toBytes(view)
  if (count !== 0 && type.size !== 0) {
    const last = (count - 1) * type.extent
    const lo = type.trueLb + Math.min(0, last)
    const hi = type.trueUb + Math.max(0, last)
    if (hi > lo && (offset + lo < 0 || offset + hi > bytes.length)) {
      throw new MpiError(ERR_BUFFER,
        `${whereText(where)}: buffer of ${bytes.length} B at byte offset ${offset} is too small for ${count} x ${typeName(type)} ` +
        `(needs bytes [${offset + lo}, ${offset + hi}))`)
    }
  }
  return bytes
}

/** Short name of a type for messages: the elementary name or the constructor kind. */
export function typeName(type: Datatype): string {
  const spec = type.spec
  return typeof spec === 'string' ? spec : spec.kind
}
