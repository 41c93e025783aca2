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
    await expect(run(['sc19', '--set', 'nic.hpus=x'])).rejects.toThrow('profile sc19: nic.hpus: expected a positive integer, got "x"')
    await expect(run(['sc19', '--set', 'nic.hpuz=1'])).rejects.toThrow('profile sc19: unknown field nic.hpuz')
    await expect(run(['--set', 'nic.hpus=1'])).rejects.toThrow('--set needs a profile name')
  })
})
