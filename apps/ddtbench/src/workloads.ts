// Every application input of the spec, receive side, in the order of its sections.

import createDebug from 'debug'
import { combWorkloads } from './kernels/comb.js'
import { fftWorkloads } from './kernels/fft2d.js'
import { lammpsWorkloads } from './kernels/lammps.js'
import { milcWorkloads } from './kernels/milc.js'
import { nasLuWorkloads } from './kernels/nas-lu.js'
import { nasMgWorkloads } from './kernels/nas-mg.js'
import { specfemWorkloads } from './kernels/specfem3d.js'
import { sw4Workloads } from './kernels/sw4lite.js'
import { wrfWorkloads } from './kernels/wrf.js'
import type { Workload } from './workload.js'

const log = createDebug('spinmpi:ddtbench')

/** All inputs; `seed` drives the random index lists of SPECFEM3D and LAMMPS. */
export function workloads(seed = 1): Workload[] {
  const all = [
    ...wrfWorkloads(), ...milcWorkloads(), ...nasLuWorkloads(), ...nasMgWorkloads(), ...fftWorkloads(),
    ...specfemWorkloads(seed), ...lammpsWorkloads(seed), ...combWorkloads(), ...sw4Workloads(),
  ]
  log('built %d workloads (seed %d)', all.length, seed)
  return all
}
