// host-pack's reference must be MPICH's MPI_Pack: with Open MPI installed beside it, Debian's
// `mpicc` may be Open MPI's wrapper, which the benchmark must not time under MPICH's name.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startMpichPack } from '../src/mpich-pack.js'

const PATH = process.env.PATH

/** A folder whose only programs are fake compiler wrappers printing `show` for -show. */
function fakeWrappers(wrappers: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'spinmpi-fake-mpicc-'))
  for (const [name, show] of Object.entries(wrappers)) {
    const file = join(dir, name)
    writeFileSync(file, `#!/bin/sh\nif [ "$1" = -show ]; then echo '${show}'; exit 0; fi\nexit 1\n`)
    chmodSync(file, 0o755)
  }
  return dir
}

describe('the MPICH reference of host-pack', () => {
  afterEach(() => {
    process.env.PATH = PATH
  })

  it("refuses an mpicc that is Open MPI's wrapper, by name", () => {
    process.env.PATH = fakeWrappers({ mpicc: 'gcc -I/usr/lib/x86_64-linux-gnu/openmpi/include -lmpi' })
    const o = startMpichPack([])
    expect(o.available).toBe(false)
    expect(o.available === false && o.reason).toMatch(/^mpicc is not MPICH's wrapper \(its -show: gcc -I\/usr\/lib\/x86_64-linux-gnu\/openmpi\/include/)
  })

  it('says when there is no mpicc at all', () => {
    process.env.PATH = fakeWrappers({})
    const o = startMpichPack([])
    expect(o).toEqual({ available: false, reason: 'mpicc not found (apt-get install mpich libmpich-dev)' })
  })

  it("prefers mpicc.mpich, MPICH's own wrapper, over an mpicc that is not MPICH's (it then tries to build with it)", () => {
    process.env.PATH = fakeWrappers({ 'mpicc.mpich': 'gcc -I/usr/include/x86_64-linux-gnu/mpich -lmpich', mpicc: 'gcc -I/usr/lib/openmpi/include' })
    const o = startMpichPack([])
    // the fake wrapper cannot compile: the failure names the build, not Open MPI
    expect(o).toMatchObject({ available: false })
    expect(o.available === false && o.reason).toMatch(/^mpicc failed/)
  })
})
