// MPI_Gather: every rank sends its block to the root, which receives block i at
// i · recvcount · extent(recvtype) of its buffer (its own block by a local copy, none when the
// root's sendbuf is IN_PLACE).

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, BufferOrInPlace, Request } from '../comm/comm-api.js'
import type { CommCore } from '../comm/comm-core.js'
import { checkCount, checkFits, checkRoot, checkType } from './args.js'
import { isInPlace, notInPlace } from './in-place-args.js'
import { localCopy, offsetBuffer } from './local.js'
import { TAG_GATHER } from './tags.js'

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
    await core.coll.send(notInPlace(sendbuf, where, 'sendbuf', 'only the root may pass it'), sendcount, sendtype, root, TAG_GATHER)
    return
  }
  checkCount(recvcount, where, 'recvcount')
  checkType(recvtype, where, 'recvtype')
  if (!inPlace) checkFits(sendcount * sendtype.size, recvcount * recvtype.size, where)
  const block = recvcount * recvtype.extent
  const reqs: Request[] = []
  for (let i = 0; i < core.size; i++) {
    if (i !== root) reqs.push(core.coll.irecv(offsetBuffer(recvbuf, i * block), recvcount, recvtype, i, TAG_GATHER))
  }
  if (!isInPlace(sendbuf)) await localCopy(core, sendbuf, sendcount, sendtype, offsetBuffer(recvbuf, root * block), recvcount, recvtype, where)
  await core.coll.waitall(reqs)
}
