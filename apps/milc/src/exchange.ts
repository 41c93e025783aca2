// The halo exchange of one step: for each dimension, receive the low and high neighbours'
// boundary planes into the two ghost slots and send ours, all 16 operations in flight at once.
// Tags name the receiving slot (2·d + slot); MPI's non-overtaking order keeps steps apart.

import type { Comm, Request } from '@spinmpi/runtime'
import type { DimensionHalo, PlacedType } from './faces.js'
import { neighbour } from './grid.js'
import type { Dims } from './lattice.js'

export function haloTag(d: number, slot: 0 | 1): number {
  return 2 * d + slot
}

function at(data: Float32Array | null, p: PlacedType): { data: Float32Array | null; byteOffset: number } {
  return { data, byteOffset: p.byteOffset }
}

/** `field` and `ghosts` are null in timing mode (no payload bytes); else one ghost array per halo. */
export async function exchangeHalos(
  comm: Comm, grid: Dims, halos: readonly DimensionHalo[], field: Float32Array | null, ghosts: readonly Float32Array[] | null,
): Promise<void> {
  const reqs: Request[] = []
  for (const [d, h] of halos.entries()) {
    const ghost = ghosts === null ? null : ghosts[d]
    if (ghost === undefined) throw new RangeError(`milc: no ghost array for dimension ${d}`)
    reqs.push(comm.irecv(at(ghost, h.recv[0]), 1, h.recv[0].type, neighbour(grid, comm.rank, d, -1), haloTag(d, 0)))
    reqs.push(comm.irecv(at(ghost, h.recv[1]), 1, h.recv[1].type, neighbour(grid, comm.rank, d, 1), haloTag(d, 1)))
  }
  for (const [d, h] of halos.entries()) {
    // our high plane is the up neighbour's slot 0 (coordinate -1), our low plane the down one's slot 1
    reqs.push(comm.isend(at(field, h.send[1]), 1, h.send[1].type, neighbour(grid, comm.rank, d, 1), haloTag(d, 0)))
    reqs.push(comm.isend(at(field, h.send[0]), 1, h.send[0].type, neighbour(grid, comm.rank, d, -1), haloTag(d, 1)))
  }
  await comm.waitall(reqs)
}
