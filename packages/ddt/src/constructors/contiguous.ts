// MPI_Type_contiguous.

import type { Datatype } from '../datatype.js'
import { derivedType } from '../type.js'
import { checkCount, checkType } from '../validate.js'

/** `count` consecutive copies of `oldtype`, each one extent after the previous. */
export function contiguous(count: number, oldtype: Datatype): Datatype {
  const where = 'contiguous'
  checkCount(where, 'count', count)
  checkType(where, 'oldtype', oldtype)
  return derivedType({ kind: 'contiguous', count, oldtype: oldtype.spec }, { kind: 'contig', count, child: oldtype })
}
