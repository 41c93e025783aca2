// Sequential references for verification: a direct 2-D DFT (separable, O(n^3), no FFT) for small
// n and a sequential row-column FFT of the whole matrix for larger n; plus the error measure.

import { fftPlan } from './fft1d.js'

/** Above this n the direct DFT is too slow and the sequential FFT is the reference. */
export const DIRECT_DFT_MAX_N = 256

export type ReferenceKind = 'direct-dft' | 'sequential-fft'

export function referenceKind(n: number): ReferenceKind {
  return n <= DIRECT_DFT_MAX_N ? 'direct-dft' : 'sequential-fft'
}

/** The 2-D forward transform of an n x n interleaved matrix (a new array). */
export function reference2d(matrix: Float64Array, n: number): Float64Array {
  const out = matrix.slice()
  const line = new Float64Array(2 * n)
  const transformLine = referenceKind(n) === 'direct-dft' ? directDft(n) : sequentialFft(n)
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < 2 * n; c++) line[c] = out[2 * r * n + c]!
    transformLine(line)
    for (let c = 0; c < 2 * n; c++) out[2 * r * n + c] = line[c]!
  }
  for (let c = 0; c < n; c++) {
    for (let r = 0; r < n; r++) { line[2 * r] = out[2 * (r * n + c)]!; line[2 * r + 1] = out[2 * (r * n + c) + 1]! }
    transformLine(line)
    for (let r = 0; r < n; r++) { out[2 * (r * n + c)] = line[2 * r]!; out[2 * (r * n + c) + 1] = line[2 * r + 1]! }
  }
  return out
}

function sequentialFft(n: number): (line: Float64Array) => void {
  const plan = fftPlan(n)
  return (line) => plan.forward(line, 0)
}

function directDft(n: number): (line: Float64Array) => void {
  const cos = new Float64Array(n)
  const sin = new Float64Array(n)
  for (let k = 0; k < n; k++) { cos[k] = Math.cos((2 * Math.PI * k) / n); sin[k] = -Math.sin((2 * Math.PI * k) / n) }
  const result = new Float64Array(2 * n)
  return (line) => {
    for (let k = 0; k < n; k++) {
      let re = 0, im = 0
      for (let j = 0; j < n; j++) {
        const w = (j * k) % n
        const xr = line[2 * j]!, xi = line[2 * j + 1]!
        re += xr * cos[w]! - xi * sin[w]!
        im += xr * sin[w]! + xi * cos[w]!
      }
      result[2 * k] = re; result[2 * k + 1] = im
    }
    line.set(result)
  }
}

/** max |a - b| / max |b| over complex elements (0 when both are zero). */
export function maxRelativeError(a: Float64Array, b: Float64Array): number {
  let diff = 0, scale = 0
  for (let i = 0; i < b.length; i += 2) {
    diff = Math.max(diff, Math.hypot(a[i]! - b[i]!, a[i + 1]! - b[i + 1]!))
    scale = Math.max(scale, Math.hypot(b[i]!, b[i + 1]!))
  }
  return scale === 0 ? diff : diff / scale
}
