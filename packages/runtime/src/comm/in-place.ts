// MPI_IN_PLACE: a send (or, for scatter at the root, receive) buffer argument saying "my data is
// already where the result goes". A unique symbol, so it can never be mistaken for a buffer or
// for null (timing mode).

export const IN_PLACE: unique symbol = Symbol.for('spinmpi.IN_PLACE')
export type InPlace = typeof IN_PLACE

export function isInPlace(buf: unknown): buf is InPlace {
  return buf === IN_PLACE
}
