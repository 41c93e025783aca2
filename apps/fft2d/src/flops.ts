// The flop model of the compute phases (the usual FFT operation count): a 1-D complex FFT of
// length n costs 5 n log2 n floating-point operations, whatever algorithm the data mode used.

/** Flops of one 1-D FFT of length n. */
export function fftFlops(n: number): number {
  return n <= 1 ? 0 : 5 * n * Math.log2(n)
}

/** Flops of one row-FFT phase on a rank that owns `rows` rows of length n. */
export function rowPhaseFlops(rows: number, n: number): number {
  return rows * fftFlops(n)
}
