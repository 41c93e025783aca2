// MPI_Type_create_subarray, lowered as the MPI standard defines it: the fastest dimension is a
// contiguous run, each slower dimension an hvector of the faster ones, the whole displaced to
// the start corner and resized to the full array (lb 0, extent = array bytes).

import type { Datatype } from '../datatype.js'
import type { Order } from '../spec-types.js'
import { ERR_ARG } from '../errors.js'
import { derivedType } from '../type.js'
import { checkEach, checkNonNegative, checkOneOf, checkPositive, checkSafe, checkSameLength, checkType, fail } from '../validate.js'
import { contiguous } from './contiguous.js'
import { hindexedBlock } from './indexed.js'
import { hvector } from './vector.js'

/** Per-dimension items from the fastest-varying dimension to the slowest for the given order. */
export function fastestFirst<T>(perDimension: readonly T[], order: Order): T[] {
  return order === 'C' ? [...perDimension].reverse() : [...perDimension]
}

/** MPI_Type_create_subarray: the `subsizes` block starting at `starts` of an array of `sizes` elements of `oldtype`, in C (row-major) or Fortran order; extent is the whole array. */
export function subarray(
  sizes: readonly number[], subsizes: readonly number[], starts: readonly number[], order: Order, oldtype: Datatype,
): Datatype {
  const where = 'subarray'
  const size = checkEach(where, 'sizes', sizes, checkPositive)
  const sub = checkEach(where, 'subsizes', subsizes, checkPositive)
  const start = checkEach(where, 'starts', starts, checkNonNegative)
  checkOneOf(where, 'order', order, ['C', 'F'])
  checkType(where, 'oldtype', oldtype)
  if (size.length === 0) fail(ERR_ARG, where, 'sizes must have at least one dimension')
  checkSameLength(where, 'sizes', size.length, 'subsizes', sub.length)
  checkSameLength(where, 'sizes', size.length, 'starts', start.length)
  // one record per dimension (the three lists have one length, checked above)
  const dims = size.map((n, i) => ({ size: n, sub: sub[i]!, start: start[i]! }))
  dims.forEach((d, i) => {
    if (d.sub > d.size) fail(ERR_ARG, where, `subsizes[${i}] must be <= sizes[${i}] (${d.size}), got ${d.sub}`)
    if (d.start + d.sub > d.size) {
      fail(ERR_ARG, where, `starts[${i}] + subsizes[${i}] must be <= sizes[${i}] (${d.size}), got ${d.start} + ${d.sub}`)
    }
  })

  let dimStride = oldtype.extent
  let offset = 0
  let inner: Datatype | undefined
  for (const d of fastestFirst(dims, order)) {
    inner = inner === undefined ? contiguous(d.sub, oldtype) : hvector(d.sub, 1, dimStride, inner)
    offset = checkSafe(where, 'start offset', offset + d.start * dimStride)
    dimStride = checkSafe(where, 'array extent', dimStride * d.size)
  }
  if (inner === undefined) return fail(ERR_ARG, where, 'sizes must have at least one dimension')
  const placed = offset === 0 ? inner : hindexedBlock(1, [offset], inner)
  return derivedType(
    { kind: 'subarray', sizes: size, subsizes: sub, starts: start, order, oldtype: oldtype.spec },
    { kind: 'resized', lb: 0, extent: dimStride, child: placed },
  )
}
