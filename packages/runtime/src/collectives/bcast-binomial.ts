// Host broadcast down a binomial tree over point-to-point (MPICH's short-message algorithm):
// receive from the parent, then send to the children, largest subtree first.

import type { Datatype } from '@spinmpi/ddt'
import type { Buffer, Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import { absoluteRank, binomialChildren, binomialParent, relativeRank } from './trees.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
export const TAG_BCAST = 2

export async function bcastBinomial(core: CommCore, buf: Buffer, count: number, type: Datatype, root: number): Promise<void> {
  const n = core.size
  const v = relativeRank(core.rank, root, n)
  if (v !== 0) await core.coll.recv(buf, count, type, absoluteRank(binomialParent(v), root, n), TAG_BCAST)
  const sends: Request[] = []
  for (const c of binomialChildren(v, n)) sends.push(core.coll.isend(buf, count, type, absoluteRank(c, root, n), TAG_BCAST))
  if (sends.length > 0) await core.coll.waitall(sends)
}
