// MILC's site layout: a 4-D box of su3 vectors stored as two checkerboard halves (even sites,
// then odd sites), each half in (t, z, y, x) lexicographic order with x fastest. One su3 vector
// is 3 complex64 = 6 float32 = 24 bytes. The same layout holds the local lattice of a rank and
// its ghost arrays (extent 2 in the exchanged dimension), so every face is a regular datatype.

/** Extents in x, y, z, t order. */
export type Dims = readonly [number, number, number, number]

export const DIMS = 4

export function toDims(a: readonly number[]): Dims {
  const [x, y, z, t] = a
  if (a.length !== DIMS || x === undefined || y === undefined || z === undefined || t === undefined) {
    throw new RangeError(`expected 4 extents, got ${a.length}`)
  }
  return [x, y, z, t]
}

/** The extent of dimension `d` (0..3); any other `d` is a caller's bug. */
export function extentOf(dims: Dims, d: number): number {
  const extent = dims[d]
  if (extent === undefined) throw new RangeError(`dimension ${d} is not one of 0..3`)
  return extent
}
export const FLOATS_PER_SITE = 6
export const SU3_BYTES = 24
export const DIM_NAMES = ['x', 'y', 'z', 't'] as const

/** The name of dimension `d` (0..3). */
export function dimName(d: number): (typeof DIM_NAMES)[number] {
  const name = DIM_NAMES[d]
  if (name === undefined) throw new RangeError(`dimension ${d} is not one of 0..3`)
  return name
}

export class Checkerboard {
  /** Sites in the box. */
  readonly sites: number
  readonly halfSites: number
  /** Sites of one parity in one x row. */
  readonly rowHalf: number

  /**
   * `paritySign` is added to the storage coordinates to get the site's parity (0 for a rank's
   * own lattice whose origin is even; 1 for ghost arrays, whose slot 0 sits at coordinate -1).
   */
  constructor(readonly dims: Dims, readonly paritySign: 0 | 1) {
    if (dims[0] % 2 !== 0) throw new RangeError(`checkerboard: x extent must be even, got ${dims[0]}`)
    this.sites = dims[0] * dims[1] * dims[2] * dims[3]
    this.halfSites = this.sites / 2
    this.rowHalf = dims[0] / 2
  }

  parity(x: number, y: number, z: number, t: number): number {
    return (x + y + z + t + this.paritySign) & 1
  }

  /** Site index in the array (multiply by 6 for the first float). */
  index(x: number, y: number, z: number, t: number): number {
    const [, ny, nz] = this.dims
    const half = (x + y + z + t + this.paritySign) & 1
    return half * this.halfSites + ((t * nz + z) * ny + y) * this.rowHalf + (x >> 1)
  }
}
