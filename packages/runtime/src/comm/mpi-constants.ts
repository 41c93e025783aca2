// MPI's wildcards and special values, in a file that imports nothing, so that any module (group.ts,
// the communicator API, collectives) can use them without an import cycle. comm-api.ts re-exports them.

/** Receive from any source (MPI_ANY_SOURCE). */
export const ANY_SOURCE = -1
/** Receive a message with any tag (MPI_ANY_TAG). */
export const ANY_TAG = -1
/** MPI_UNDEFINED: e.g. a count that is not a whole number of elements. */
export const UNDEFINED = -32766
/** MPI_PROC_NULL: a send or receive with this peer completes at once and moves no data. */
export const PROC_NULL = -2
/** The largest valid tag (MPI_TAG_UB). */
export const TAG_UB = (1 << 22) - 1
/** MPI_COMM_NULL: what split/create/createCart return at a process outside the new communicator. */
export const COMM_NULL = null
