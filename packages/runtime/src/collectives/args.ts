// Argument checks shared by the collectives: roots, per-peer arrays, and the packed size
// agreement between a send and a receive side (a larger send is ERR_TRUNCATE, as in MPI).

import { ERR_ARG, ERR_RANK, ERR_TRUNCATE, MpiError, type Datatype } from '@spinmpi/ddt'
import { typeName } from '../comm/buffer.js'
import { checkCount, checkType, isCommittedType } from '../comm/validate.js'

export { checkCount, checkType }

/** Every entry of a per-peer types array must be a committed datatype; the name is built only for an error. */
export function checkTypes(types: readonly unknown[], where: string, name: string): void {
  for (let i = 0; i < types.length; i++) if (!isCommittedType(types[i])) checkType(types[i], where, `${name}[${i}]`)
}

export function checkRoot(root: unknown, size: number, where: string): number {
  if (typeof root !== 'number' || !Number.isInteger(root) || root < 0 || root >= size) {
    throw new MpiError(ERR_RANK, `${where}: root ${String(root)} is not a rank of this ${size}-rank communicator`)
  }
  return root
}

/** A per-peer array argument (counts, displacements, types) must have one entry per rank. */
export function checkPerPeer<T>(values: readonly T[], size: number, where: string, name: string): readonly T[] {
  if (!Array.isArray(values) || values.length !== size) {
    throw new MpiError(ERR_ARG, `${where}: ${name} must have ${size} entries (one per rank), got ${Array.isArray(values) ? values.length : typeof values}`)
  }
  return values
}

export function checkCounts(values: readonly number[], size: number, where: string, name: string): readonly number[] {
  checkPerPeer(values, size, where, name)
  // the entry's name is built only for an error (these run once per peer of every call)
  for (let i = 0; i < values.length; i++) {
    const c = values[i]
    if (typeof c !== 'number' || !Number.isSafeInteger(c) || c < 0) checkCount(c, where, `${name}[${i}]`)
  }
  return values
}

export function checkDispls(values: readonly number[], size: number, where: string, name: string): readonly number[] {
  checkPerPeer(values, size, where, name)
  for (let i = 0; i < values.length; i++) {
    const d = values[i]
    if (typeof d !== 'number' || !Number.isSafeInteger(d)) throw new MpiError(ERR_ARG, `${where}: ${name}[${i}] must be an integer, got ${String(d)}`)
  }
  return values
}

/** The receive side must hold what the send side sends (bytes of the packed stream). */
/** The send side's count x type must fit the receive side's (MPI_ERR_TRUNCATE otherwise); the message names both. */
export function checkFits(sendcount: number, sendtype: Datatype, recvcount: number, recvtype: Datatype, where: string): void {
  const sendBytes = sendcount * sendtype.size
  const recvBytes = recvcount * recvtype.size
  if (sendBytes > recvBytes) {
    throw new MpiError(ERR_TRUNCATE, `${where}: sendcount ${sendcount} x ${typeName(sendtype)} (${sendBytes} B) does not fit recvcount ${recvcount} x ${typeName(recvtype)} (${recvBytes} B)`)
  }
}

export function bytesOf(count: number, type: Datatype): number {
  return count * type.size
}
