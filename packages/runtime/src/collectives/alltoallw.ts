// MPI_Alltoallw, the general exchange the other all-to-alls reduce to: pairwise exchange in n - 1
// steps (step k: send to rank + k, receive from rank - k), the own block by a local copy. Byte
// displacements and one type per peer on each side.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer } from '../comm/comm-api.js'
import type { CommCore } from '../comm/comm-core.js'
import { checkCounts, checkDispls, checkFits, checkPerPeer, checkType } from './args.js'
import { localCopy, offsetBuffer } from './local.js'
import { TAG_ALLTOALL } from './tags.js'

/** One side of an exchange: per-peer counts, byte displacements and types. */
export interface ExchangeSide {
  readonly buf: Buffer
  readonly counts: readonly number[]
  readonly byteDispls: readonly number[]
  readonly types: readonly Datatype[]
}

export async function exchange(core: CommCore, send: ExchangeSide, recv: ExchangeSide, where: string): Promise<void> {
  const n = core.size, r = core.rank
  for (const [side, name] of [[send, 'send'], [recv, 'recv']] as const) {
    checkCounts(side.counts, n, where, `${name}counts`)
    checkDispls(side.byteDispls, n, where, `${name === 'send' ? 's' : 'r'}displs`)
    checkPerPeer(side.types, n, where, `${name}types`).forEach((t, i) => checkType(t, where, `${name}types[${i}]`))
  }
  checkFits(send.counts[r] * send.types[r].size, recv.counts[r] * recv.types[r].size, `${where} own block`)
  await localCopy(
    core, offsetBuffer(send.buf, send.byteDispls[r]), send.counts[r], send.types[r],
    offsetBuffer(recv.buf, recv.byteDispls[r]), recv.counts[r], recv.types[r], where,
  )
  for (let k = 1; k < n; k++) {
    const dst = (r + k) % n, src = (r - k + n) % n
    await core.coll.sendrecv(
      offsetBuffer(send.buf, send.byteDispls[dst]), send.counts[dst], send.types[dst], dst, TAG_ALLTOALL,
      offsetBuffer(recv.buf, recv.byteDispls[src]), recv.counts[src], recv.types[src], src, TAG_ALLTOALL,
    )
  }
}

export function alltoallw(
  core: CommCore, sendbuf: Buffer, sendcounts: readonly number[], sdispls: readonly number[], sendtypes: readonly Datatype[],
  recvbuf: Buffer, recvcounts: readonly number[], rdispls: readonly number[], recvtypes: readonly Datatype[],
): Promise<void> {
  return exchange(
    core,
    { buf: sendbuf, counts: sendcounts, byteDispls: sdispls, types: sendtypes },
    { buf: recvbuf, counts: recvcounts, byteDispls: rdispls, types: recvtypes },
    'alltoallw',
  )
}
