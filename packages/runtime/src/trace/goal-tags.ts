// GOAL tags of recorded messages. The runtime matches on (context, source, tag); GOAL matches on
// (source, tag) only, so each matching context gets its own band of tags and user traffic can
// never match collective traffic in the exported schedule.

import { TAG_UB } from '../comm/mpi-constants.js'

/** Width of one context's band: every valid MPI tag (0..TAG_UB) fits. */
const BAND = TAG_UB + 1

/** Band of the messages of the offloaded (NIC-forwarded) broadcasts, after the 256 matching contexts. */
export const NIC_BCAST_CONTEXT = 256

/** GOAL tag of an MPI tag on a context; the wildcard (-1) stays a wildcard. */
export function goalTag(context: number, tag: number): number {
  return tag < 0 ? -1 : context * BAND + tag
}
