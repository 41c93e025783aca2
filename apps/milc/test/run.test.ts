import { describe, expect, it } from 'vitest'
import { RECEIVE_CHOICES } from '@spinmpi/runtime'
import {
  Checkerboard, FLOATS_PER_SITE, haloTypes, initialLocalField, linkMatrices, referenceField, runMilc, stencilStep, initialGlobalField,
  type Dims,
} from '../src/index.js'

// Process grids of 1, 2, 4 and 8 ranks; each cuts a different set of dimensions, x included.
const grids: { ranks: number; lattice: Dims; grid: Dims }[] = [
  { ranks: 1, lattice: [4, 4, 4, 4], grid: [1, 1, 1, 1] },
  { ranks: 2, lattice: [8, 4, 4, 4], grid: [2, 1, 1, 1] },
  { ranks: 4, lattice: [4, 8, 4, 8], grid: [1, 2, 1, 2] },
  { ranks: 8, lattice: [8, 4, 8, 4], grid: [2, 2, 2, 1] },
]

describe('MILC halo exchange + stencil equals the sequential reference bit for bit', () => {
  for (const strategy of RECEIVE_CHOICES) {
    for (const g of grids) {
      it(`${strategy}, ${g.ranks} rank(s), grid ${g.grid.join('x')}`, async () => {
        // eager limit 0: every face goes by rendezvous through the receive strategy
        const r = await runMilc({ ...g, strategy, steps: 2, eagerLimitBytes: 0 })
        expect(r.verified).toBe(true)
        expect(r.mismatches).toBe(0)
        expect(r.maxAbsError).toBe(0)
        expect(r.haloMessages).toBe(16 * g.ranks)
        expect(r.receives.count).toBe(16 * g.ranks)
        expect(r.receives.fallbacks).toBe(0)
        const ran = strategy === 'auto' ? 'specialized' : strategy // every face classifies as vector or index-block
        expect(Object.keys(r.receives.byStrategy)).toEqual([ran])
        expect(r.receives.byStrategy[ran]!.bytes).toBe(r.haloBytes)
      })
    }
  }

  for (const strategy of ['rw-cp', 'hpu-local', 'ro-cp', 'specialized', 'iovec', 'host'] as const) {
    it(`${strategy} under random packet orders (multi-packet faces, three seeds)`, async () => {
      for (const seed of [1, 2, 3]) {
        // local 8x8x4x4: x, y faces 128 sites (3072 B, 2 packets), z, t faces 256 sites (6144 B, 3 packets)
        const r = await runMilc({ ranks: 2, lattice: [8, 8, 8, 4], grid: [1, 1, 2, 1], strategy, eagerLimitBytes: 0, reorderWindow: 8, seed })
        expect(r.verified).toBe(true)
        expect(r.faces.map((f) => f.bytes)).toEqual([3072, 3072, 6144, 6144])
      }
    })
  }
})

