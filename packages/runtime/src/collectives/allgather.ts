// MPI_Allgather by the ring algorithm: copy the own block in place, then n - 1 steps in which
// each rank passes the block it received last to its right neighbour. Works for any n. With
// sendbuf IN_PLACE each rank's block is already in recvbuf.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'
import { checkCount, checkFits, checkType } from './args.js'
import { isInPlace } from './in-place-args.js'
import { checkBlocks } from './buffer-checks.js'
import { localCopy, offsetBuffer } from './local.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_ALLGATHER = 7

export async function allgather(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcount: number, recvtype: Datatype,
): Promise<void> {
  const where = 'allgather'
  checkCount(recvcount, where, 'recvcount')
  checkType(recvtype, where, 'recvtype')
  if (!isInPlace(sendbuf)) {
    checkCount(sendcount, where, 'sendcount')
    checkType(sendtype, where, 'sendtype')
    checkFits(sendcount, sendtype, recvcount, recvtype, where)
  }
  const n = core.size, r = core.rank
  const block = recvcount * recvtype.extent
  checkBlocks(recvbuf, n, -1, recvcount, recvtype, (i) => i * block, core.dataMode, where, 'recvbuf')
  if (!isInPlace(sendbuf)) await localCopy(core, sendbuf, sendcount, sendtype, offsetBuffer(recvbuf, r * block), recvcount, recvtype, where)
  const right = (r + 1) % n, left = (r - 1 + n) % n
  for (let s = 0; s < n - 1; s++) {
    const out = (r - s + n) % n
    const inn = (r - s - 1 + n) % n
    await core.coll.sendrecv(
      offsetBuffer(recvbuf, out * block), recvcount, recvtype, right, TAG_ALLGATHER,
      offsetBuffer(recvbuf, inn * block), recvcount, recvtype, left, TAG_ALLGATHER,
    )
  }
}

export function iallgather(
  core: CommCore, sendbuf: BufferOrInPlace, sendcount: number, sendtype: Datatype, recvbuf: Buffer, recvcount: number, recvtype: Datatype,
): Request {
  return startNonblocking(core, 'iallgather()', (c) => allgather(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const allgatherCollective = {
  /** Collects each rank's block on every rank (MPI_Allgather). IN_PLACE as sendbuf (every rank): each rank's block is already at its place in recvbuf. */
  allgather: { run: allgather, tag: TAG_ALLGATHER, params: ['buf', 'count', 'type', 'buf', 'count', 'type'], agreedPair: 1 },
  /** MPI_Iallgather: nonblocking `allgather`, run by the progress engine; complete the request with wait or test. */
  iallgather: { run: iallgather, tag: null, params: ['buf', 'count', 'type', 'buf', 'count', 'type'], agreedPair: 1 },
} satisfies CollectiveEntries
