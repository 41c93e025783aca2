// Argument checks at the engine's entry points: zod schemas, errors that name the field.

import { z } from 'zod'
import { ERR_ARG, ERR_COUNT, MpiError, type ErrorClass } from '../errors.js'

const nonNegativeInt = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)
const safeInt = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER)

function check(schema: z.ZodType<number>, value: unknown, field: string, errorClass: ErrorClass, what: string): number {
  const r = schema.safeParse(value)
  if (!r.success) throw new MpiError(errorClass, `${field}: must be ${what}, got ${String(value)}`)
  return r.data
}

export function checkCount(value: unknown, field = 'count'): number {
  return check(nonNegativeInt, value, field, ERR_COUNT, 'a non-negative integer')
}

export function checkOffset(value: unknown, field: string): number {
  return check(nonNegativeInt, value, field, ERR_ARG, 'a non-negative integer')
}

export function checkInt(value: unknown, field: string): number {
  return check(safeInt, value, field, ERR_ARG, 'an integer')
}

/**
 * A byte range [first, last) inside a stream of `size` bytes. Runs once per packet, so the
 * common valid case is plain comparisons (no schema objects allocated).
 */
export function checkRange(first: number, last: number, size: number): void {
  if (Number.isSafeInteger(first) && Number.isSafeInteger(last) && first >= 0 && first <= last && last <= size) return
  const f = checkOffset(first, 'first')
  const l = checkOffset(last, 'last')
  if (f > l) throw new MpiError(ERR_ARG, `first: ${f} is after last (${l})`)
  if (l > size) throw new MpiError(ERR_ARG, `last: ${l} is beyond the packed size ${size}`)
}
