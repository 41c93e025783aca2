// MPI_Allgatherv by the ring: n - 1 steps in which each rank passes the block it received last to
// its right neighbour (n · (n - 1) messages in all), block j being recvcounts[j] elements at
// displs[j] · extent(recvtype). With sendbuf IN_PLACE each rank's block is already in recvbuf.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCount, checkCounts, checkDispls, checkFits, checkType } from './args.js'
import { isInPlace } from './in-place-args.js'
import { checkBlocks } from './buffer-checks.js'
import { localCopy, offsetBuffer } from './local.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_ALLGATHERV = 11

export async function allgatherv(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype,
): Promise<void> {
  const where = 'allgatherv'
  const n = core.size, r = core.rank
  checkType(recvtype, where, 'recvtype')
  checkCounts(recvcounts, n, where, 'recvcounts')
  checkDispls(displs, n, where, 'displs')
  const ext = recvtype.extent
  const block = (j: number): Buffer => offsetBuffer(recvbuf, displs[j]! * ext)
  checkBlocks(recvbuf, n, -1, recvcounts, recvtype, (j) => displs[j]! * ext, core.dataMode, where, 'recvbuf')
  if (!isInPlace(sendbuf)) {
    checkCount(sendcount, where, 'sendcount')
    checkType(sendtype, where, 'sendtype')
    checkFits(sendcount, sendtype, recvcounts[r]!, recvtype, `${where} own block`)
    await localCopy(core, sendbuf, sendcount, sendtype, block(r), recvcounts[r]!, recvtype, where)
  }
  const right = (r + 1) % n, left = (r - 1 + n) % n
  for (let s = 0; s < n - 1; s++) {
    const out = (r - s + n) % n
    const inn = (r - s - 1 + n) % n
    await core.coll.sendrecv(
      block(out), recvcounts[out]!, recvtype, right, TAG_ALLGATHERV,
      block(inn), recvcounts[inn]!, recvtype, left, TAG_ALLGATHERV,
    )
  }
}

export function iallgatherv(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype,
): Request {
  return startNonblocking(core, 'iallgatherv()', (c) => allgatherv(c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const allgathervCollective = {
  /** MPI_Allgatherv: rank i's block (recvcounts[i]) lands at displs[i] extents of recvtype everywhere. */
  allgatherv: { run: allgatherv, tag: TAG_ALLGATHERV, params: ['buf', 'count', 'type', 'buf', 'counts', 'displs', 'type'], agreedCounts: 4 },
  /** MPI_Iallgatherv: nonblocking `allgatherv`, run by the progress engine; complete the request with wait or test. */
  iallgatherv: { run: iallgatherv, tag: null, params: ['buf', 'count', 'type', 'buf', 'counts', 'displs', 'type'], agreedCounts: 4 },
} satisfies CollectiveEntries
