import { describe, expect, it } from 'vitest'
import { runFft2dCli } from '../src/index.js'

describe('spinmpi run fft2d (runFft2dCli)', () => {
  it('parses an argv tail and returns the JSON object', async () => {
    const r = await runFft2dCli(['--ranks', '4', '--n', '32', '--strategy', 'rw-cp', '--seed=3', '--json'])
    expect(r).toMatchObject({ app: 'fft2d', ranks: 4, n: 32, strategy: 'rw-cp', verified: true, mode: 'data' })
    expect(r.runtimeNs).toBeGreaterThan(0)
    expect(JSON.parse(JSON.stringify(r))).toEqual(r)
  })

  it('timing mode reports verified null', async () => {
    const r = await runFft2dCli({ ranks: '2', n: '64', timing: true })
    expect(r).toMatchObject({ app: 'fft2d', verified: null, mode: 'timing', maxRelError: null })
  })

  it('rejects bad options with one line naming the flag', async () => {
    await expect(runFft2dCli(['--ranks', 'two'])).rejects.toThrow(/^--ranks: expected a positive integer$/)
    await expect(runFft2dCli(['--ranks', '3', '--n', '64'])).rejects.toThrow(/^--n: must be a multiple of ranks \(3\)$/)
    await expect(runFft2dCli(['--strategy', 'fast'])).rejects.toThrow(/^--strategy: expected one of host, iovec/)
    await expect(runFft2dCli(['--colour', 'red'])).rejects.toThrow(/^unknown option --colour \(usage: spinmpi run fft2d/)
    await expect(runFft2dCli(['--n'])).rejects.toThrow(/^--n: expected a value$/)
    await expect(runFft2dCli(['64'])).rejects.toThrow(/^unexpected argument '64'$/)
    await expect(runFft2dCli(['--n', '20480'])).rejects.toThrow(/^--n: data mode supports n up to 8192/)
  })
})
