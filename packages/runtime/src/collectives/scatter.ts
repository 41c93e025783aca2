// MPI_Scatter: the root sends block i (at i · sendcount · extent(sendtype)) to rank i and keeps
// its own by a local copy (none when the root's recvbuf is IN_PLACE).

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCount, checkFits, checkRoot, checkType } from './args.js'
import { isInPlace, notInPlace } from './in-place-args.js'
import { localCopy, offsetBuffer } from './local.js'
import { checkBlocks, checkBuffer } from './buffer-checks.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_SCATTER = 6

export async function scatter(
  core: CommCore, sendbuf: Buffer, sendcount: number, sendtype: Datatype,
  recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
): Promise<void> {
  const where = `scatter(root=${String(root)})`
  checkRoot(root, core.size, where)
  const inPlace = core.rank === root && isInPlace(recvbuf)
  if (!inPlace) {
    checkCount(recvcount, where, 'recvcount')
    checkType(recvtype, where, 'recvtype')
  }
  if (core.rank !== root) {
    const buf = notInPlace(recvbuf, where, 'recvbuf', 'only the root may pass it')
    checkBuffer(buf, recvcount, recvtype, core.dataMode, where, 'recvbuf')
    await core.coll.recv(buf, recvcount, recvtype, root, TAG_SCATTER)
    return
  }
  checkCount(sendcount, where, 'sendcount')
  checkType(sendtype, where, 'sendtype')
  if (!inPlace) checkFits(sendcount, sendtype, recvcount, recvtype, where)
  const block = sendcount * sendtype.extent
  checkBlocks(sendbuf, core.size, inPlace ? root : -1, sendcount, sendtype, (i) => i * block, core.dataMode, where, 'sendbuf')
  const reqs: Request[] = []
  for (let i = 0; i < core.size; i++) {
    if (i !== root) reqs.push(core.coll.isend(offsetBuffer(sendbuf, i * block), sendcount, sendtype, i, TAG_SCATTER))
  }
  if (!isInPlace(recvbuf)) await localCopy(core, offsetBuffer(sendbuf, root * block), sendcount, sendtype, recvbuf, recvcount, recvtype, where)
  await core.coll.waitall(reqs)
}

export function iscatter(
  core: CommCore, sendbuf: Buffer, sendcount: number, sendtype: Datatype, recvbuf: BufferOrInPlace, recvcount: number, recvtype: Datatype, root: number,
): Request {
  return startNonblocking(core, `iscatter(root=${String(root)})`, (c) => scatter(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const scatterCollective = {
  /** Sends block i of root's buffer to rank i (MPI_Scatter). IN_PLACE as recvbuf at the root: the root's own block stays where it is in sendbuf. */
  scatter: { run: scatter, tag: TAG_SCATTER, params: ['buf', 'count', 'type', 'buf', 'count', 'type', 'root'], agreedPair: 4 },
  /** MPI_Iscatter: nonblocking `scatter`, run by the progress engine; complete the request with wait or test. */
  iscatter: { run: iscatter, tag: null, params: ['buf', 'count', 'type', 'buf', 'count', 'type', 'root'], agreedPair: 4 },
} satisfies CollectiveEntries
