// MPI_IN_PLACE: a send (or, for scatter at the root, receive) buffer argument saying "my data is
// already where the result goes". A unique symbol, so it can never be mistaken for a buffer or
// for null (timing mode).

/** MPI_IN_PLACE: pass as the send buffer (or scatter's receive buffer at the root) when the data is already where the result goes. */
export const IN_PLACE: unique symbol = Symbol.for('spinmpi.IN_PLACE')
/** The type of IN_PLACE. */
export type InPlace = typeof IN_PLACE

export function isInPlace(buf: unknown): buf is InPlace {
  return buf === IN_PLACE
}
