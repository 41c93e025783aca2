// Buffer checks done before any byte moves: the whole typemap must lie inside the buffer.

import { ERR_BUFFER, MpiError } from '../errors.js'
import type { CompiledType } from './compile.js'

/** Lowest data byte and one past the highest of `count` instances, relative to the buffer address. */
export function dataSpan(c: CompiledType, count: number): [number, number] {
  const span = (count - 1) * c.type.extent
  return [c.info.lo + Math.min(0, span), c.info.hi + Math.max(0, span)]
}

/** A plain Array or a Buffer-like object is a user slip the engine would fail on obscurely. */
function checkBytes(buf: unknown, field: string): void {
  if (buf instanceof Uint8Array) return
  const got = Array.isArray(buf) ? 'a plain Array' : buf === null ? 'null' : typeof buf === 'object' ? (buf.constructor?.name ?? 'an object') : typeof buf
  throw new MpiError(ERR_BUFFER, `${field}: must be a Uint8Array, got ${got}`)
}

export function checkTypemapInside(c: CompiledType, count: number, buf: Uint8Array, origin: number, field: string): void {
  checkBytes(buf, field)
  if (count === 0 || c.info.size === 0) return
  const [lo, hi] = dataSpan(c, count)
  if (origin + lo < 0 || origin + hi > buf.length) {
    throw new MpiError(ERR_BUFFER, `${field}: the typemap spans bytes [${origin + lo}, ${origin + hi}) but the buffer holds [0, ${buf.length})`)
  }
}

export function checkRoom(buf: Uint8Array, at: number, bytes: number, field: string): void {
  checkBytes(buf, field)
  if (at + bytes > buf.length) {
    throw new MpiError(ERR_BUFFER, `${field}: needs ${bytes} bytes from offset ${at} but holds ${buf.length}`)
  }
}
