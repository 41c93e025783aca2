// Removing one element from the middle of a short list on a per-message path: splice would
// allocate its result array, and setting length to 0 would drop the backing store.

/** Removes list[i], keeping the order of the rest. */
export function removeAt<T>(list: T[], i: number): void {
  const last = list.length - 1
  for (let k = i; k < last; k++) list[k] = list[k + 1]!
  list.pop()
}
