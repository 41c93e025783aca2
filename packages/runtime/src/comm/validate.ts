// Argument checks of the point-to-point calls. Each failure is an MpiError whose class says what
// kind of argument was wrong and whose message names the call, the argument and the value.

import { ERR_COUNT, ERR_RANK, ERR_TAG, ERR_TYPE, MpiError, type Datatype } from '@spinmpi/ddt'
import { ANY_SOURCE, ANY_TAG, PROC_NULL, TAG_UB } from './comm-types.js'

/** A value as the user wrote it: 3n for a BigInt, quotes for text, "a plain Array" for arrays. */
export function showValue(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n (a BigInt)`
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return 'a plain Array'
  if (typeof value === 'object' && value !== null) return `an object (${value.constructor?.name ?? 'no prototype'})`
  return String(value)
}

/** Where a check is made ("send(dest=1, tag=7)"), or a function giving it: built only for an error. */
export type Where = string | (() => string)

export function whereText(where: Where): string {
  return typeof where === 'string' ? where : where()
}

export function checkCount(count: unknown, where: Where, name = 'count'): number {
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
    throw new MpiError(ERR_COUNT, `${whereText(where)}: ${name} must be a non-negative integer, got ${showValue(count)}`)
  }
  return count
}

/**
 * Bytes one simulated message may carry: 2^36 (64 GiB, 16.7 million 4 KiB packets). Every packet
 * is an event of the simulation, in timing mode too, so a larger message would run for minutes.
 */
export const MAX_MESSAGE_BYTES = 2 ** 36

export function checkMessageSize(count: number, type: Datatype, where: Where, name = 'count'): void {
  const bytes = count * type.size
  if (bytes <= MAX_MESSAGE_BYTES) return
  throw new MpiError(ERR_COUNT, `${whereText(where)}: ${name} ${count} of ${type.size}-byte elements is ${bytes} B, more than the ${MAX_MESSAGE_BYTES} B (64 GiB) a simulated message may carry`)
}

/** What checkType accepts, as a test that throws nothing. */
export function isCommittedType(type: unknown): type is Datatype {
  return typeof type === 'object' && type !== null && 'committed' in type && 'signature' in type && (type as Datatype).committed
}

export function checkType(type: unknown, where: Where, name = 'type'): Datatype {
  if (typeof type !== 'object' || type === null || !('committed' in type) || !('signature' in type)) {
    throw new MpiError(ERR_TYPE, `${whereText(where)}: ${name} is not a datatype`)
  }
  const t = type as Datatype
  if (!t.committed) throw new MpiError(ERR_TYPE, `${whereText(where)}: ${name} is not committed (call .commit() first)`)
  return t
}

/** A destination: a rank of the communicator or PROC_NULL. */
export function checkDest(rank: unknown, size: number, where: Where, name = 'dest'): number {
  if (rank === PROC_NULL) return PROC_NULL
  if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 0 || rank >= size) {
    // ANY_SOURCE is -1 (as in MPICH): a C user who sends to it reads why -1 is refused
    const wildcard = rank === ANY_SOURCE && name === 'dest' ? ' (ANY_SOURCE: only a receive may use it)' : ''
    throw new MpiError(ERR_RANK, `${whereText(where)}: ${name} ${showValue(rank)}${wildcard} is not a rank of this ${size}-rank communicator`)
  }
  return rank
}

/** A source: a rank, ANY_SOURCE or PROC_NULL. */
export function checkSource(rank: unknown, size: number, where: Where): number {
  if (rank === ANY_SOURCE) return ANY_SOURCE
  return checkDest(rank, size, where, 'source')
}

export function checkSendTag(tag: unknown, where: Where): number {
  if (typeof tag !== 'number' || !Number.isInteger(tag) || tag < 0 || tag > TAG_UB) {
    const wildcard = tag === ANY_TAG ? ' (ANY_TAG: only a receive or probe may use it)' : ''
    throw new MpiError(ERR_TAG, `${whereText(where)}: tag ${showValue(tag)}${wildcard} is outside [0, ${TAG_UB}]`)
  }
  return tag
}

export function checkRecvTag(tag: unknown, where: Where): number {
  if (tag === ANY_TAG) return ANY_TAG
  return checkSendTag(tag, where)
}
