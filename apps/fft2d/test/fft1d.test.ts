import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fftFlops, fftPlan, maxRelativeError } from '../src/index.js'

/** Direct O(n^2) DFT, the definition. */
function dft(x: Float64Array): Float64Array {
  const n = x.length / 2
  const out = new Float64Array(2 * n)
  for (let k = 0; k < n; k++) {
    for (let j = 0; j < n; j++) {
      const a = (-2 * Math.PI * ((j * k) % n)) / n
      out[2 * k] += x[2 * j]! * Math.cos(a) - x[2 * j + 1]! * Math.sin(a)
      out[2 * k + 1] += x[2 * j]! * Math.sin(a) + x[2 * j + 1]! * Math.cos(a)
    }
  }
  return out
}

describe('1-D FFT', () => {
  it('transforms a unit impulse into all ones and a constant into an impulse (n = 8)', () => {
    const x = new Float64Array(16)
    x[0] = 1
    fftPlan(8).forward(x, 0)
    for (let k = 0; k < 8; k++) expect([x[2 * k], x[2 * k + 1]]).toEqual([1, 0])
    const c = new Float64Array(16).fill(0)
    for (let j = 0; j < 8; j++) c[2 * j] = 1
    fftPlan(8).forward(c, 0)
    expect(c[0]).toBeCloseTo(8, 12)
    for (let k = 1; k < 8; k++) expect(Math.hypot(c[2 * k]!, c[2 * k + 1]!)).toBeLessThan(1e-12)
  })

  it('gives X[1] = n at e^{2 pi i j/n} input (a pure tone lands in one bin), Bluestein n = 5', () => {
    const n = 5
    const x = new Float64Array(2 * n)
    for (let j = 0; j < n; j++) { x[2 * j] = Math.cos((2 * Math.PI * j) / n); x[2 * j + 1] = Math.sin((2 * Math.PI * j) / n) }
    fftPlan(n).forward(x, 0)
    expect(x[2]).toBeCloseTo(5, 12)
    expect(x[3]).toBeCloseTo(0, 12)
    expect(Math.hypot(x[0]!, x[1]!)).toBeLessThan(1e-12)
  })

  it('matches the direct DFT for radix-2 and Bluestein lengths, at an offset inside a larger array', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 48 }), fc.integer({ min: 0, max: 3 }), fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 2 * 51, maxLength: 2 * 51 }),
      (n, offset, values) => {
        const data = Float64Array.from(values)
        const x = data.slice(2 * offset, 2 * (offset + n))
        fftPlan(n).forward(data, offset)
        const want = dft(x)
        const got = data.slice(2 * offset, 2 * (offset + n))
        expect(maxRelativeError(got, want)).toBeLessThan(1e-12)
        // Elements outside the row are untouched.
        expect(data.slice(0, 2 * offset)).toEqual(Float64Array.from(values.slice(0, 2 * offset)))
      },
    ), { numRuns: 60, seed: 7 })
  })

  it('counts 5 n log2 n flops per transform', () => {
    expect(fftFlops(1024)).toBe(51200)
    expect(fftFlops(1)).toBe(0)
    expect(fftFlops(20480)).toBeCloseTo(5 * 20480 * (12 + Math.log2(5)), 6)
  })

  it('rejects a non-positive length', () => {
    expect(() => fftPlan(0)).toThrow(/positive integer/)
  })
})
