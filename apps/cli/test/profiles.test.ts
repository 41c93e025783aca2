import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UsageError } from '../src/cli-error.js'
import { runCommand } from './run-command.js'
import { registerProfiles } from '../src/commands/profiles.js'

const run = (args: string[]) => runCommand(registerProfiles, ['profiles', ...args])

describe('spinmpi profiles', () => {
  afterEach(() => vi.restoreAllMocks())

  it('lists every profile with a description', async () => {
    const out = await run([])
    for (const name of ['sc19', 'spin-sc17-discrete', 'spin-sc17-integrated', 'pspin', 'fpspin', 'myrinet']) {
      expect(out).toMatch(new RegExp(`^${name}\\s+\\S`, 'm'))
    }
  })

  it('shows one profile as value + source, with overrides marked', async () => {
    const out = await run(['sc19', '--set', 'nic.hpus=8'])
    expect(out).toMatch(/^nic\.hpus\s+8\s+override \(--set\)$/m)
    expect(out).toMatch(/^nic\.hpuHz\s+800000000\s+SC19 §5\.1/m)
  })

  it('with --set, the header line shows the values in force', async () => {
    const header = (await run(['sc19', '--set', 'nic.hpus=8'])).split('\n')[0]
    expect(header).toBe('sc19 with nic.hpus=8: 200 Gbit/s, 2 KiB packets, 8 HPUs at 800 MHz, PCIe Gen4 x32')
  })

  it('prints JSON with values and sources', async () => {
    const json = JSON.parse(await run(['fpspin', '--json'])) as { values: { nic: { hpuHz: number } }; sources: Record<string, string> }
    expect(json.values.nic.hpuHz).toBe(40e6)
    expect(json.sources['nic.hpuHz']).toMatch(/FPsPIN/)
  })

  it('turns bad names and overrides into one-line usage errors', async () => {
    await expect(run(['nope'])).rejects.toThrow(UsageError)
    await expect(run(['sc19', '--set', 'nic.hpus=x'])).rejects.toThrow(new UsageError('--set nic.hpus=x: nic.hpus: expected a positive integer, got "x"'))
    await expect(run(['sc19', '--set', 'nic.hpu=8'])).rejects.toThrow(new UsageError('--set nic.hpu=8: unknown field nic.hpu (did you mean nic.hpus?)'))
    await expect(run(['sc19', '--set', 'costs.pieceCycles=1e400'])).rejects.toThrow(
      new UsageError('--set costs.pieceCycles=1e400: costs.pieceCycles: must be a finite number, got 1e400'),
    )
    await expect(run(['--set', 'nic.hpus=1'])).rejects.toThrow('--set needs a profile name')
  })

  it('a bad profile file given as the argument: its errors start with the file, not --profile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spinmpi-profiles-'))
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, '{"extends": "sc19", "nic": {"hpus": 0}}')
    await expect(run([bad])).rejects.toThrow(new UsageError(`${bad}: nic.hpus: expected a positive integer, got 0`))
    await expect(run([join(dir, 'missing.json')])).rejects.toThrow(new UsageError(`cannot read ${join(dir, 'missing.json')} (ENOENT)`))
  })

  it('a profile file keeps the sources of what it inherits and credits itself with what it sets', async () => {
    const file = 'examples/profiles/sc19-8hpus.json'
    const out = await run([file])
    expect(out).toMatch(/^nic\.hpus\s+8\s+profile file examples\/profiles\/sc19-8hpus\.json$/m)
    expect(out).toMatch(/^network\.eagerLimitBytes\s+4096\s+profile file examples\/profiles\/sc19-8hpus\.json$/m)
    expect(out).toMatch(/^nic\.hpuHz\s+800000000\s+SC19 §5\.1/m)
    const json = JSON.parse(await run([file, '--json'])) as { sources: Record<string, string> }
    const sc19 = JSON.parse(await run(['sc19', '--json'])) as { sources: Record<string, string> }
    const credited = Object.entries(json.sources).filter(([, s]) => s === `profile file ${file}`).map(([f]) => f)
    expect(credited.sort()).toEqual(['network.eagerLimitBytes', 'nic.hpus'])
    for (const [f, s] of Object.entries(json.sources)) if (!credited.includes(f)) expect(s, f).toBe(sc19.sources[f])
  })

  it('--set on a profile file marks only the overridden field', async () => {
    const json = JSON.parse(await run(['examples/profiles/sc19-8hpus.json', '--json', '--set', 'nic.hpus=4'])) as {
      values: { nic: { hpus: number } }; sources: Record<string, string>
    }
    expect(json.values.nic.hpus).toBe(4)
    expect(json.sources['nic.hpus']).toBe('override (--set)')
    expect(json.sources['network.eagerLimitBytes']).toBe('profile file examples/profiles/sc19-8hpus.json')
    expect(json.sources['nic.hpuHz']).toMatch(/^SC19 §5\.1/)
  })
})
