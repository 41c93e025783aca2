// The seeded input: element (i, j) of the n x n matrix is a pure function of (seed, i, j), so
// every rank builds its rows alone and the reference builds the same whole matrix.

/** 32-bit integer mix (splitmix32-style finalizer); deterministic on every machine. */
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d)
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b)
  return (x ^ (x >>> 16)) >>> 0
}

/** A value in [-1, 1) from (seed, index, part). */
function valueAt(seed: number, index: number, part: number): number {
  const h = mix(mix(mix(seed | 0) ^ index) ^ part)
  return h / 2147483648 - 1
}

/** Rows [firstRow, firstRow + rows) of the matrix, interleaved (re, im). */
export function inputRows(n: number, firstRow: number, rows: number, seed: number): Float64Array {
  const out = new Float64Array(2 * rows * n)
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < n; c++) {
      const index = (firstRow + r) * n + c
      out[2 * (r * n + c)] = valueAt(seed, index, 0)
      out[2 * (r * n + c) + 1] = valueAt(seed, index, 1)
    }
  }
  return out
}
