import { describe, expect, it } from 'vitest'
import { getProfile, getNamedProfile, parseProfileFile, ProfileError, readProfileFile, registerProfile, resolveProfile } from '../src/index.js'

// Profile files: a whole profile or `extends` + changes, `$schema` accepted, every bad field named.
describe('profile files', () => {
  it('extends a named profile and changes only the given values', () => {
    const text = JSON.stringify({ $schema: '../schemas/profile.schema.json', extends: 'sc19', name: 'mine', nic: { hpus: 8 }, network: { eagerLimitBytes: 4096 } })
    const p = parseProfileFile(text, 'mine.json')
    const sc19 = getProfile('sc19')
    expect(p).toEqual({ ...sc19, name: 'mine', nic: { ...sc19.nic, hpus: 8 }, network: { ...sc19.network, eagerLimitBytes: 4096 } })
  })

  it('reads a whole profile, and applies --set overrides last', () => {
    const whole = { ...getProfile('pspin'), $schema: 'x' }
    const p = parseProfileFile(JSON.stringify(whole), 'p.json', { 'nic.hpus': '2' })
    expect(p.nic.hpus).toBe(2)
    expect(p.network).toEqual(getProfile('pspin').network)
  })

  it('names every bad field in one line', () => {
    const text = JSON.stringify({ extends: 'sc19', nic: { hpus: 0, foo: 1 }, network: { linkGbps: 'fast' } })
    const err = (() => { try { parseProfileFile(text, 'bad.json'); return null } catch (e) { return e } })()
    expect(err).toBeInstanceOf(ProfileError)
    expect((err as Error).message).toBe(
      'bad.json: network.linkGbps: expected a positive number, got "fast"; nic.hpus: expected a positive integer, got 0; unknown field nic.foo',
    )
    expect(() => parseProfileFile('{"extends": "nope"}', 'x.json')).toThrow('x.json: unknown profile "nope"')
    expect(() => parseProfileFile('{', 'x.json')).toThrow(/^x\.json: invalid JSON/)
    // a trailing comma on line 4: the error is at the `}` of line 5, column 3 (Node 20 gives the position only)
    expect(() => parseProfileFile('{\n  "extends": "sc19",\n  "nic": {\n    "hpus": 8,\n  }\n}', 'c.json')).toThrow(/ \(line 5,? column 3\)\)$/)
    const missing = { ...getProfile('sc19') } as Record<string, unknown>
    delete missing.pcie
    expect(() => parseProfileFile(JSON.stringify(missing), 'w.json')).toThrow('w.json: missing pcie; a profile file without "extends" must give every field')
  })

  it('takes the machine\'s description from the file, credited to the file; an empty one is refused', () => {
    const own = readProfileFile(JSON.stringify({ extends: 'sc19', name: 'ours', description: 'our cluster, 8 HPUs', nic: { hpus: 8 } }), 'ours.json')
    expect(own.description).toBe('our cluster, 8 HPUs (profile file ours.json)')
    expect(own.sources['nic.hpus']).toBe('profile file ours.json')
    const whole = readProfileFile(JSON.stringify({ ...getProfile('pspin'), name: 'w', description: 'a copy' }), 'w.json')
    expect(whole.description).toBe('a copy (profile file w.json)')
    expect(readProfileFile('{"extends": "sc19"}', 'plain.json').description).toBe('profile file plain.json')
    expect(() => readProfileFile('{"extends": "sc19", "description": ""}', 'e.json')).toThrow('e.json: description: expected a description, got ""')
  })

  it('refuses a clock written in GHz or MHz (below 1 MHz) by name; FPsPIN\'s 40 MHz HPUs pass', () => {
    const text = JSON.stringify({ extends: 'sc19', nic: { hpuHz: 1 }, host: { cpuHz: 3400 } })
    expect(() => parseProfileFile(text, 'ghz.json')).toThrow(
      'ghz.json: nic.hpuHz: expected a clock in Hz, at least 1e6 (1 GHz is 1e9), got 1; host.cpuHz: expected a clock in Hz, at least 1e6 (1 GHz is 1e9), got 3400',
    )
    expect(resolveProfile('fpspin').nic.hpuHz).toBe(40e6)
    expect(parseProfileFile(JSON.stringify({ extends: 'sc19', nic: { hpuHz: 1e6 } }), 'mhz.json').nic.hpuHz).toBe(1e6)
  })

  it('guesses the field a mistyped key meant, as --set does, under a group or in sources only', () => {
    const text = JSON.stringify({ extends: 'sc19', sources: { 'nic.hpu': 'x' }, nic: { hpuHzz: 1, linkGbps: 3 }, extend: 'sc19' })
    expect(() => parseProfileFile(text, 'typo.json')).toThrow(
      'typo.json: unknown field nic.hpuHzz (did you mean nic.hpuHz?); unknown field nic.linkGbps (did you mean network.linkGbps?); ' +
      'unknown field sources.nic.hpu (did you mean sources.nic.hpus?); unknown field extend',
    )
  })

  it('registers a profile under a fresh name that resolves like a built-in', () => {
    // the registry is process-wide (test files may share a worker), so the checks use names only
    // this test registers: a built-in's name and a registered name both get a fresh suffix
    const values = { ...getProfile('sc19'), nic: { ...getProfile('sc19').nic, hpus: 3 } }
    const first = registerProfile({ ...values, name: 'sc19' }, 'test')
    expect(first).toMatch(/^sc19\+custom\d*$/)
    expect(resolveProfile(first).nic.hpus).toBe(3)
    expect(getNamedProfile(first).sources['nic.hpus']).toBe('test')
    expect(getNamedProfile('sc19').values.nic.hpus).toBe(16)
    expect(registerProfile({ ...values, name: 'profile-file-test' }, 'test')).toBe('profile-file-test')
    expect(registerProfile({ ...values, name: 'profile-file-test' }, 'again')).toBe('profile-file-test+custom')
    expect(registerProfile({ ...values, name: 'profile-file-test' }, 'again')).toBe('profile-file-test+custom3')
  })
})
