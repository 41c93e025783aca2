// One stencil step on a rank's lattice: every site becomes the scaled sum over the 8 directions
// of the link matrix times the neighbour's su3 vector; neighbours across the boundary come from
// the ghost arrays the halo exchange filled. Allocation-free per site.

import { FLOATS_PER_SITE, type Checkerboard } from './lattice.js'
import { STENCIL_SCALE, accumulateLink } from './links.js'

/** The arrays one step reads and writes, and its scratch space (reused across steps). */
export interface StepBuffers {
  readonly box: Checkerboard
  readonly field: Float32Array
  readonly ghostBoxes: readonly Checkerboard[]
  readonly ghosts: readonly Float32Array[]
  readonly out: Float32Array
  readonly acc: Float64Array
  readonly coord: Int32Array
}

// Indices below are in range by construction (d < 4, coord holds 4, one ghost array and box per
// dimension); asserted, not checked, because this runs 8 times per site per step.
function indexAt(box: Checkerboard, c: Int32Array): number {
  return box.index(c[0]!, c[1]!, c[2]!, c[3]!)
}

export function stencilStep(b: StepBuffers, links: Float64Array): void {
  const [nx, ny, nz, nt] = b.box.dims
  const { acc, coord: c } = b
  for (let t = 0; t < nt; t++) for (let z = 0; z < nz; z++) for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) {
    c[0] = x; c[1] = y; c[2] = z; c[3] = t
    acc.fill(0)
    for (let d = 0; d < 4; d++) {
      const own = c[d]!
      const extent = b.box.dims[d]!
      c[d] = own + 1
      if (own + 1 < extent) accumulateLink(acc, links, 2 * d, b.field, FLOATS_PER_SITE * indexAt(b.box, c))
      else { c[d] = 1; accumulateLink(acc, links, 2 * d, b.ghosts[d]!, FLOATS_PER_SITE * indexAt(b.ghostBoxes[d]!, c)) }
      c[d] = own - 1
      if (own - 1 >= 0) accumulateLink(acc, links, 2 * d + 1, b.field, FLOATS_PER_SITE * indexAt(b.box, c))
      else { c[d] = 0; accumulateLink(acc, links, 2 * d + 1, b.ghosts[d]!, FLOATS_PER_SITE * indexAt(b.ghostBoxes[d]!, c)) }
      c[d] = own
    }
    const at = FLOATS_PER_SITE * b.box.index(x, y, z, t)
    for (let k = 0; k < FLOATS_PER_SITE; k++) b.out[at + k] = acc[k]! * STENCIL_SCALE
  }
}
