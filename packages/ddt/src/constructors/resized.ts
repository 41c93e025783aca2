// MPI_Type_create_resized and MPI_Type_dup.

import type { Datatype } from '../datatype.js'
import { aliasType, derivedType } from '../type.js'
import { checkInt, checkSafe, checkType } from '../validate.js'

/** `oldtype` with lower bound `lb` and extent `extent` (explicit markers, sticky in structs). */
export function resized(oldtype: Datatype, lb: number, extent: number): Datatype {
  const where = 'resized'
  checkType(where, 'oldtype', oldtype)
  checkInt(where, 'lb', lb)
  checkInt(where, 'extent', extent)
  checkSafe(where, 'lb + extent', lb + extent)
  return derivedType({ kind: 'resized', lb, extent, oldtype: oldtype.spec }, { kind: 'resized', lb, extent, child: oldtype })
}

/** A new type identical to `oldtype`, committed if `oldtype` is. */
export function dup(oldtype: Datatype): Datatype {
  checkType('dup', 'oldtype', oldtype)
  const copy = aliasType({ kind: 'dup', oldtype: oldtype.spec }, oldtype)
  return oldtype.committed ? copy.commit() : copy
}
