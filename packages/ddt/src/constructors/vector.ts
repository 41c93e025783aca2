// MPI_Type_vector and MPI_Type_create_hvector.

import type { Datatype } from '../datatype.js'
import { derivedType } from '../type.js'
import { checkCount, checkInt, checkNonNegative, checkSafe, checkType } from '../validate.js'

function checkVector(where: string, count: number, blocklength: number, stride: number, oldtype: Datatype): void {
  checkCount(where, 'count', count)
  checkNonNegative(where, 'blocklength', blocklength)
  checkInt(where, 'stride', stride)
  checkType(where, 'oldtype', oldtype)
}

/** `count` blocks of `blocklength` copies of `oldtype`, block starts `stride` extents apart. */
export function vector(count: number, blocklength: number, stride: number, oldtype: Datatype): Datatype {
  const where = 'vector'
  checkVector(where, count, blocklength, stride, oldtype)
  const byteStride = checkSafe(where, 'stride * extent', stride * oldtype.extent)
  return derivedType(
    { kind: 'vector', count, blocklength, stride, oldtype: oldtype.spec },
    { kind: 'hvector', count, blocklength, stride: byteStride, child: oldtype },
  )
}

/** Like `vector`, with `stride` in bytes. */
export function hvector(count: number, blocklength: number, stride: number, oldtype: Datatype): Datatype {
  checkVector('hvector', count, blocklength, stride, oldtype)
  return derivedType(
    { kind: 'hvector', count, blocklength, stride, oldtype: oldtype.spec },
    { kind: 'hvector', count, blocklength, stride, child: oldtype },
  )
}
