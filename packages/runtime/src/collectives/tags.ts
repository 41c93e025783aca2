// Tags of the collectives on the hidden collective context. Every rank calls collectives in the
// same order and point-to-point does not overtake, so one tag per operation keeps them apart.
export const TAG_BARRIER = 1
export const TAG_BCAST = 2
export const TAG_REDUCE = 3
export const TAG_ALLREDUCE = 4
export const TAG_GATHER = 5
export const TAG_SCATTER = 6
export const TAG_ALLGATHER = 7
export const TAG_ALLTOALL = 8
export const TAG_GATHERV = 9
export const TAG_SCATTERV = 10
export const TAG_ALLGATHERV = 11
export const TAG_SCAN = 12
export const TAG_EXSCAN = 13
export const TAG_REDUCE_SCATTER = 14
/** Tags above stay below this, so each nonblocking collective can shift them into its own range. */
export const TAGS_PER_COLLECTIVE = 16
