// The halo datatypes, built once per run and committed: for each dimension, the two boundary
// planes of a rank's lattice (what it sends) and the two slots of its ghost array (where it
// receives). Typemap order is the even half then the odd half, each in storage order, so a
// sender's plane and the receiver's slot list the same sites in the same order.
//
// In MILC's even/odd layout the t, z and y planes are vectors of su3 vectors (the z plane is
// DDTBench's MILC_su3_zd type exactly); an x plane holds one site per x row, in the half of that
// row's parity, so it is an index-block list.

import { COMPLEX64, contiguous, hvector, indexedBlock, vector, type Datatype } from '@spinmpi/ddt'
import { Checkerboard, SU3_BYTES, extentOf, type Dims } from './lattice.js'

/** One su3 vector: 3 complex64 (= MILC's 6 floats). */
export const SU3: Datatype = contiguous(3, COMPLEX64)

/** A datatype and the byte at which it starts in its array. */
export interface PlacedType {
  readonly type: Datatype
  readonly byteOffset: number
}

/**
 * The plane `coord` of dimension `d` in a checkerboard array: even-half sites then odd-half
 * sites, each in storage order. Not committed.
 */
export function planeType(box: Checkerboard, d: number, coord: number): PlacedType {
  const [nx, ny, nz, nt] = box.dims
  const halfBytes = box.halfSites * SU3_BYTES
  switch (d) {
    case 3: {
      const planeHalf = (nx * ny * nz) / 2
      return { type: hvector(2, 1, halfBytes, contiguous(planeHalf, SU3)), byteOffset: coord * planeHalf * SU3_BYTES }
    }
    case 2: {
      const rowsHalf = (nx * ny) / 2
      return { type: hvector(2, 1, halfBytes, vector(nt, rowsHalf, rowsHalf * nz, SU3)), byteOffset: coord * rowsHalf * SU3_BYTES }
    }
    case 1: {
      const rowHalf = nx / 2
      return { type: hvector(2, 1, halfBytes, vector(nt * nz, rowHalf, rowHalf * ny, SU3)), byteOffset: coord * rowHalf * SU3_BYTES }
    }
    default: {
      const displs: number[] = []
      for (let half = 0; half < 2; half++) {
        for (let t = 0; t < nt; t++) for (let z = 0; z < nz; z++) for (let y = 0; y < ny; y++) {
          if (box.parity(coord, y, z, t) === half) displs.push(box.index(coord, y, z, t))
        }
      }
      return { type: indexedBlock(1, displs, SU3), byteOffset: 0 }
    }
  }
}

/** The extents of the ghost array of dimension `d`: the local box with extent 2 in `d`. */
export function ghostDims(local: Dims, d: number): Dims {
  return [d === 0 ? 2 : local[0], d === 1 ? 2 : local[1], d === 2 ? 2 : local[2], d === 3 ? 2 : local[3]]
}

/** Everything one rank needs for the exchange of one dimension. */
export interface DimensionHalo {
  readonly ghost: Checkerboard
  /** [low plane (coordinate 0), high plane (coordinate L-1)] of the local lattice. */
  readonly send: readonly [PlacedType, PlacedType]
  /** [slot 0 (coordinate -1), slot 1 (coordinate L)] of the ghost array. */
  readonly recv: readonly [PlacedType, PlacedType]
}

function committed(p: PlacedType): PlacedType {
  p.type.commit()
  return p
}

/** The committed halo types of all 4 dimensions for a local lattice. */
export function haloTypes(local: Dims): DimensionHalo[] {
  const box = new Checkerboard(local, 0)
  const out: DimensionHalo[] = []
  for (let d = 0; d < 4; d++) {
    const ghost = new Checkerboard(ghostDims(local, d), 1)
    out.push({
      ghost,
      send: [committed(planeType(box, d, 0)), committed(planeType(box, d, extentOf(local, d) - 1))],
      recv: [committed(planeType(ghost, d, 0)), committed(planeType(ghost, d, 1))],
    })
  }
  return out
}
