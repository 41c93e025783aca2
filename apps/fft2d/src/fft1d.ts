// In-place 1-D complex FFT of interleaved (re, im) float64 data: iterative radix-2 for powers of
// two, Bluestein's chirp-z (three power-of-two FFTs) for any other length. A plan holds the
// twiddles and scratch so transforming many rows allocates nothing per row.

export interface FftPlan {
  readonly n: number
  /** Transforms `length` complex numbers starting at complex index `offset` of `data`, in place. */
  forward(data: Float64Array, offset: number): void
}

const isPowerOfTwo = (n: number): boolean => n > 0 && (n & (n - 1)) === 0

/** A forward FFT plan (sign -1: X[k] = sum_j x[j] e^{-2 pi i jk/n}) for length n >= 1. */
export function fftPlan(n: number): FftPlan {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`fft length must be a positive integer, got ${n}`)
  return isPowerOfTwo(n) ? radix2Plan(n) : bluesteinPlan(n)
}

function radix2Plan(n: number): FftPlan {
  const bits = Math.round(Math.log2(n))
  const rev = new Uint32Array(n)
  for (let i = 1; i < n; i++) rev[i] = (rev[i >> 1]! >> 1) | ((i & 1) << (bits - 1))
  // cos/sin of 2 pi k / n for k < n/2, computed directly (no recurrence drift).
  const half = n >> 1
  const cos = new Float64Array(half)
  const sin = new Float64Array(half)
  for (let k = 0; k < half; k++) {
    cos[k] = Math.cos((2 * Math.PI * k) / n)
    sin[k] = -Math.sin((2 * Math.PI * k) / n)
  }
  return {
    n,
    forward(d: Float64Array, offset: number): void {
      const base = 2 * offset
      for (let i = 0; i < n; i++) {
        const j = rev[i]!
        if (j > i) {
          const a = base + 2 * i, b = base + 2 * j
          const re = d[a]!, im = d[a + 1]!
          d[a] = d[b]!; d[a + 1] = d[b + 1]!
          d[b] = re; d[b + 1] = im
        }
      }
      for (let size = 2; size <= n; size <<= 1) {
        const halfSize = size >> 1
        const step = n / size
        for (let start = 0; start < n; start += size) {
          for (let k = 0; k < halfSize; k++) {
            const wr = cos[k * step]!, wi = sin[k * step]!
            const a = base + 2 * (start + k), b = a + 2 * halfSize
            const xr = d[b]! * wr - d[b + 1]! * wi
            const xi = d[b]! * wi + d[b + 1]! * wr
            d[b] = d[a]! - xr; d[b + 1] = d[a + 1]! - xi
            d[a] = d[a]! + xr; d[a + 1] = d[a + 1]! + xi
          }
        }
      }
    },
  }
}

// Bluestein: jk = (j^2 + k^2 - (k-j)^2)/2 turns the DFT into a convolution with the chirp
// w[j] = e^{i pi j^2/n}, done with power-of-two FFTs of length m >= 2n - 1.
function bluesteinPlan(n: number): FftPlan {
  let m = 1
  while (m < 2 * n - 1) m <<= 1
  const inner = radix2Plan(m)
  const chirpRe = new Float64Array(n)
  const chirpIm = new Float64Array(n)
  for (let j = 0; j < n; j++) {
    // j^2 mod 2n keeps the angle small and exact for large j.
    const angle = (Math.PI * ((j * j) % (2 * n))) / n
    chirpRe[j] = Math.cos(angle)
    chirpIm[j] = Math.sin(angle)
  }
  // FFT of the conjugate-free kernel b[j] = chirp[j], b[m - j] = chirp[j].
  const kernel = new Float64Array(2 * m)
  for (let j = 0; j < n; j++) {
    kernel[2 * j] = chirpRe[j]!; kernel[2 * j + 1] = chirpIm[j]!
    if (j > 0) { kernel[2 * (m - j)] = chirpRe[j]!; kernel[2 * (m - j) + 1] = chirpIm[j]! }
  }
  inner.forward(kernel, 0)
  const work = new Float64Array(2 * m)
  return {
    n,
    forward(d: Float64Array, offset: number): void {
      const base = 2 * offset
      work.fill(0)
      // a[j] = x[j] * conj(chirp[j])
      for (let j = 0; j < n; j++) {
        const xr = d[base + 2 * j]!, xi = d[base + 2 * j + 1]!
        const cr = chirpRe[j]!, ci = chirpIm[j]!
        work[2 * j] = xr * cr + xi * ci
        work[2 * j + 1] = xi * cr - xr * ci
      }
      inner.forward(work, 0)
      for (let k = 0; k < m; k++) {
        const ar = work[2 * k]!, ai = work[2 * k + 1]!
        const br = kernel[2 * k]!, bi = kernel[2 * k + 1]!
        // multiply and conjugate, so the next forward FFT acts as an inverse (up to 1/m)
        work[2 * k] = ar * br - ai * bi
        work[2 * k + 1] = -(ar * bi + ai * br)
      }
      inner.forward(work, 0)
      for (let k = 0; k < n; k++) {
        const cr = work[2 * k]! / m, ci = -work[2 * k + 1]! / m
        const wr = chirpRe[k]!, wi = chirpIm[k]!
        d[base + 2 * k] = cr * wr + ci * wi
        d[base + 2 * k + 1] = ci * wr - cr * wi
      }
    },
  }
}
