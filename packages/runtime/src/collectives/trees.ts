// Tree shapes of the collective algorithms, over ranks relative to the root
// (vrank = (rank - root) mod size), for any communicator size.

/** vrank of `rank` in a tree rooted at `root`. */
export function relativeRank(rank: number, root: number, size: number): number {
  return (rank - root + size) % size
}

export function absoluteRank(vrank: number, root: number, size: number): number {
  return (vrank + root) % size
}

/** Binomial tree: the parent of vrank v > 0 is v with its lowest set bit cleared; -1 for the root. */
export function binomialParent(v: number): number {
  return v === 0 ? -1 : v & (v - 1)
}

/**
 * Binomial tree children of vrank v, largest subtree first (the order a forwarding node sends
 * in, so the deepest subtree starts earliest): v + m for each power of two m below v's lowest
 * set bit (below size for the root) with v + m < size.
 */
export function binomialChildren(v: number, size: number): number[] {
  const out: number[] = []
  const low = v === 0 ? highestPowerOfTwoAtLeast(size) : v & -v
  for (let m = low >> 1; m >= 1; m >>= 1) if (v + m < size) out.push(v + m)
  return out
}

/** Binary tree (heap order, Myrinet's NICVM module): children 2v+1 and 2v+2 below size. */
export function binaryChildren(v: number, size: number): number[] {
  const out: number[] = []
  if (2 * v + 1 < size) out.push(2 * v + 1)
  if (2 * v + 2 < size) out.push(2 * v + 2)
  return out
}

export function binaryParent(v: number): number {
  return v === 0 ? -1 : (v - 1) >> 1
}

/** Smallest power of two >= n (1 for n <= 1). */
export function highestPowerOfTwoAtLeast(n: number): number {
  let p = 1
  while (p < n) p <<= 1
  return p
}

/** Largest power of two <= n (n >= 1). */
export function powerOfTwoFloor(n: number): number {
  let p = 1
  while (p * 2 <= n) p <<= 1
  return p
}
