// The sequential reference: the same stencil on the whole periodic lattice, stored
// lexicographically (x fastest), with the same link matrices and the same direction order.

import { FLOATS_PER_SITE, type Dims } from './lattice.js'
import { STENCIL_SCALE, accumulateLink, linkMatrices } from './links.js'
import { initialValue } from './init.js'

export function globalIndex(dims: Dims, x: number, y: number, z: number, t: number): number {
  return ((t * dims[2] + z) * dims[1] + y) * dims[0] + x
}

export function initialGlobalField(dims: Dims, seed: number): Float32Array {
  const sites = dims[0] * dims[1] * dims[2] * dims[3]
  const field = new Float32Array(sites * FLOATS_PER_SITE)
  for (let s = 0; s < sites; s++) for (let k = 0; k < FLOATS_PER_SITE; k++) field[s * FLOATS_PER_SITE + k] = initialValue(seed, s, k)
  return field
}

/** The field after `steps` stencil steps from the seeded initial field. */
export function referenceField(dims: Dims, seed: number, steps: number): Float32Array {
  const links = linkMatrices()
  let field: Float32Array = initialGlobalField(dims, seed)
  let out: Float32Array = new Float32Array(field.length)
  const acc = new Float64Array(FLOATS_PER_SITE)
  // c holds 4 coordinates and d < 4 below: the asserted reads are in range by construction
  const c = [0, 0, 0, 0]
  for (let step = 0; step < steps; step++) {
    for (let t = 0; t < dims[3]; t++) for (let z = 0; z < dims[2]; z++) for (let y = 0; y < dims[1]; y++) for (let x = 0; x < dims[0]; x++) {
      acc.fill(0)
      c[0] = x; c[1] = y; c[2] = z; c[3] = t
      for (let d = 0; d < 4; d++) {
        const own = c[d]!
        const extent = dims[d]!
        c[d] = (own + 1) % extent
        accumulateLink(acc, links, 2 * d, field, FLOATS_PER_SITE * globalIndex(dims, c[0]!, c[1]!, c[2]!, c[3]!))
        c[d] = (own - 1 + extent) % extent
        accumulateLink(acc, links, 2 * d + 1, field, FLOATS_PER_SITE * globalIndex(dims, c[0]!, c[1]!, c[2]!, c[3]!))
        c[d] = own
      }
      const at = FLOATS_PER_SITE * globalIndex(dims, x, y, z, t)
      for (let k = 0; k < FLOATS_PER_SITE; k++) out[at + k] = acc[k]! * STENCIL_SCALE
    }
    const done = out
    out = field
    field = done
  }
  return field
}
