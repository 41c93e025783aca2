// Growing typed arrays for the GOAL recorder: a recorder appends millions of entries, so it keeps
// them in typed arrays (no object per entry) and doubles one when it is full, which makes an
// append O(1) amortized and keeps the memory per entry at the element size (at most 2x).

type Typed = Uint8Array | Int32Array | Float64Array

/** `a` when it has room for index `n`, else a copy twice as long (or longer). */
export function room<T extends Typed>(a: T, n: number): T {
  if (n < a.length) return a
  const bigger = new (a.constructor as new (length: number) => T)(Math.max(2 * a.length, n + 1, 16))
  bigger.set(a)
  return bigger
}
