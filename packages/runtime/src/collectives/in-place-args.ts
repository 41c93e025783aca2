// MPI_IN_PLACE in collective arguments: where MPI allows it, the input comes from the receive
// buffer; anywhere else it is ERR_BUFFER naming the call and the argument.

import { ERR_BUFFER, MpiError } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace } from '../comm/comm-types.js'
import { isInPlace } from '../comm/in-place.js'

export { isInPlace }

/** `buf` must be a real buffer here (`why` says where IN_PLACE would be allowed, if anywhere). */
export function notInPlace(buf: BufferOrInPlace, where: string, name: string, why = 'IN_PLACE is not allowed here'): Buffer {
  if (isInPlace(buf)) throw new MpiError(ERR_BUFFER, `${where}: ${name} is IN_PLACE, but ${why}`)
  return buf
}

/** The buffer holding a reduction's input: recvbuf when sendbuf is IN_PLACE. */
export function reductionInput(sendbuf: BufferOrInPlace, recvbuf: Buffer): Buffer {
  return isInPlace(sendbuf) ? recvbuf : sendbuf
}
