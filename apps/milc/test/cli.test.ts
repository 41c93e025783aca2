import { describe, expect, it } from 'vitest'
import { MILC_CLI_FLAGS, runMilcCli } from '../src/index.js'

// Options arrive as the CLI's tokenizer leaves them (apps/cli/src/app-args.ts): camelCase keys,
// string values, true for a bare flag.
describe('spinmpi run milc (runMilcCli)', () => {
  it('validates the tokenized options and returns the JSON report', async () => {
    const r = await runMilcCli({ ranks: '2', lattice: '8x4x4x4', strategy: 'rw-cp', steps: '2', eagerLimit: '0', seed: '4', json: true })
    expect(r).toMatchObject({ app: 'milc', ranks: 2, strategy: 'rw-cp', verified: true, steps: 2, seed: 4, grid: [2, 1, 1, 1], mode: 'data' })
    expect(r.runtimeNs).toBeGreaterThan(0)
    expect(Object.keys(r.receives.byStrategy)).toEqual(['rw-cp'])
    expect(JSON.parse(JSON.stringify(r))).toEqual(r)
  })

  it('accepts --grid, --reorder, --profile and the --timing flag', async () => {
    const r = await runMilcCli({ ranks: '4', lattice: '8x8x4x4', grid: '1x2x1x2', timing: true, reorder: '4', profile: 'sc19' })
    expect(r).toMatchObject({ app: 'milc', ranks: 4, strategy: 'auto', verified: null, mode: 'timing', reorderWindow: 4, local: [8, 4, 4, 2] })
  })

  it('declares --timing and --json as its bare flags', () => {
    expect(MILC_CLI_FLAGS).toEqual(['timing', 'json'])
  })

  it('names the bad option in one line, kebab-case as typed', async () => {
    await expect(runMilcCli({ ranks: '2', lattice: '8x8' })).rejects.toThrow(/^--lattice: expected XxYxZxT, e\.g\. 8x8x8x8$/)
    await expect(runMilcCli({ ranks: '2', lattice: '8x8x8x8', strategy: 'fast' })).rejects.toThrow(/^--strategy: expected one of host, iovec/)
    await expect(runMilcCli({ ranks: 'two', lattice: '8x8x8x8' })).rejects.toThrow(/^--ranks: expected an integer$/)
    await expect(runMilcCli({ lattice: '8x8x8x8' })).rejects.toThrow(/^--ranks: expected an integer$/)
    await expect(runMilcCli({ ranks: '2', lattice: '8x8x8x8', colour: 'red' })).rejects.toThrow(/^unknown option --colour \(usage: spinmpi run milc /)
    await expect(runMilcCli({ ranks: '2', lattice: '8x8x8x8', eagerLimit: '-1' })).rejects.toThrow(/^--eager-limit: expected a non-negative integer$/)
  })
})
