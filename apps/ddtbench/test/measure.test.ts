// γ and blocks/pkt (spec §1), checked by hand and against a per-packet count, and the typemap
// invariants of spec §12.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FLOAT64, Runs, flatten, vector } from '@spinmpi/ddt'
import { fftWorkload, isTwoLevelVector, measure, measureRuns, milcWorkloads, nasMgWorkloads, workloads } from '../src/index.js'

const runs = (lengths: number[]) => new Runs(Float64Array.from(lengths, (_, i) => i * 1_000_000), Float64Array.from(lengths))

/** Per-packet count: for each packet, the blocks whose packed range overlaps it. */
function bruteGamma(lengths: number[], pkt: number): number {
  const total = lengths.reduce((a, b) => a + b, 0)
  const packets = Math.ceil(total / pkt)
  let pieces = 0
  for (let p = 0; p < packets; p++) {
    let pos = 0
    for (const len of lengths) {
      if (pos < (p + 1) * pkt && pos + len > p * pkt) pieces++
      pos += len
    }
  }
  return pieces / packets
}

describe('measureRuns', () => {
  it('counts a block crossing a packet boundary in both packets', () => {
    // 64 blocks of 40 B = 2560 B: 2 packets; block 51 covers bytes 2040..2079 → 65 / 2.
    const m = measureRuns(runs(Array(64).fill(40)))
    expect(m).toEqual({ bytes: 2560, blocks: 64, packets: 2, gamma: 32.5, blocksPerPkt: 32, minBlock: 40, maxBlock: 40 })
  })

  it('gives 1 for one block spanning many packets', () => {
    expect(measureRuns(runs([40800])).gamma).toBe(1)
  })

  it('handles an empty typemap', () => {
    expect(measureRuns(runs([]))).toEqual({ bytes: 0, blocks: 0, packets: 0, gamma: 0, blocksPerPkt: 0, minBlock: 0, maxBlock: 0 })
  })

  it('equals a per-packet count for any block lengths and packet size', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 4096 }), (lengths, pkt) => {
      expect(measureRuns(runs(lengths), pkt).gamma).toBeCloseTo(bruteGamma(lengths, pkt), 12)
    }))
  })

  it('measure() agrees with the type size and merges touching runs across instances', () => {
    // Extent 12 doubles: instance 0's last block (doubles 10–11) touches instance 1's first (12–13).
    const t = vector(3, 2, 5, FLOAT64).commit()
    expect(measure({ type: t, count: 2 })).toMatchObject({ bytes: 96, blocks: 5, packets: 1, gamma: 5 })
  })
})

describe('isTwoLevelVector', () => {
  it('recognizes o + (i mod c)·s1 + ⌊i/c⌋·s2 with equal lengths, and nothing else', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 9, max: 50 }), fc.integer({ min: -400, max: 400 }), (c, rows, s1, s2) => {
      fc.pre(s2 !== c * s1)
      const offsets = Array.from({ length: c * rows }, (_, i) => (i % c) * s1 + Math.floor(i / c) * s2)
      expect(isTwoLevelVector(new Runs(Float64Array.from(offsets), new Float64Array(offsets.length).fill(8)))).toBe(true)
    }))
    expect(isTwoLevelVector(new Runs(Float64Array.from([0, 10, 20, 30]), Float64Array.from([4, 4, 4, 4])))).toBe(false)
    expect(isTwoLevelVector(new Runs(Float64Array.from([0, 10, 100, 110]), Float64Array.from([4, 4, 4, 8])))).toBe(false)
    expect(isTwoLevelVector(new Runs(Float64Array.from([0, 10, 100, 117]), Float64Array.from([4, 4, 4, 4])))).toBe(false)
  })
})

const deltas = (offsets: Float64Array) => new Set(Array.from(offsets.subarray(1), (o, i) => o - offsets[i]))

describe('spec §12 invariants', () => {
  it('MILC flattens to one uniform stride of 12·Lx·Ly·Lz bytes', () => {
    for (const w of milcWorkloads()) {
      const [lx, ly, lz] = w.input.slice(1, -1).split(',').map(Number)
      expect(deltas(flatten(w.type, w.count).offsets)).toEqual(new Set([12 * lx * ly * lz]))
    }
  })

  it('MG_x has exactly the deltas 8·D1 and 24·D1 (272 and 816 for D1 = 34)', () => {
    const w = nasMgWorkloads()[0]
    expect(w.input).toBe('mg_x (34,18,18)')
    expect(deltas(flatten(w.type, w.count).offsets)).toEqual(new Set([272, 816]))
  })

  it('FFT recv steps +16·N down a column, then jumps back to the next column', () => {
    const w = fftWorkload({ n: 256, ranks: 8 }, { bytes: 0, blocks: 0, gamma: 0, gammaDigits: 0, handler: '2-level vector' })
    const n = 32
    expect(deltas(flatten(w.type, w.count).offsets)).toEqual(new Set([16 * 256, 16 - (n - 1) * 16 * 256]))
  })

  it('FFT send: N = 1024, P = 32 gives 512-byte blocks and γ = 4', () => {
    const w = fftWorkload({ n: 1024, ranks: 32, side: 'send' }, { bytes: 0, blocks: 0, gamma: 0, gammaDigits: 0, handler: 'vector' })
    expect(measure(w)).toMatchObject({ bytes: 16384, blocks: 32, minBlock: 512, maxBlock: 512, gamma: 4 })
  })

  it('separate allocations never merge: every run lies inside one region', () => {
    for (const w of workloads().filter((x) => x.regions.length > 1)) {
      const r = flatten(w.type, w.count)
      let outside = 0
      for (let i = 0; i < r.length; i++) {
        const a = w.origin + r.offsets[i]
        if (w.bases.findIndex((b, j) => a >= b && a + r.lengths[i] <= b + w.regions[j].bytes) < 0) outside++
      }
      expect(outside).toBe(0)
    }
  })

  it('each type stays inside its regions', () => {
    for (const w of workloads().filter((x) => x.regions.length === 1)) {
      const r = flatten(w.type, w.count)
      let outside = 0
      for (let i = 0; i < r.length; i++) {
        const a = w.origin + r.offsets[i]
        if (a < w.bases[0] || a + r.lengths[i] > w.bases[0] + w.regions[0].bytes) outside++
      }
      expect(outside).toBe(0)
    }
  })

  it('flattens the largest input (FFT N = 1536, P = 2: 589 824 blocks) without trouble', () => {
    const w = fftWorkload({ n: 1536, ranks: 2 }, { bytes: 0, blocks: 0, gamma: 0, gammaDigits: 0, handler: '2-level vector' })
    expect(measure(w).blocks).toBe(768 * 768)
  })
})