describe('MILC run report', () => {
  it('counts halo bytes from the face sizes and the run stats agree', async () => {
    const r = await runMilc({ ranks: 8, lattice: [8, 8, 8, 8], strategy: 'rw-cp', steps: 2, eagerLimitBytes: 0 })
    expect(r.grid).toEqual([1, 2, 2, 2])
    expect(r.local).toEqual([8, 4, 4, 4])
    // per rank and step: 2 x-faces of 64 sites, 2·3 faces of 128 sites, 24 B each
    expect(r.faces.map((f) => [f.dim, f.bytes, f.blocks, f.recvClass])).toEqual([
      ['x', 1536, 64, 'indexed'], ['y', 3072, 32, 'vector'], ['z', 3072, 8, 'vector'], ['t', 3072, 2, 'vector'],
    ])
    expect(r.haloBytes).toBe(8 * 2 * 2 * (1536 + 3 * 3072))
    expect(r.networkPayloadBytes).toBe(r.haloBytes)
    expect(r.messages).toBe(128)
    expect(r.verified).toBe(true)
  })

  it('in timing mode keeps every simulated time of data mode and reports verified null', async () => {
    const base = { ranks: 4, lattice: [8, 8, 8, 4] as Dims, grid: [2, 1, 2, 1] as Dims, strategy: 'rw-cp' as const, eagerLimitBytes: 0, steps: 2 }
    const data = await runMilc(base)
    const timing = await runMilc({ ...base, mode: 'timing' })
    expect(timing.verified).toBeNull()
    expect(timing.mismatches).toBeNull()
    expect(timing.runtimeNs).toBe(data.runtimeNs)
    expect(timing.receives).toEqual(data.receives)
    expect(timing.runtimeNs).toBeGreaterThan(0)
  })

  it('is deterministic: same options and seed give the same report', async () => {
    const o = { ranks: 4, lattice: [8, 8, 4, 4] as Dims, strategy: 'hpu-local' as const, eagerLimitBytes: 0, reorderWindow: 4, seed: 9 }
    expect(await runMilc(o)).toEqual(await runMilc(o))
  })

  it('with the default eager limit small faces go eager: recorded as host receives, none offloaded', async () => {
    const r = await runMilc({ ranks: 2, lattice: [4, 4, 4, 4], strategy: 'rw-cp' })
    expect(r.verified).toBe(true)
    expect(r.receives.count).toBeGreaterThan(0)
    expect(Object.keys(r.receives.byStrategy)).toEqual(['host'])
    expect(r.receives.byStrategy['host']!.receives).toBe(r.receives.count)
  })

  it('rejects bad options with an error naming the field', async () => {
    await expect(runMilc({ ranks: 2, lattice: [7, 8, 8, 8] })).rejects.toThrow(/lattice\.0: extents must be even/)
    await expect(runMilc({ ranks: 0, lattice: [8, 8, 8, 8] })).rejects.toThrow(/ranks: expected a positive integer/)
    await expect(runMilc({ ranks: 2, lattice: [8, 8, 8, 8], grid: [1, 1, 1, 4] })).rejects.toThrow(/^grid: 1x1x1x4 has 4 ranks, expected 2/)
    await expect(runMilc({ ranks: 3, lattice: [8, 8, 8, 8] })).rejects.toThrow(/^ranks: cannot cut lattice/)
    // @ts-expect-error an unknown option
    await expect(runMilc({ ranks: 1, lattice: [4, 4, 4, 4], colour: 'red' })).rejects.toThrow(/unknown option colour/)
  })
})

describe('the stencil depends on the halos', () => {
  it('with empty ghost arrays one rank of two differs from the reference exactly on its boundary sites', () => {
    const lattice: Dims = [8, 4, 4, 4]
    const setup = { lattice, grid: [2, 1, 1, 1] as Dims, local: [4, 4, 4, 4] as Dims, steps: 1, seed: 5, dataMode: true }
    const box = new Checkerboard(setup.local, 0)
    const halos = haloTypes(setup.local)
    const out = new Float32Array(box.sites * FLOATS_PER_SITE)
    stencilStep({
      box, field: initialLocalField(setup, 0, box), ghostBoxes: halos.map((h) => h.ghost),
      ghosts: halos.map((h) => new Float32Array(h.ghost.sites * FLOATS_PER_SITE)), out,
      acc: new Float64Array(FLOATS_PER_SITE), coord: new Int32Array(4),
    }, linkMatrices())
    const ref = referenceField(lattice, 5, 1)
    let wrongSites = 0
    for (let t = 0; t < 4; t++) for (let z = 0; z < 4; z++) for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) {
      const a = FLOATS_PER_SITE * box.index(x, y, z, t), g = FLOATS_PER_SITE * (((t * 4 + z) * 4 + y) * 8 + x)
      let same = true
      for (let k = 0; k < FLOATS_PER_SITE; k++) if (out[a + k] !== ref[g + k]) same = false
      if (!same) wrongSites++
    }
    // every site of a 4^4 box touches the boundary (4 - 2 = 2 interior per dim): 256 - 2^4
    expect(wrongSites).toBe(256 - 16)
    expect(ref).not.toEqual(initialGlobalField(lattice, 5))
  })
})
