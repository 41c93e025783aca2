import { describe, expect, it } from 'vitest'
import { getProfile, leafPaths, overrideProblem, parseProfileFile, resolveProfile } from '../src/internal.js'

// Bad profile input gets one line that says what is wrong: a non-finite number, a mistyped
// field, fields a whole-profile file leaves out.
describe('profile input errors', () => {
  const fields = leafPaths(getProfile())

  it('every field rejects Infinity, -Infinity and NaN as not finite', () => {
    for (const f of fields) {
      for (const v of [Infinity, -Infinity, NaN]) {
        expect(() => resolveProfile('sc19', { [f]: v }), `${f}=${v}`).toThrow(`profile sc19: ${f}: must be a finite number, got ${v}`)
      }
      for (const text of ['Infinity', '-Infinity', '1e400', '-1e400', 'NaN']) {
        expect(overrideProblem(f, text), `${f}=${text}`).toBe(`${f}: must be a finite number, got ${text}`)
      }
    }
  })

  it("the whole output of `profiles NAME --json` given as a file: says to take its values", () => {
    const printed = JSON.stringify({ name: 'sc19', description: 'SC19 setup', values: getProfile(), sources: {} })
    expect(() => parseProfileFile(printed, 'out.json')).toThrow(
      'out.json: this is what `spinmpi profiles NAME --json` prints; a profile file is its "values" object alone, or {"extends": NAME} with the fields to change',
    )
    // its values alone are a profile file
    expect(parseProfileFile(JSON.stringify(getProfile()), 'values.json').nic.hpus).toBe(getProfile().nic.hpus)
  })

  it('a file value of 1e400 (Infinity once parsed) is reported as not finite', () => {
    expect(() => parseProfileFile('{"extends": "sc19", "costs": {"pieceCycles": 1e400}}', 'inf.json')).toThrow(
      'inf.json: costs.pieceCycles: must be a finite number, got Infinity',
    )
    const whole = JSON.stringify({ ...getProfile(), name: 'w' }).replace('"hpuHz":800000000', '"hpuHz":-1e999')
    expect(() => parseProfileFile(whole, 'w.json')).toThrow('w.json: nic.hpuHz: must be a finite number, got -Infinity')
  })

  it('finite values still get their field message, and good ones pass', () => {
    expect(overrideProblem('nic.hpus', 'x')).toBe('nic.hpus: expected a positive integer, got "x"')
    expect(overrideProblem('nic.hpus', '0')).toBe('nic.hpus: expected a positive integer, got 0')
    expect(overrideProblem('nic.hpus', '8')).toBeUndefined()
    expect(overrideProblem('network.latencyNs', 1.5)).toBeUndefined()
  })

  it('an unknown field suggests the known one it most likely meant', () => {
    expect(overrideProblem('nic.hpu', '8')).toBe('unknown field nic.hpu (did you mean nic.hpus?)')
    expect(overrideProblem('nic.HPUS', '8')).toBe('unknown field nic.HPUS (did you mean nic.hpus?)')
    expect(overrideProblem('nic.linkGbps', '8')).toBe('unknown field nic.linkGbps (did you mean network.linkGbps?)')
    expect(overrideProblem('network.nope', '8')).toBe('unknown field network.nope')
    expect(() => resolveProfile('sc19', { 'pcie.lane': 8 })).toThrow('profile sc19: unknown field pcie.lane (did you mean pcie.lanes?)')
    // a full packet must fit the packet buffer (else the first one waits for room forever)
    expect(() => resolveProfile('sc19', { 'network.mtuBytes': 8 * 2 ** 20 }))
      .toThrow('profile sc19: network.mtuBytes: packets of 8388608 B do not fit the packet buffer (nic.pktBufBytes 4194304 B)')
    expect(() => resolveProfile('sc19', { 'nic.pktBufBytes': 2047 })).toThrow('packets of 2048 B do not fit the packet buffer (nic.pktBufBytes 2047 B)')
    expect(resolveProfile('sc19', { 'nic.pktBufBytes': 2048 }).nic.pktBufBytes).toBe(2048)
  })

  it('a whole-profile file that leaves fields out names the first few and points at extends', () => {
    const partial = JSON.stringify({ name: 'x', nic: { hpus: 4 } })
    expect(() => parseProfileFile(partial, 'part.json')).toThrow(
      'part.json: missing network, pcie, host, costs, nic.hpuHz and 12 more (17 in all); a profile file without "extends" ' +
        'must give every field: add "extends": "sc19" to inherit the rest from a named profile (sc19, spin-sc17-discrete, ' +
        'spin-sc17-integrated, pspin, fpspin, myrinet)',
    )
    const { pcie: _pcie, name: _name, ...rest } = getProfile()
    const noPcie = { ...rest, nic: { ...rest.nic, hpus: 0 } }
    expect(() => parseProfileFile(JSON.stringify(noPcie), 'w.json')).toThrow(
      /^w\.json: nic\.hpus: expected a positive integer, got 0; missing name, pcie; a profile file without "extends" must give every field/,
    )
    expect(() => parseProfileFile('{"name": "q", "network": 5}', 'q.json')).toThrow(/^q\.json: network: expected an object of fields, got 5; missing nic, pcie, host, costs;/)
  })
})
