// MPI_Type_indexed, MPI_Type_create_hindexed, MPI_Type_create_indexed_block and
// MPI_Type_create_hindexed_block.

import type { Datatype } from '../datatype.js'
import { derivedType } from '../type.js'
import { checkEach, checkInt, checkNonNegative, checkSafe, checkSameLength, checkType } from '../validate.js'

function checkBlocks(where: string, blocklengths: readonly number[], displacements: readonly number[], oldtype: Datatype) {
  const lengths = checkEach(where, 'blocklengths', blocklengths, checkNonNegative)
  const displs = checkEach(where, 'displacements', displacements, checkInt)
  checkSameLength(where, 'blocklengths', lengths.length, 'displacements', displs.length)
  checkType(where, 'oldtype', oldtype)
  return { lengths, displs }
}

function inBytes(where: string, displs: readonly number[], extent: number): number[] {
  return displs.map((d, i) => {
    const b = d * extent
    return Number.isSafeInteger(b) ? b + 0 : checkSafe(where, `displacements[${i}] * extent`, b)
  })
}

/** Blocks of `blocklengths[i]` copies of `oldtype` at `displacements[i]` extents. */
export function indexed(blocklengths: readonly number[], displacements: readonly number[], oldtype: Datatype): Datatype {
  const where = 'indexed'
  const { lengths, displs } = checkBlocks(where, blocklengths, displacements, oldtype)
  return derivedType(
    { kind: 'indexed', blocklengths: lengths, displacements: displs, oldtype: oldtype.spec },
    { kind: 'hindexed', blocklengths: lengths, displs: inBytes(where, displs, oldtype.extent), child: oldtype },
  )
}

/** Like `indexed`, with displacements in bytes. */
export function hindexed(blocklengths: readonly number[], displacements: readonly number[], oldtype: Datatype): Datatype {
  const { lengths, displs } = checkBlocks('hindexed', blocklengths, displacements, oldtype)
  return derivedType(
    { kind: 'hindexed', blocklengths: lengths, displacements: displs, oldtype: oldtype.spec },
    { kind: 'hindexed', blocklengths: lengths, displs, child: oldtype },
  )
}

function checkBlock(where: string, blocklength: number, displacements: readonly number[], oldtype: Datatype): number[] {
  checkNonNegative(where, 'blocklength', blocklength)
  const displs = checkEach(where, 'displacements', displacements, checkInt)
  checkType(where, 'oldtype', oldtype)
  return displs
}

/** Blocks of `blocklength` copies of `oldtype` at `displacements[i]` extents. */
export function indexedBlock(blocklength: number, displacements: readonly number[], oldtype: Datatype): Datatype {
  const where = 'indexedBlock'
  const displs = checkBlock(where, blocklength, displacements, oldtype)
  return derivedType(
    { kind: 'indexedBlock', blocklength, displacements: displs, oldtype: oldtype.spec },
    { kind: 'hindexedBlock', blocklength, displs: inBytes(where, displs, oldtype.extent), child: oldtype },
  )
}

/** Like `indexedBlock`, with displacements in bytes. */
export function hindexedBlock(blocklength: number, displacements: readonly number[], oldtype: Datatype): Datatype {
  const displs = checkBlock('hindexedBlock', blocklength, displacements, oldtype)
  return derivedType(
    { kind: 'hindexedBlock', blocklength, displacements: displs, oldtype: oldtype.spec },
    { kind: 'hindexedBlock', blocklength, displs, child: oldtype },
  )
}
