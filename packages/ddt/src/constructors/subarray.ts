// MPI_Type_create_subarray, lowered as the MPI standard defines it: the fastest dimension is a
// contiguous run, each slower dimension an hvector of the faster ones, the whole displaced to
// the start corner and resized to the full array (lb 0, extent = array bytes).

import type { Datatype } from '../datatype.js'
import type { Order } from '../spec.js'
import { ERR_ARG } from '../errors.js'
import { derivedType } from '../type.js'
import { checkEach, checkNonNegative, checkOneOf, checkPositive, checkSafe, checkSameLength, checkType, fail } from '../validate.js'
import { contiguous } from './contiguous.js'
import { hindexedBlock } from './indexed.js'
import { hvector } from './vector.js'

/** Dimensions from fastest-varying to slowest for the given order. */
export function fastestFirst(ndims: number, order: Order): number[] {
  const dims = Array.from({ length: ndims }, (_, i) => i)
  return order === 'C' ? dims.reverse() : dims
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
  for (let i = 0; i < size.length; i++) {
    if (sub[i] > size[i]) fail(ERR_ARG, where, `subsizes[${i}] must be <= sizes[${i}] (${size[i]}), got ${sub[i]}`)
    if (start[i] + sub[i] > size[i]) {
      fail(ERR_ARG, where, `starts[${i}] + subsizes[${i}] must be <= sizes[${i}] (${size[i]}), got ${start[i]} + ${sub[i]}`)
    }
  }

  const dims = fastestFirst(size.length, order)
  let dimStride = oldtype.extent
  let offset = 0
  let inner: Datatype | undefined
  for (const d of dims) {
    inner = inner === undefined ? contiguous(sub[d], oldtype) : hvector(sub[d], 1, dimStride, inner)
    offset = checkSafe(where, 'start offset', offset + start[d] * dimStride)
    dimStride = checkSafe(where, 'array extent', dimStride * size[d])
  }
  if (inner === undefined) return fail(ERR_ARG, where, 'sizes must have at least one dimension')
  const placed = offset === 0 ? inner : hindexedBlock(1, [offset], inner)
  return derivedType(
    { kind: 'subarray', sizes: size, subsizes: sub, starts: start, order, oldtype: oldtype.spec },
    { kind: 'resized', lb: 0, extent: dimStride, child: placed },
  )
}
