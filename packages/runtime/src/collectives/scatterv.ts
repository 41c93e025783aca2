// MPI_Scatterv: the root sends sendcounts[i] elements from displs[i] · extent(sendtype) of its
// buffer to rank i. Linear: n - 1 sends (n - 1 messages); the root's own block is a local copy,
// none when its recvbuf is IN_PLACE.

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
const TAG_SCATTERV = 10

export async function scatterv(
  core: CommCore, sendbuf: Buffer, sendcounts: readonly number[], displs: readonly number[], sendtype: Datatype,
  recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
): Promise<void> {
  const where = `scatterv(root=${String(root)})`
  const n = core.size
  checkRoot(root, n, where)
  const inPlace = core.rank === root && isInPlace(recvbuf)
  if (!inPlace) {
    checkCount(recvcount, where, 'recvcount')
    checkType(recvtype, where, 'recvtype')
  }
  if (core.rank !== root) {
    const buf = notInPlace(recvbuf, where, 'recvbuf', 'only the root may pass it')
    checkBuffer(buf, recvcount, recvtype, core.dataMode, where, 'recvbuf')
    await core.coll.recv(buf, recvcount, recvtype, root, TAG_SCATTERV)
    return
  }
  checkType(sendtype, where, 'sendtype')
  checkCounts(sendcounts, n, where, 'sendcounts')
  checkDispls(displs, n, where, 'displs')
  const ext = sendtype.extent
  checkBlocks(sendbuf, n, inPlace ? root : -1, sendcounts, sendtype, (i) => displs[i]! * ext, core.dataMode, where, 'sendbuf')
  const reqs: Request[] = []
  for (let i = 0; i < n; i++) {
    if (i !== root) reqs.push(core.coll.isend(offsetBuffer(sendbuf, displs[i]! * ext), sendcounts[i]!, sendtype, i, TAG_SCATTERV))
  }
  if (!isInPlace(recvbuf)) {
    checkFits(sendcounts[root]!, sendtype, recvcount, recvtype, `${where} own block`)
    await localCopy(core, offsetBuffer(sendbuf, displs[root]! * ext), sendcounts[root]!, sendtype, recvbuf, recvcount, recvtype, where)
  }
  await core.coll.waitall(reqs)
}

export function iscatterv(
  core: CommCore, sendbuf: Buffer, sendcounts: readonly number[], displs: readonly number[], sendtype: Datatype,
  recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
): Request {
  return startNonblocking(core, `iscatterv(root=${String(root)})`, (c) => scatterv(c, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const scattervCollective = {
  /** MPI_Scatterv: rank i gets sendcounts[i] elements from displs[i] extents of sendtype. IN_PLACE as at scatter. */
  scatterv: { run: scatterv, tag: TAG_SCATTERV, params: ['buf', 'counts', 'displs', 'type', 'buf', 'count', 'type', 'root'] },
  /** MPI_Iscatterv: nonblocking `scatterv`, run by the progress engine; complete the request with wait or test. */
  iscatterv: { run: iscatterv, tag: null, params: ['buf', 'counts', 'displs', 'type', 'buf', 'count', 'type', 'root'] },
} satisfies CollectiveEntries
