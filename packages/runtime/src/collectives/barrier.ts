// MPI_Barrier by dissemination (Hensgen, Finkel, Manber): ceil(log2 n) rounds; in round k each
// rank signals rank + 2^k and waits for rank - 2^k. Works for any n.

import { BYTE } from '@spinmpi/ddt'
import type { CommCore } from '../comm/comm-core.js'
import { TAG_BARRIER } from './tags.js'

export async function barrier(core: CommCore): Promise<void> {
  const n = core.size, r = core.rank
  for (let k = 1; k < n; k <<= 1) {
    await core.coll.sendrecv(null, 0, BYTE, (r + k) % n, TAG_BARRIER, null, 0, BYTE, (r - k + n) % n, TAG_BARRIER)
  }
}
