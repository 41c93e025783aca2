// MPI_Gather: every rank sends its block to the root, which receives block i at
// i · recvcount · extent(recvtype) of its buffer (its own block by a local copy).

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, Request } from '../comm/comm-api.js'
import type { CommCore } from '../comm/comm-core.js'
import { checkCount, checkFits, checkRoot, checkType } from './args.js'
import { localCopy, offsetBuffer } from './local.js'
import { TAG_GATHER } from './tags.js'

export async function gather(
  core: CommCore, sendbuf: Buffer, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcount: number, recvtype: Datatype, root: number,
): Promise<void> {
  const where = `gather(root=${String(root)})`
  checkRoot(root, core.size, where)
  checkCount(sendcount, where, 'sendcount')
  checkType(sendtype, where, 'sendtype')
  if (core.rank !== root) {
    await core.coll.send(sendbuf, sendcount, sendtype, root, TAG_GATHER)
    return
  }
  checkCount(recvcount, where, 'recvcount')
  checkType(recvtype, where, 'recvtype')
  checkFits(sendcount * sendtype.size, recvcount * recvtype.size, where)
  const block = recvcount * recvtype.extent
  const reqs: Request[] = []
  for (let i = 0; i < core.size; i++) {
    if (i !== root) reqs.push(core.coll.irecv(offsetBuffer(recvbuf, i * block), recvcount, recvtype, i, TAG_GATHER))
  }
  await localCopy(core, sendbuf, sendcount, sendtype, offsetBuffer(recvbuf, root * block), recvcount, recvtype, where)
  await core.coll.waitall(reqs)
}
