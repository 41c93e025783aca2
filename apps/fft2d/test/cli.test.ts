import { describe, expect, it } from 'vitest'
import { FFT2D_CLI_FLAGS, runFft2dCli } from '../src/index.js'

// Options arrive as the CLI's tokenizer leaves them (apps/cli/src/app-args.ts): camelCase keys,
// string values, true for a bare flag.
describe('spinmpi run fft2d (runFft2dCli)', () => {
  it('validates the tokenized options and returns the JSON object', async () => {
    const r = await runFft2dCli({ ranks: '4', n: '32', strategy: 'rw-cp', seed: '3', json: true })
    expect(r).toMatchObject({ app: 'fft2d', ranks: 4, n: 32, strategy: 'rw-cp', verified: true, mode: 'data' })
    expect(r.runtimeNs).toBeGreaterThan(0)
    expect(JSON.parse(JSON.stringify(r))).toEqual(r)
  })

  it('timing mode reports verified null; a flag given as --timing=true counts too', async () => {
    const r = await runFft2dCli({ ranks: '2', n: '64', timing: true })
    expect(r).toMatchObject({ app: 'fft2d', verified: null, mode: 'timing', maxRelError: null })
    const s = await runFft2dCli({ ranks: '2', n: '64', timing: 'true' })
    expect(s.runtimeNs).toBe(r.runtimeNs)
  })

  it('declares --timing and --json as its bare flags', () => {
    expect(FFT2D_CLI_FLAGS).toEqual(['timing', 'json'])
  })

  it('rejects bad options with one line naming the flag', async () => {
    await expect(runFft2dCli({ ranks: 'two' })).rejects.toThrow(/^--ranks: expected a positive integer$/)
    await expect(runFft2dCli({ ranks: '3', n: '64' })).rejects.toThrow(/^--n: must be a multiple of ranks \(3\)$/)
    await expect(runFft2dCli({ strategy: 'fast' })).rejects.toThrow(/^--strategy: expected one of host, iovec/)
    await expect(runFft2dCli({ timing: 'maybe' })).rejects.toThrow(/^--timing: expected a flag$/)
    await expect(runFft2dCli({ colour: 'red' })).rejects.toThrow(/^unknown option --colour \(usage: spinmpi run fft2d/)
    await expect(runFft2dCli({ colourDepth: '8' })).rejects.toThrow(/^unknown option --colour-depth \(usage: /)
    await expect(runFft2dCli({ n: '20480' })).rejects.toThrow(/^--n: data mode supports n up to 8192/)
  })
})
