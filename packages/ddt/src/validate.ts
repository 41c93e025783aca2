// Argument checks shared by the constructors. Each failure is an MpiError saying what and where.

import type { Datatype } from './datatype.js'
import { ERR_ARG, ERR_COUNT, ERR_TYPE, MpiError, type ErrorClass } from './errors.js'
import { DatatypeImpl } from './type.js'

const show = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : String(value))

export function fail(errorClass: ErrorClass, where: string, what: string): never {
  throw new MpiError(errorClass, `${where}: ${what}`)
}

/** A safe integer (displacements, strides, lb, extent). */
export function checkInt(where: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(ERR_ARG, where, `${field} must be an integer, got ${show(value)}`)
  return value
}

/** A non-negative integer; `count` fields report ERR_COUNT, others ERR_ARG. */
export function checkNonNegative(where: string, field: string, value: unknown, errorClass: ErrorClass = ERR_ARG): number {
  const n = checkInt(where, field, value)
  if (n < 0) fail(errorClass, where, `${field} must be >= 0, got ${n}`)
  return n
}

export function checkCount(where: string, field: string, value: unknown): number {
  return checkNonNegative(where, field, value, ERR_COUNT)
}

export function checkPositive(where: string, field: string, value: unknown): number {
  const n = checkInt(where, field, value)
  if (n < 1) fail(ERR_ARG, where, `${field} must be >= 1, got ${n}`)
  return n
}

export function checkArray(where: string, field: string, value: unknown): readonly unknown[] {
  if (!Array.isArray(value)) fail(ERR_ARG, where, `${field} must be an array`)
  return value
}

/** Every element checked with `check`, reported as field[i]. */
export function checkEach<T>(
  where: string, field: string, value: unknown,
  check: (where: string, field: string, item: unknown) => T,
): T[] {
  const items = checkArray(where, field, value)
  const out = new Array<T>(items.length)
  for (let i = 0; i < items.length; i++) {
    // Name the element only on failure: building "field[i]" for every entry dominates large arrays.
    try {
      out[i] = check(where, field, items[i])
    } catch {
      out[i] = check(where, `${field}[${i}]`, items[i])
    }
  }
  return out
}

export function checkSameLength(where: string, a: string, aLength: number, b: string, bLength: number): void {
  if (aLength !== bLength) fail(ERR_ARG, where, `${a} has ${aLength} entries but ${b} has ${bLength}`)
}

export function checkType(where: string, field: string, value: unknown): Datatype {
  if (!(value instanceof DatatypeImpl)) fail(ERR_TYPE, where, `${field} is not a datatype`)
  return value
}

/** A computed byte quantity (displacement times extent, array extents) that must stay exact. */
export function checkSafe(where: string, what: string, value: number): number {
  if (!Number.isSafeInteger(value)) fail(ERR_ARG, where, `${what} overflows the byte range, got ${value}`)
  return value + 0 // products like 0 * -8 are -0; keep offsets plain zeros
}

export function checkOneOf<T extends string>(where: string, field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(ERR_ARG, where, `${field} must be one of ${allowed.map(show).join(', ')}, got ${show(value)}`)
  }
  return value as T
}
