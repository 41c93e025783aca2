// MPI_Gatherv: like gather, but rank i's block has recvcounts[i] elements and lands at
// displs[i] · extent(recvtype) of the root's buffer. Linear: the root posts n - 1 receives
// (n - 1 messages); its own block is a local copy, none when its sendbuf is IN_PLACE.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCount, checkCounts, checkDispls, checkFits, checkRoot, checkType } from './args.js'
import { isInPlace, notInPlace } from './in-place-args.js'
import { localCopy, offsetBuffer } from './local.js'
import { checkBlocks, checkBuffer } from './buffer-checks.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_GATHERV = 9

export async function gatherv(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype, root: number,
): Promise<void> {
  const where = `gatherv(root=${String(root)})`
  const n = core.size
  checkRoot(root, n, where)
  const inPlace = core.rank === root && isInPlace(sendbuf)
  if (!inPlace) {
    checkCount(sendcount, where, 'sendcount')
    checkType(sendtype, where, 'sendtype')
  }
  if (core.rank !== root) {
    const buf = notInPlace(sendbuf, where, 'sendbuf', 'only the root may pass it')
    checkBuffer(buf, sendcount, sendtype, core.dataMode, where, 'sendbuf')
    await core.coll.send(buf, sendcount, sendtype, root, TAG_GATHERV)
    return
  }
  checkType(recvtype, where, 'recvtype')
  checkCounts(recvcounts, n, where, 'recvcounts')
  checkDispls(displs, n, where, 'displs')
  const ext = recvtype.extent
  checkBlocks(recvbuf, n, inPlace ? root : -1, recvcounts, recvtype, (i) => displs[i]! * ext, core.dataMode, where, 'recvbuf')
  const reqs: Request[] = []
  for (let i = 0; i < n; i++) {
    if (i !== root) reqs.push(core.coll.irecv(offsetBuffer(recvbuf, displs[i]! * ext), recvcounts[i]!, recvtype, i, TAG_GATHERV))
  }
  if (!isInPlace(sendbuf)) {
    checkFits(sendcount, sendtype, recvcounts[root]!, recvtype, `${where} own block`)
    await localCopy(core, sendbuf, sendcount, sendtype, offsetBuffer(recvbuf, displs[root]! * ext), recvcounts[root]!, recvtype, where)
  }
  await core.coll.waitall(reqs)
}

export function igatherv(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcounts: readonly number[], displs: readonly number[], recvtype: Datatype, root: number,
): Request {
  return startNonblocking(core, `igatherv(root=${String(root)})`, (c) => gatherv(c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const gathervCollective = {
  /** MPI_Gatherv: rank i's block (recvcounts[i]) lands at displs[i] extents of recvtype. IN_PLACE as at gather. */
  gatherv: { run: gatherv, tag: TAG_GATHERV, params: ['buf', 'count', 'type', 'buf', 'counts', 'displs', 'type', 'root'] },
  /** MPI_Igatherv: nonblocking `gatherv`, run by the progress engine; complete the request with wait or test. */
  igatherv: { run: igatherv, tag: null, params: ['buf', 'count', 'type', 'buf', 'counts', 'displs', 'type', 'root'] },
} satisfies CollectiveEntries
