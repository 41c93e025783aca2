// Argument checks at the engine's entry points: plain comparisons (they run per message or per
// packet, so no schema objects), errors that name the field.

import type { Datatype } from '../datatype.js'
import { ERR_ARG, ERR_COUNT, MpiError } from '../errors.js'

const show = (value: unknown): string => (typeof value === 'bigint' ? `${value}n` : typeof value === 'string' ? JSON.stringify(value) : String(value))

export function checkCount(value: unknown, field = 'count'): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  throw new MpiError(ERR_COUNT, `${field}: must be a non-negative integer, got ${show(value)}`)
}

export function checkOffset(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  throw new MpiError(ERR_ARG, `${field}: must be a non-negative integer, got ${show(value)}`)
}

export function checkInt(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  throw new MpiError(ERR_ARG, `${field}: must be an integer, got ${show(value)}`)
}

/**
 * `count` instances of `type` must span a byte range that doubles hold exactly (2^53): past it
 * offsets round and the packed size is wrong. Checked before any program is built for the count.
 */
export function checkSpan(type: Datatype, count: number, field = 'count'): void {
  const packed = count * type.size
  const reach = count === 0 ? 0 : (count - 1) * Math.abs(type.extent) + type.trueExtent
  if (Number.isSafeInteger(packed) && Number.isSafeInteger(reach)) return
  // name what overflows: a small type with a large extent spans far more bytes than it packs
  const what = Number.isSafeInteger(packed)
    ? `span ${reach} bytes of memory (extent ${type.extent})`
    : `of a ${type.size}-byte type pack into ${packed} bytes`
  throw new MpiError(ERR_COUNT, `${field}: ${count} instances ${what}, past the 2^53-byte range`)
}

/**
 * A byte range [first, last) inside a stream of `size` bytes. Runs once per packet, so the
 * common valid case is plain comparisons.
 */
export function checkRange(first: number, last: number, size: number): void {
  if (Number.isSafeInteger(first) && Number.isSafeInteger(last) && first >= 0 && first <= last && last <= size) return
  const f = checkOffset(first, 'first')
  const l = checkOffset(last, 'last')
  if (f > l) throw new MpiError(ERR_ARG, `first: ${f} is after last (${l})`)
  if (l > size) throw new MpiError(ERR_ARG, `last: ${l} is beyond the packed size ${size}`)
}
