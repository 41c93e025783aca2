import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { FLOAT32, classify, contiguous, flatten, hvector, pack, unpack, vector } from '@spinmpi/ddt'
import { Checkerboard, FLOATS_PER_SITE, haloTypes, type Dims } from '../src/index.js'

const bytesOf = (f: Float32Array): Uint8Array => new Uint8Array(f.buffer, f.byteOffset, f.byteLength)

describe('z face = DDTBench MILC_su3_zd (ddtbench-types.md §4)', () => {
  // (Lx, Ly, Lz, Lt), msg bytes, blocks, block bytes, stride bytes: the §4 table
  const rows: [Dims, number, number, number, number][] = [
    [[16, 16, 16, 16], 98304, 32, 3072, 49152],
    [[8, 16, 16, 16], 49152, 32, 1536, 24576],
    [[8, 8, 8, 16], 24576, 32, 768, 6144],
    [[8, 8, 8, 8], 12288, 16, 768, 6144],
  ]
  for (const [dims, bytes, blocks, blockBytes, stride] of rows) {
    it(`(${dims.join(',')}): ${bytes} B in ${blocks} blocks of ${blockBytes} B`, () => {
      const z = haloTypes(dims)[2].send[0]
      expect(z.byteOffset).toBe(0)
      expect(z.type.size).toBe(bytes)
      expect(flatten(z.type, 1).length).toBe(blocks)
      expect(classify(z.type, 1)).toEqual({ kind: 'vector', count: blocks, blocklength: blockBytes, stride, offset: 0 })
      // the same typemap as DDTBench's C constructors (6 floats per su3 vector)
      const [lx, ly, lz, lt] = dims
      const ddtbench = hvector(2, 1, 12 * lx * ly * lz * lt, vector(lt, (lx * ly) / 2, (lx * ly * lz) / 2, contiguous(6, FLOAT32))).commit()
      expect(flatten(z.type, 1).toArray()).toEqual(flatten(ddtbench, 1).toArray())
    })
  }
})

describe('faces of every dimension', () => {
  it('have the sizes and blocks derived from the layout for local lattice 8x4x6x2', () => {
    const h = haloTypes([8, 4, 6, 2])
    const summary = h.map((d) => [d.send[0].type.size, flatten(d.send[0].type, 1).length, d.send[1].type.size, flatten(d.send[1].type, 1).length])
    expect(summary).toEqual([
      [1152, 48, 1152, 48], // x: Ly·Lz·Lt single sites (24 B), each in its own row
      [2304, 24, 2304, 24], // y: 2·Lz·Lt runs of Lx/2 sites (96 B)
      [1536, 4, 1536, 4], // z: 2·Lt runs of Lx·Ly/2 sites (384 B)
      [4608, 2, 4608, 2], // t: one run of Lx·Ly·Lz/2 sites per half (2304 B)
    ])
    expect(h.map((d) => d.send[1].byteOffset)).toEqual([0, 3 * 4 * 24, 5 * 16 * 24, 1 * 96 * 24])
    expect(h.map((d) => classify(d.send[0].type, 1).kind)).toEqual(['indexBlock', 'vector', 'vector', 'vector'])
  })

  it('carry the high plane into the up neighbour’s slot 0 and the low plane into the down neighbour’s slot 1', () => {
    const evenExtent = fc.integer({ min: 1, max: 3 }).map((n) => 2 * n)
    fc.assert(fc.property(fc.tuple(evenExtent, evenExtent, evenExtent, evenExtent), fc.integer({ min: 0, max: 3 }), (local, d) => {
      const box = new Checkerboard(local, 0)
      const halo = haloTypes(local)[d]
      const field = new Float32Array(box.sites * FLOATS_PER_SITE)
      for (let i = 0; i < field.length; i++) field[i] = i
      const ghost = new Float32Array(halo.ghost.sites * FLOATS_PER_SITE).fill(-1)
      for (const [plane, slot] of [[1, 0], [0, 1]] as const) {
        const p = halo.send[plane], r = halo.recv[slot]
        expect(p.type.size).toBe(r.type.size)
        const wire = new Uint8Array(p.type.size)
        pack(p.type, 1, bytesOf(field), p.byteOffset, wire)
        unpack(r.type, 1, wire, 0, bytesOf(ghost), r.byteOffset)
      }
      // every ghost site holds the sender's site at the same coordinates in the other dimensions
      const c = [0, 0, 0, 0]
      const g = halo.ghost.dims
      for (c[3] = 0; c[3] < g[3]; c[3]++) for (c[2] = 0; c[2] < g[2]; c[2]++) for (c[1] = 0; c[1] < g[1]; c[1]++) for (c[0] = 0; c[0] < g[0]; c[0]++) {
        const from = [...c]
        from[d] = c[d] === 0 ? local[d] - 1 : 0
        const src = FLOATS_PER_SITE * box.index(from[0], from[1], from[2], from[3])
        const dst = FLOATS_PER_SITE * halo.ghost.index(c[0], c[1], c[2], c[3])
        for (let k = 0; k < FLOATS_PER_SITE; k++) expect(ghost[dst + k]).toBe(field[src + k])
      }
    }), { numRuns: 60 })
  })
})
