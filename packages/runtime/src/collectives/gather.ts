// MPI_Gather: every rank sends its block to the root, which receives block i at
// i · recvcount · extent(recvtype) of its buffer (its own block by a local copy, none when the
// root's sendbuf is IN_PLACE).

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
const TAG_GATHER = 5

export async function gather(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
): Promise<void> {
  const where = `gather(root=${String(root)})`
  checkRoot(root, core.size, where)
  const inPlace = core.rank === root && isInPlace(sendbuf)
  if (!inPlace) {
    checkCount(sendcount, where, 'sendcount')
    checkType(sendtype, where, 'sendtype')
  }
  if (core.rank !== root) {
    const buf = notInPlace(sendbuf, where, 'sendbuf', 'only the root may pass it')
    checkBuffer(buf, sendcount, sendtype, core.dataMode, where, 'sendbuf')
    await core.coll.send(buf, sendcount, sendtype, root, TAG_GATHER)
    return
  }
  checkCount(recvcount, where, 'recvcount')
  checkType(recvtype, where, 'recvtype')
  if (!inPlace) checkFits(sendcount, sendtype, recvcount, recvtype, where)
  const block = recvcount * recvtype.extent
  checkBlocks(recvbuf, core.size, inPlace ? root : -1, recvcount, recvtype, (i) => i * block, core.dataMode, where, 'recvbuf')
  const reqs: Request[] = []
  for (let i = 0; i < core.size; i++) {
    if (i !== root) reqs.push(core.coll.irecv(offsetBuffer(recvbuf, i * block), recvcount, recvtype, i, TAG_GATHER))
  }
  if (!isInPlace(sendbuf)) await localCopy(core, sendbuf, sendcount, sendtype, offsetBuffer(recvbuf, root * block), recvcount, recvtype, where)
  await core.coll.waitall(reqs)
}

export function igather(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype, recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
): Request {
  return startNonblocking(core, `igather(root=${String(root)})`, (c) => gather(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const gatherCollective = {
  /** Collects each rank's block at root, in rank order (MPI_Gather). IN_PLACE as sendbuf at the root: the root's block is already at its place in recvbuf. */
  gather: { run: gather, tag: TAG_GATHER, params: ['buf', 'count', 'type', 'buf', 'count', 'type', 'root'], agreedPair: 1 },
  /** MPI_Igather: nonblocking `gather`, run by the progress engine; complete the request with wait or test. */
  igather: { run: igather, tag: null, params: ['buf', 'count', 'type', 'buf', 'count', 'type', 'root'], agreedPair: 1 },
} satisfies CollectiveEntries
