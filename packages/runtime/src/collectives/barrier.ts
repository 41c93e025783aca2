// MPI_Barrier by dissemination (Hensgen, Finkel, Manber): ceil(log2 n) rounds; in round k each
// rank signals rank + 2^k and waits for rank - 2^k. Works for any n.

import { BYTE } from '@spinmpi/ddt'
import type { Request } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import type { CollectiveEntries } from './collective.js'
import { startNonblocking } from './nonblocking.js'

/** Tag of its messages on the hidden collective context (see tags.ts). */
const TAG_BARRIER = 1

export async function barrier(core: CommCore): Promise<void> {
  const n = core.size, r = core.rank
  for (let k = 1; k < n; k <<= 1) {
    await core.coll.sendrecv(null, 0, BYTE, (r + k) % n, TAG_BARRIER, null, 0, BYTE, (r - k + n) % n, TAG_BARRIER)
  }
}

export function ibarrier(core: CommCore): Request {
  return startNonblocking(core, 'ibarrier()', (c) => barrier(c))
}

/** The record the registry lists (collectives/registry.ts): methods with their docs, tags and parameter names. */
export const barrierCollective = {
  /** Returns when every rank has entered it (MPI_Barrier). */
  barrier: { run: barrier, tag: TAG_BARRIER, params: [] },
  /** MPI_Ibarrier: nonblocking `barrier`, run by the progress engine; complete the request with wait or test. */
  ibarrier: { run: ibarrier, tag: null, params: [] },
} satisfies CollectiveEntries
