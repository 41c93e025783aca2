import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { getNamedProfile } from '@spinmpi/nic'
import { UsageError } from '../src/cli-error.js'
import { loadNamedProfile, loadProfile, profileNameFor } from '../src/profile-option.js'

const dir = mkdtempSync(join(tmpdir(), 'spinmpi-profile-option-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}
const EXAMPLE = 'examples/profiles/sc19-8hpus.json'

// --profile and --set as every simulating command takes them: sources kept, errors blamed on the
// option the user typed.
describe('--profile and --set', () => {
  const sc19 = getNamedProfile('sc19')

  it("a file that takes a built-in's name (a copy of `profiles sc19 --json`) is named +file, so its results do not read as sc19's", () => {
    const whole = { ...sc19.values, nic: { ...sc19.values.nic, hpus: 20 } }
    expect(loadNamedProfile(file('whole.json', JSON.stringify(whole))).values.name).toBe('sc19+file')
    expect(loadNamedProfile(file('ext.json', '{"extends": "sc19", "name": "pspin", "nic": {"hpus": 2}}'), ['nic.hpus=3']).name).toBe('pspin+file+set')
    expect(loadNamedProfile(file('mine.json', '{"extends": "sc19", "name": "mine"}')).name).toBe('mine')
    expect(loadNamedProfile('sc19').name).toBe('sc19')
  })

  it('a file with --set keeps inherited sources, credits the file, and marks the --set field', () => {
    const p = loadNamedProfile(EXAMPLE, ['pcie.lanes=16'])
    expect(p.values.name).toBe('sc19-8hpus+set')
    expect(p.sources['pcie.lanes']).toBe('override (--set)')
    expect(p.sources['nic.hpus']).toBe(`profile file ${EXAMPLE}`)
    expect(p.sources['nic.matchNs']).toBe(sc19.sources['nic.matchNs'])
  })

  it('registers a file or --set profile with those sources', () => {
    const fromFile = getNamedProfile(profileNameFor(EXAMPLE, ['pcie.lanes=16']).name!)
    expect(fromFile.values.pcie.lanes).toBe(16)
    expect([fromFile.sources['pcie.lanes'], fromFile.sources['nic.hpus']]).toEqual(['override (--set)', `profile file ${EXAMPLE}`])
    expect(fromFile.sources['host.cpuHz']).toBe(sc19.sources['host.cpuHz'])
    const fromSet = getNamedProfile(profileNameFor('sc19', ['nic.hpus=8']).name!)
    expect(fromSet.sources['nic.hpus']).toBe('override (--set)')
    expect(fromSet.sources['nic.hpuHz']).toBe(sc19.sources['nic.hpuHz'])
  })

  it('a figure or app run by name refuses an unknown --profile name before it runs, naming --profile (bench printed "ProfileError: ..." from inside the figure)', () => {
    expect(() => profileNameFor('nope', [])).toThrow(
      new UsageError('--profile: unknown profile "nope" (known: sc19, spin-sc17-discrete, spin-sc17-integrated, pspin, fpspin, myrinet)'),
    )
    expect(profileNameFor('pspin', [])).toEqual({ name: 'pspin', custom: undefined })
    expect(profileNameFor(undefined, [])).toEqual({ name: undefined, custom: undefined })
  })

  it('blames --set for a bad --set, and --profile for a bad file', () => {
    expect(() => loadProfile('sc19', ['nic.hpu=8'])).toThrow(new UsageError('--set nic.hpu=8: unknown field nic.hpu (did you mean nic.hpus?)'))
    expect(() => loadProfile(EXAMPLE, ['nic.hpus=8', 'nic.hpu=8'])).toThrow(new UsageError('--set nic.hpu=8: unknown field nic.hpu (did you mean nic.hpus?)'))
    expect(() => loadProfile(undefined, ['costs.pieceCycles=Infinity'])).toThrow(
      new UsageError('--set costs.pieceCycles=Infinity: costs.pieceCycles: must be a finite number, got Infinity'),
    )
    expect(() => loadProfile(undefined, ['nic.hpus'])).toThrow(new UsageError('--set: override "nic.hpus": expected path=value, e.g. nic.hpus=8'))
    const inf = file('inf.json', '{"extends": "sc19", "costs": {"pieceCycles": 1e400}}')
    expect(() => loadProfile(inf)).toThrow(new UsageError(`--profile: ${inf}: costs.pieceCycles: must be a finite number, got Infinity`))
    const part = file('part.json', '{"name": "part", "nic": {"hpus": 4}}')
    expect(() => loadProfile(part)).toThrow(
      new UsageError(
        `--profile: ${part}: missing network, pcie, host, costs, nic.hpuHz and 12 more (17 in all); a profile file without "extends" ` +
          'must give every field: add "extends": "sc19" to inherit the rest from a named profile (sc19, spin-sc17-discrete, ' +
          'spin-sc17-integrated, pspin, fpspin, myrinet)',
      ),
    )
  })
})
