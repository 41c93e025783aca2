import { describe, expect, it } from 'vitest'
import {
  leafPaths,
  listProfiles,
  getProfile,
  resolveProfile,
  parseOverrides,
  ProfileError,
  ProfileSchema,
} from '../src/internal.js'

describe('profiles', () => {
  it('lists sc19 first and every profile validates', () => {
    const names = listProfiles().map((p) => p.name)
    expect(names[0]).toBe('sc19')
    for (const p of listProfiles()) expect(() => ProfileSchema.parse(p.values)).not.toThrow()
  })

  it('every leaf of every profile has a source, and no source names a missing leaf', () => {
    for (const p of listProfiles()) {
      const leaves = leafPaths(p.values)
      for (const leaf of leaves) expect(p.sources[leaf], `${p.name} ${leaf}`).toMatch(/\S{3,}/)
      expect(Object.keys(p.sources).sort()).toEqual([...leaves].sort())
    }
  })

  it('sc19 carries the SC19 §5.1 numbers', () => {
    const p = getProfile('sc19')
    expect(p.network.linkGbps).toBe(200)
    expect(p.network.mtuBytes).toBe(2048)
    expect(p.nic.hpus).toBe(16)
    expect(p.nic.hpuHz).toBe(800e6)
    expect(p.nic.nicMemGiBps).toBe(50)
    expect(p.pcie.gen).toBe(4)
    expect(p.pcie.lanes).toBe(32)
    expect([p.pcie.encodingDataBits, p.pcie.encodingLineBits]).toEqual([128, 130])
    expect(p.host.cpuHz).toBe(3.4e9)
    expect(p.costs.iovecEntriesPerRead).toBe(32)
    expect(p.costs.iovecReadNs).toBe(500)
  })

  it('overrides from strings are coerced and applied without touching the named profile', () => {
    const p = resolveProfile('sc19', parseOverrides(['nic.hpus=8', 'network.latencyNs=1.5e2']))
    expect(p.nic.hpus).toBe(8)
    expect(p.network.latencyNs).toBe(150)
    expect(getProfile('sc19').nic.hpus).toBe(16)
    expect(resolveProfile('sc19', { 'pcie.lanes': 16 }).pcie.lanes).toBe(16)
  })

  it('errors name the profile and the field in one line', () => {
    expect(() => resolveProfile('sc19', { 'nic.hpus': 'x' })).toThrow(
      new ProfileError('profile sc19: nic.hpus: expected a positive integer, got "x"'),
    )
    expect(() => resolveProfile('sc19', { 'nic.hpus': 0 })).toThrow('profile sc19: nic.hpus: expected a positive integer, got 0')
    expect(() => resolveProfile('sc19', { 'nic.hpus': 2.5 })).toThrow('nic.hpus: expected a positive integer, got 2.5')
    expect(() => resolveProfile('sc19', { 'nic.hpuz': 3 })).toThrow('profile sc19: unknown field nic.hpuz')
    expect(() => resolveProfile('sc19', { 'pcie.gen': 7 })).toThrow('profile sc19: pcie.gen: expected a PCIe generation 1..5, got 7')
    expect(() => resolveProfile('nope')).toThrow(/unknown profile "nope" \(known: sc19/)
    expect(() => parseOverrides(['nic.hpus'])).toThrow(ProfileError)
  })

  it('validates whole objects and rejects unknown keys in them', () => {
    const obj = { ...getProfile('sc19'), name: 'mine' }
    expect(resolveProfile(obj).name).toBe('mine')
    const bad = { ...obj, nic: { ...obj.nic, hpuz: 1 } }
    expect(() => resolveProfile(bad)).toThrow('profile mine: unknown field nic.hpuz')
    const missing = structuredClone(obj) as { network: Partial<typeof obj.network> }
    delete missing.network.mtuBytes
    expect(() => resolveProfile(missing)).toThrow('profile mine: network.mtuBytes: expected a positive integer, got nothing')
  })
})
