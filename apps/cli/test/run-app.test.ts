import { describe, expect, it } from 'vitest'
import { UsageError } from '../src/cli-error.js'
import { registerRun } from '../src/commands/run.js'
import { runCommand } from './run-command.js'

// `spinmpi run <app> ...` end to end: the words are tokenized once with the app's own flags, the
// app validates the record, and either failure is a one-line UsageError.
const run = (...words: string[]) => runCommand(registerRun, ['run', ...words])

describe('spinmpi run <app> with the shared tokenizer', () => {
  it('hands each app camelCase options and its bare flags', async () => {
    const fft = JSON.parse(await run('fft2d', '--ranks=2', '--n', '16', '--timing', '--json'))
    expect(fft).toMatchObject({ app: 'fft2d', ranks: 2, n: 16, mode: 'timing', verified: null })
    const milc = JSON.parse(await run('milc', '--ranks', '2', '--lattice', '4x4x4x4', '--eager-limit', '0', '--json'))
    expect(milc).toMatchObject({ app: 'milc', ranks: 2, lattice: [4, 4, 4, 4], verified: true })
    // eager limit 0: every halo message goes by rendezvous, so more packets than messages
    expect(milc.packets).toBeGreaterThan(milc.messages)
    const ddt = JSON.parse(await run('ddtbench', '--app', 'nas_mg', '--strategy', 'host', '--json'))
    expect(ddt).toMatchObject({ app: 'ddtbench', strategy: 'host' })
    expect(ddt.inputs.every((i: { app: string }) => i.app === 'NAS_MG')).toBe(true)
  })

  it('prints JSON for --json and --json=true, a table for --json=false', async () => {
    expect(JSON.parse(await run('fft2d', '--ranks', '2', '--n', '16', '--json=true')).app).toBe('fft2d')
    const table = await run('fft2d', '--ranks', '2', '--n', '16', '--json=false')
    expect(table.split('\n').slice(0, 3)).toEqual(['field               value', '------------------  ----------', 'app                 fft2d'])
    // a tiny error in exponent notation, right-aligned; --json keeps the plain number
    expect(table).toMatch(/^maxRelError +\d\.\d{3}e-1\d$/m)
  })

  it('reports bad words and bad options as one-line usage errors', async () => {
    await expect(run('fft2d', '64')).rejects.toThrow(/^unexpected argument '64' \(usage: spinmpi run fft2d \[--ranks P\]/)
    await expect(run('milc', '--eager-limit')).rejects.toThrow(new UsageError('--eager-limit: expected a value'))
    await expect(run('ddtbench', '--seed', '--json')).rejects.toThrow(new UsageError('--seed: expected a value'))
    const bad = run('milc', '--ranks', '2', '--lattice', '4x4x4x4', '--colour-depth', '8')
    await expect(bad).rejects.toBeInstanceOf(UsageError)
    await expect(bad).rejects.toThrow(/^unknown option --colour-depth \(usage: spinmpi run milc /)
    // the usage of an error names the options every app takes too; a slip gets a guess
    await expect(run('fft2d', '--rank')).rejects.toThrow(/^unknown option --rank \(did you mean --ranks\?\) \(usage: spinmpi run fft2d \[--ranks P\].* \[--time-limit DURATION\] \[--progress\]\)$/)
    await expect(run('ddtbench', '--bogus')).rejects.toThrow(/^unknown option --bogus \(usage: spinmpi run ddtbench /)
    await expect(run('fft2d', '--ranks', 'two')).rejects.toThrow(new UsageError('--ranks: expected a positive integer'))
    await expect(run('fft2d', '--n', '16', '--goal')).rejects.toThrow(new UsageError('--goal: expected a file name'))
  })
})
