// MPI_Type_create_struct.

import type { Datatype } from '../datatype.js'
import { derivedType } from '../type.js'
import { checkEach, checkInt, checkNonNegative, checkSameLength, checkType } from '../validate.js'

/**
 * Blocks of `blocklengths[i]` copies of `types[i]` at byte `displacements[i]`. The extent is
 * padded to the largest member alignment unless a member carries an explicit (resized) ub.
 */
export function struct(blocklengths: readonly number[], displacements: readonly number[], types: readonly Datatype[]): Datatype {
  const where = 'struct'
  const lengths = checkEach(where, 'blocklengths', blocklengths, checkNonNegative)
  const displs = checkEach(where, 'displacements', displacements, checkInt)
  const children = checkEach(where, 'types', types, checkType)
  checkSameLength(where, 'blocklengths', lengths.length, 'displacements', displs.length)
  checkSameLength(where, 'blocklengths', lengths.length, 'types', children.length)
  return derivedType(
    { kind: 'struct', blocklengths: lengths, displacements: displs, types: children.map((t) => t.spec) },
    { kind: 'struct', blocklengths: lengths, displs, children },
  )
}
