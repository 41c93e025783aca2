// Removing or inserting one element in the middle of a short list on a per-message path: splice
// would allocate its result array (even an empty one), and setting length to 0 would drop the
// backing store.

/** Removes list[i], keeping the order of the rest. */
export function removeAt<T>(list: T[], i: number): void {
  // shift moves the rest in one go (or trims a long array's front in place): no allocation either
  if (i === 0) {
    list.shift()
    return
  }
  const last = list.length - 1
  for (let k = i; k < last; k++) list[k] = list[k + 1]!
  list.pop()
}

/** Inserts `item` at index i (0 <= i <= length), shifting the rest up by one. */
export function insertAt<T>(list: T[], i: number, item: T): void {
  let k = list.length
  list.push(item)
  for (; k > i; k--) list[k] = list[k - 1]!
  list[i] = item
}
