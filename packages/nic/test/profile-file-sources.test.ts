import { describe, expect, it } from 'vitest'
import { getNamedProfile, leafPaths, readProfileFile, registerProfile, withOverrides } from '../src/internal.js'

// Where each value of a profile file came from: the file for what it sets, the extended profile
// (and what that one extends) for the rest.
describe('sources of profile file values', () => {
  const sc19 = getNamedProfile('sc19')
  const read = (file: object, label = 'mine.json') => readProfileFile(JSON.stringify(file), label)

  it('credits set values to the file and keeps the extended profile sources for the rest', () => {
    const p = read({ extends: 'sc19', name: 'mine', nic: { hpus: 8 }, network: { eagerLimitBytes: 4096 } })
    expect(p.sources['nic.hpus']).toBe('profile file mine.json')
    expect(p.sources['network.eagerLimitBytes']).toBe('profile file mine.json')
    const inherited = leafPaths(p.values).filter((f) => f !== 'nic.hpus' && f !== 'network.eagerLimitBytes')
    expect(inherited).toHaveLength(leafPaths(p.values).length - 2)
    for (const f of inherited) expect(p.sources[f], f).toBe(sc19.sources[f])
    expect(Object.keys(p.sources).sort()).toEqual(leafPaths(p.values).sort())
  })

  it('keeps sources through chained extends (a file on spin-sc17-integrated, itself on discrete, on sc19)', () => {
    const p = read({ extends: 'spin-sc17-integrated', pcie: { lanes: 8 } })
    const integrated = getNamedProfile('spin-sc17-integrated')
    expect(p.sources['pcie.lanes']).toBe('profile file mine.json')
    expect(p.sources['pcie.latencyNs']).toBe(integrated.sources['pcie.latencyNs'])
    expect(p.sources['pcie.latencyNs']).toMatch(/SC17 §4\.3: integrated/)
    expect(p.sources['nic.hpus']).toMatch(/SC17 §4\.2/) // from discrete
    expect(p.sources['costs.pieceCycles']).toBe(sc19.sources['costs.pieceCycles']) // from sc19
  })

  it('keeps the sources of a registered profile it extends', () => {
    const first = read({ extends: 'sc19', name: 'sources-test-base', nic: { hpus: 8 } }, 'base.json')
    const name = registerProfile(first.values, first.description, first.sources)
    const second = read({ extends: name, nic: { hpuHz: 1e9 } }, 'second.json')
    expect(second.sources['nic.hpus']).toBe('profile file base.json')
    expect(second.sources['nic.hpuHz']).toBe('profile file second.json')
    expect(second.sources['nic.matchNs']).toBe(sc19.sources['nic.matchNs'])
  })

  it('uses the file own sources for the fields it sets, and rejects sources for others', () => {
    const p = read({ extends: 'sc19', nic: { hpus: 8, hpuHz: 1e9 }, sources: { 'nic.hpus': 'our testbed' } })
    expect(p.sources['nic.hpus']).toBe('our testbed')
    expect(p.sources['nic.hpuHz']).toBe('profile file mine.json')
    expect(() => read({ extends: 'sc19', nic: { hpus: 8 }, sources: { 'nic.hpuHz': 'x' } })).toThrow(
      'mine.json: sources: nic.hpuHz is not set by this file (it keeps the source of sc19)',
    )
    expect(() => read({ extends: 'sc19', sources: { 'nic.hpu': 'x' } })).toThrow('mine.json: unknown field sources.nic.hpu')
    expect(() => read({ extends: 'sc19', nic: { hpus: 8 }, sources: { 'nic.hpus': '' } })).toThrow('mine.json: sources.nic.hpus: expected a source, got ""')
  })

  it('credits a whole-profile file with every value, except where its sources say otherwise', () => {
    const p = read({ ...sc19.values, name: 'whole', sources: { 'nic.hpus': 'datasheet' } }, 'whole.json')
    expect(p.sources['nic.hpus']).toBe('datasheet')
    for (const f of leafPaths(p.values).filter((f) => f !== 'nic.hpus')) expect(p.sources[f]).toBe('profile file whole.json')
  })

  it('withOverrides marks only the overridden fields, and registerProfile keeps given sources', () => {
    const file = read({ extends: 'sc19', nic: { hpus: 8 } })
    const p = withOverrides(file, { 'network.mtuBytes': '4096' }, () => 'override (--set)')
    expect(p.values.network.mtuBytes).toBe(4096)
    expect(p.sources['network.mtuBytes']).toBe('override (--set)')
    expect(p.sources['nic.hpus']).toBe('profile file mine.json')
    expect(p.sources['nic.hpuHz']).toBe(sc19.sources['nic.hpuHz'])
    const name = registerProfile({ ...p.values, name: 'sources-test-set' }, 'fallback', { 'nic.hpus': 'x' })
    expect(getNamedProfile(name).sources['nic.hpus']).toBe('x')
    expect(getNamedProfile(name).sources['nic.hpuHz']).toBe('fallback')
  })
})
