// Inputs the spec tabulates beyond the Fig. 16 set (SW4lite Fortran order, COMB z-face, WRF _sa,
// SPECFEM3D_mt), and input validation.

import { describe, expect, it } from 'vitest'
import { flatten, isMpiError } from '@spinmpi/ddt'
import {
  LOH1_RANK0, combWorkload, fftWorkload, handlerClass, lammpsWorkload, measure, milcWorkload, nasLuWorkload, nasMgWorkload,
  specfemCmWorkload, specfemMtWorkload, specfemOcWorkload, sw4Workload, wrfWorkloads, type Expected, type Workload,
} from '../src/index.js'

const none: Expected = { bytes: 0, blocks: 0, gamma: 0, gammaDigits: 0, handler: 'general' }
const round2 = (x: number) => Number(x.toFixed(2))

describe('spec tables outside the Fig. 16 set', () => {
  it('SW4lite corder = no (Fortran layout), spec §10', () => {
    const x = measure(sw4Workload({ ...LOH1_RANK0, corder: false, direction: 'x' }, none))
    expect([x.bytes, x.blocks, round2(x.gamma), round2(x.blocksPerPkt)]).toEqual([1302000, 27125, 43.32, 42.65])
    const y = measure(sw4Workload({ ...LOH1_RANK0, corder: false, direction: 'y' }, none))
    expect([y.bytes, y.blocks, round2(y.gamma), round2(y.blocksPerPkt)]).toEqual([1302000, 175, 1.27, 0.28])
    expect([x.minBlock, y.minBlock]).toEqual([48, 7440])
  })

  it('COMB z-face, spec §9: 80 000 B, 100 blocks of 800 B, γ 3.45, a vector', () => {
    const w = combWorkload({ face: 'z' }, none)
    const m = measure(w)
    expect([m.bytes, m.blocks, m.minBlock, round2(m.gamma)]).toEqual([80000, 100, 800, 3.45])
    expect(handlerClass(w)).toBe('vector')
  })

  it('WRF _sa (subarrays over whole arrays) has the typemap of the vec variant', () => {
    const vec = wrfWorkloads('vec'), sa = wrfWorkloads('sa')
    for (let i = 0; i < vec.length; i++) {
      const a = flatten(vec[i].type, 1), b = flatten(sa[i].type, 1)
      expect(b.toArray()).toEqual(a.toArray())
    }
  })

  it('SPECFEM3D_mt, spec §7: DIM3 blocks of 12 B on a 24-byte stride; R is one block', () => {
    const sizes: [number, number][] = [[7600, 91200], [6400, 76800], [5600, 67200], [6200, 74400]]
    for (const [dim3, bytes] of sizes) {
      const s = specfemMtWorkload({ dim3, side: 'send' }, none)
      expect(measure(s)).toMatchObject({ bytes, blocks: dim3, minBlock: 12, maxBlock: 12 })
      expect(handlerClass(s)).toBe('vector')
      expect(measure(specfemMtWorkload({ dim3, side: 'recv' }, none))).toMatchObject({ bytes, blocks: 1 })
    }
  })
})

describe('input validation names the field', () => {
  const cases: [string, () => Workload, RegExp][] = [
    ['MILC odd plane', () => milcWorkload({ lx: 3, ly: 3, lz: 4, lt: 4 }, none), /MILC: lx: Lx·Ly must be even/],
    ['MILC non-integer', () => milcWorkload({ lx: 2.5, ly: 2, lz: 2, lt: 2 }, none), /MILC: lx:/],
    ['LU direction', () => nasLuWorkload({ n: 4, direction: 'z' as 'x' }, none), /NAS_LU: direction:/],
    ['MG extent', () => nasMgWorkload({ d1: 2, d2: 4, d3: 4, direction: 'x' }, none), /NAS_MG: d1:/],
    ['FFT peer', () => fftWorkload({ n: 64, ranks: 4, peer: 4 }, none), /FFT2D: peer: peer must be < ranks/],
    ['SPECFEM oc icount', () => specfemOcWorkload({ icount: 10, dim1: 5 }, none), /SPECFEM3D oc: icount:/],
    ['SPECFEM cm ic', () => specfemCmWorkload({ icountCm: 1, dim2Cm: 5, icountIc: 9, dim2Ic: 5 }, none), /SPECFEM3D cm: icountIc:/],
    ['LAMMPS variant', () => lammpsWorkload({ variant: 'charge' as 'full', icount: 1, dim1: 2 }, none), /LAMMPS: variant:/],
    ['COMB ghost', () => combWorkload({ face: 'x', ghost: 0 }, none), /COMB: ghost:/],
    ['SW4 nk', () => sw4Workload({ ni: 4, nj: 4, nk: -1, direction: 'x' }, none), /SW4LITE: nk:/],
  ]
  for (const [name, build, message] of cases) {
    it(name, () => {
      let caught: unknown
      try {
        build()
      } catch (e) {
        caught = e
      }
      expect(isMpiError(caught)).toBe(true)
      expect((caught as Error).message).toMatch(message)
    })
  }
})
