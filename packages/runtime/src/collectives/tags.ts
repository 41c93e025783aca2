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
