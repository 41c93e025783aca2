// The fixed link matrices of the stencil: one unitary 3x3 complex matrix per direction, a
// 3-point DFT matrix with a direction-dependent phase on each row (so every direction differs),
// stored as 18 float64 (row-major, re/im interleaved).

export const DIRECTIONS = 8
export const LINK_FLOATS = 18

/** Direction index: 2·d for +d, 2·d + 1 for -d (d = 0..3 for x, y, z, t). */
export function directionOf(d: number, step: 1 | -1): number {
  return 2 * d + (step === 1 ? 0 : 1)
}

export function linkMatrices(): Float64Array {
  const out = new Float64Array(DIRECTIONS * LINK_FLOATS)
  const norm = 1 / Math.sqrt(3)
  for (let dir = 0; dir < DIRECTIONS; dir++) {
    for (let i = 0; i < 3; i++) {
      const rowPhase = (Math.PI * (dir + 1) * (i + 1)) / 11
      for (let j = 0; j < 3; j++) {
        const angle = rowPhase + (2 * Math.PI * i * j) / 3
        const at = dir * LINK_FLOATS + (i * 3 + j) * 2
        out[at] = norm * Math.cos(angle)
        out[at + 1] = norm * Math.sin(angle)
      }
    }
  }
  return out
}

/**
 * acc += U · v, with U the link of `dir` and v the su3 vector at float `at` of `field`. The
 * distributed code and the sequential reference both use this function, in the same direction
 * order, so their float64 sums are the same operations and their results equal bit for bit.
 */
export function accumulateLink(acc: Float64Array, links: Float64Array, dir: number, field: Float32Array, at: number): void {
  // In range by construction: `at` is a site's first float (site < sites), `dir` < 8 and acc
  // holds 6; asserted rather than checked because this runs 8 times per site per step.
  const u = dir * LINK_FLOATS
  const v0r = field[at]!, v0i = field[at + 1]!, v1r = field[at + 2]!, v1i = field[at + 3]!, v2r = field[at + 4]!, v2i = field[at + 5]!
  for (let i = 0; i < 3; i++) {
    const r = u + i * 6
    const m0r = links[r]!, m0i = links[r + 1]!, m1r = links[r + 2]!, m1i = links[r + 3]!, m2r = links[r + 4]!, m2i = links[r + 5]!
    acc[2 * i] = acc[2 * i]! + (m0r * v0r - m0i * v0i + m1r * v1r - m1i * v1i + m2r * v2r - m2i * v2i)
    acc[2 * i + 1] = acc[2 * i + 1]! + (m0r * v0i + m0i * v0r + m1r * v1i + m1i * v1r + m2r * v2i + m2i * v2r)
  }
}

/** Floating-point operations of one site update: 8 complex 3x3 mat-vecs (66 each), the adds
 * into the accumulator (8 × 6) and the final scaling (6). */
export const FLOPS_PER_SITE = DIRECTIONS * 66 + DIRECTIONS * 6 + 6

/** The update's scale: the mean of the 8 neighbour terms keeps the field bounded (unitary links). */
export const STENCIL_SCALE = 1 / DIRECTIONS
