import { describe, expect, it } from 'vitest'
import { argvToRecord, runMilcCli } from '../src/index.js'

describe('spinmpi run milc (runMilcCli)', () => {
  it('parses an argv tail and returns the JSON report', async () => {
    const r = await runMilcCli(['--ranks', '2', '--lattice', '8x4x4x4', '--strategy', 'rw-cp', '--steps', '2', '--eager-limit=0', '--seed', '4', '--json'])
    expect(r).toMatchObject({ app: 'milc', ranks: 2, strategy: 'rw-cp', verified: true, steps: 2, seed: 4, grid: [2, 1, 1, 1], mode: 'data' })
    expect(r.runtimeNs).toBeGreaterThan(0)
    expect(Object.keys(r.receives.byStrategy)).toEqual(['rw-cp'])
    expect(JSON.parse(JSON.stringify(r))).toEqual(r)
  })

  it('accepts the object commander builds, and --timing', async () => {
    const r = await runMilcCli({ ranks: '4', lattice: '8x8x4x4', grid: '1x2x1x2', timing: true, reorder: '4', profile: 'sc19' })
    expect(r).toMatchObject({ app: 'milc', ranks: 4, strategy: 'auto', verified: null, mode: 'timing', reorderWindow: 4, local: [8, 4, 4, 2] })
  })

  it('turns kebab-case options into camelCase and flags into true', () => {
    expect(argvToRecord(['--eager-limit', '0', '--timing', '--lattice=4x4x4x4'])).toEqual({ eagerLimit: '0', timing: true, lattice: '4x4x4x4' })
  })

  it('names the bad option in one line', async () => {
    await expect(runMilcCli(['--ranks', '2', '--lattice', '8x8'])).rejects.toThrow(/^--lattice: expected XxYxZxT/)
    await expect(runMilcCli(['--ranks', '2', '--lattice', '8x8x8x8', '--strategy', 'fast'])).rejects.toThrow(/^--strategy: expected one of host, iovec/)
    await expect(runMilcCli(['--ranks', 'two', '--lattice', '8x8x8x8'])).rejects.toThrow(/^--ranks: /)
    await expect(runMilcCli(['--lattice', '8x8x8x8'])).rejects.toThrow(/^--ranks: /)
    await expect(runMilcCli(['--ranks', '2', '--lattice', '8x8x8x8', '--colour', 'red'])).rejects.toThrow(/^unknown option --colour/)
    await expect(runMilcCli(['--ranks', '2', '--lattice', '8x8x8x8', '--eager-limit', '-1'])).rejects.toThrow(/^--eager-limit: expected a non-negative integer/)
    await expect(runMilcCli(['--ranks'])).rejects.toThrow(/^--ranks: expected a value/)
  })
})
