// What every rank runs: fill its part of the lattice, then `steps` times exchange halos and
// apply the stencil, charging the stencil's flops as modelled compute. Returns its final field
// (null in timing mode).

import type { Comm } from '@spinmpi/runtime'
import { haloTypes, type DimensionHalo } from './faces.js'
import { rankCoords } from './grid.js'
import { exchangeHalos } from './exchange.js'
import { initialValue } from './init.js'
import { Checkerboard, FLOATS_PER_SITE, type Dims } from './lattice.js'
import { FLOPS_PER_SITE, linkMatrices } from './links.js'
import { globalIndex } from './reference.js'
import { stencilStep, type StepBuffers } from './stencil.js'

export interface RankSetup {
  readonly lattice: Dims
  readonly grid: Dims
  readonly local: Dims
  readonly steps: number
  readonly seed: number
  readonly dataMode: boolean
}

/** The rank's lattice filled from the seeded global initial field. */
export function initialLocalField(setup: RankSetup, rank: number, box: Checkerboard): Float32Array {
  const { local, lattice } = setup
  const c = rankCoords(setup.grid, rank)
  const field = new Float32Array(box.sites * FLOATS_PER_SITE)
  for (let t = 0; t < local[3]; t++) for (let z = 0; z < local[2]; z++) for (let y = 0; y < local[1]; y++) for (let x = 0; x < local[0]; x++) {
    const g = globalIndex(lattice, c[0] * local[0] + x, c[1] * local[1] + y, c[2] * local[2] + z, c[3] * local[3] + t)
    const at = FLOATS_PER_SITE * box.index(x, y, z, t)
    for (let k = 0; k < FLOATS_PER_SITE; k++) field[at + k] = initialValue(setup.seed, g, k)
  }
  return field
}

function stepBuffers(setup: RankSetup, rank: number, box: Checkerboard, halos: readonly DimensionHalo[]): StepBuffers {
  return {
    box,
    field: initialLocalField(setup, rank, box),
    ghostBoxes: halos.map((h) => h.ghost),
    ghosts: halos.map((h) => new Float32Array(h.ghost.sites * FLOATS_PER_SITE)),
    out: new Float32Array(box.sites * FLOATS_PER_SITE),
    acc: new Float64Array(FLOATS_PER_SITE),
    coord: new Int32Array(4),
  }
}

export function milcRankMain(setup: RankSetup): (comm: Comm) => Promise<Float32Array | null> {
  return async (comm) => {
    const box = new Checkerboard(setup.local, 0)
    const halos = haloTypes(setup.local)
    const links = linkMatrices()
    let b = setup.dataMode ? stepBuffers(setup, comm.rank, box, halos) : null
    for (let step = 0; step < setup.steps; step++) {
      await exchangeHalos(comm, setup.grid, halos, b === null ? null : b.field, b === null ? null : b.ghosts)
      if (b !== null) {
        stencilStep(b, links)
        b = { ...b, field: b.out, out: b.field }
      }
      await comm.compute({ flops: box.sites * FLOPS_PER_SITE })
    }
    return b === null ? null : b.field
  }
}
