// Argument checks shared by the collectives: roots, per-peer arrays, and the packed size
// agreement between a send and a receive side (a larger send is ERR_TRUNCATE, as in MPI).

import { ERR_ARG, ERR_RANK, ERR_TRUNCATE, MpiError, type Datatype } from '@spinmpi/ddt'
import { checkCount, checkType } from '../comm/validate.js'

export { checkCount, checkType }

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
  values.forEach((c, i) => checkCount(c, where, `${name}[${i}]`))
  return values
}

export function checkDispls(values: readonly number[], size: number, where: string, name: string): readonly number[] {
  checkPerPeer(values, size, where, name)
  values.forEach((d, i) => {
    if (typeof d !== 'number' || !Number.isSafeInteger(d)) throw new MpiError(ERR_ARG, `${where}: ${name}[${i}] must be an integer, got ${String(d)}`)
  })
  return values
}

/** The receive side must hold what the send side sends (bytes of the packed stream). */
export function checkFits(sendBytes: number, recvBytes: number, where: string): void {
  if (sendBytes > recvBytes) {
    throw new MpiError(ERR_TRUNCATE, `${where}: ${sendBytes} B sent but the receive side holds only ${recvBytes} B`)
  }
}

export function bytesOf(count: number, type: Datatype): number {
  return count * type.size
}
