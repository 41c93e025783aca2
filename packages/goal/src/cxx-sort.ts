// LogGOPSim orders the operations that become ready together with C++ `std::sort` keyed on the
// operation type only. That sort is not stable, so ties (many sends ready at once) come out in
// the order GCC's introsort leaves them, and that order decides which send leaves first. To give
// the same times we reproduce libstdc++'s algorithm step for step (introsort with a median-of-3
// pivot, a heapsort fallback at the depth limit, and a final insertion sort over 16-runs).

/** Elements are indices; `key[element]` is what they are compared by (strict less-than). */
export function cxxSortByKey(a: Int32Array, first: number, last: number, key: Uint8Array): void {
  if (last - first < 2) return
  introsortLoop(a, first, last, 2 * floorLog2(last - first), key)
  finalInsertionSort(a, first, last, key)
}

const THRESHOLD = 16

function floorLog2(n: number): number {
  return 31 - Math.clz32(n)
}

function less(a: Int32Array, i: number, j: number, key: Uint8Array): boolean {
  return key[a[i]!]! < key[a[j]!]!
}

function swap(a: Int32Array, i: number, j: number): void {
  const t = a[i]!
  a[i] = a[j]!
  a[j] = t
}

function introsortLoop(a: Int32Array, first: number, last: number, depth: number, key: Uint8Array): void {
  while (last - first > THRESHOLD) {
    if (depth === 0) {
      cxxHeapSortByKey(a, first, last, key)
      return
    }
    depth--
    const cut = partitionPivot(a, first, last, key)
    introsortLoop(a, cut, last, depth, key)
    last = cut
  }
}

function partitionPivot(a: Int32Array, first: number, last: number, key: Uint8Array): number {
  const mid = first + ((last - first) >> 1)
  moveMedianToFirst(a, first, first + 1, mid, last - 1, key)
  return unguardedPartition(a, first + 1, last, first, key)
}

function moveMedianToFirst(a: Int32Array, result: number, x: number, y: number, z: number, key: Uint8Array): void {
  if (less(a, x, y, key)) {
    if (less(a, y, z, key)) swap(a, result, y)
    else if (less(a, x, z, key)) swap(a, result, z)
    else swap(a, result, x)
  } else if (less(a, x, z, key)) swap(a, result, x)
  else if (less(a, y, z, key)) swap(a, result, z)
  else swap(a, result, y)
}

function unguardedPartition(a: Int32Array, first: number, last: number, pivot: number, key: Uint8Array): number {
  for (;;) {
    while (less(a, first, pivot, key)) first++
    last--
    while (less(a, pivot, last, key)) last--
    if (!(first < last)) return first
    swap(a, first, last)
    first++
  }
}

function finalInsertionSort(a: Int32Array, first: number, last: number, key: Uint8Array): void {
  if (last - first > THRESHOLD) {
    insertionSort(a, first, first + THRESHOLD, key)
    for (let i = first + THRESHOLD; i < last; i++) unguardedLinearInsert(a, i, key)
  } else {
    insertionSort(a, first, last, key)
  }
}

function insertionSort(a: Int32Array, first: number, last: number, key: Uint8Array): void {
  for (let i = first + 1; i < last; i++) {
    if (less(a, i, first, key)) {
      const v = a[i]!
      a.copyWithin(first + 1, first, i)
      a[first] = v
    } else {
      unguardedLinearInsert(a, i, key)
    }
  }
}

function unguardedLinearInsert(a: Int32Array, last: number, key: Uint8Array): void {
  const v = a[last]!
  const kv = key[v]!
  let next = last - 1
  while (kv < key[a[next]!]!) {
    a[last] = a[next]!
    last = next
    next--
  }
  a[last] = v
}

// Heapsort fallback: make_heap followed by sort_heap, as libstdc++'s __partial_sort does when
// the middle is the end.
export function cxxHeapSortByKey(a: Int32Array, first: number, last: number, key: Uint8Array): void {
  const len = last - first
  if (len >= 2) {
    for (let parent = (len - 2) >> 1; ; parent--) {
      adjustHeap(a, first, parent, len, a[first + parent]!, key)
      if (parent === 0) break
    }
  }
  while (last - first > 1) {
    last--
    const v = a[last]!
    a[last] = a[first]!
    adjustHeap(a, first, 0, last - first, v, key)
  }
}

function adjustHeap(a: Int32Array, first: number, hole: number, len: number, value: number, key: Uint8Array): void {
  const top = hole
  let child = hole
  while (child < (len - 1) >> 1) {
    child = 2 * (child + 1)
    if (less(a, first + child, first + child - 1, key)) child--
    a[first + hole] = a[first + child]!
    hole = child
  }
  if ((len & 1) === 0 && child === (len - 2) >> 1) {
    child = 2 * (child + 1)
    a[first + hole] = a[first + child - 1]!
    hole = child - 1
  }
  // push_heap back up towards `top`
  const kv = key[value]!
  let parent = (hole - 1) >> 1
  while (hole > top && key[a[first + parent]!]! < kv) {
    a[first + hole] = a[first + parent]!
    hole = parent
    parent = (hole - 1) >> 1
  }
  a[first + hole] = value
}
