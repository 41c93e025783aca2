// The honesty rule: a value fitted to a claim is labelled "calibrated" wherever it is shown.
// docs/calibration.md's table of fitted constants and the sc19 sources must agree.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { getProfile, listProfiles } from '../src/internal.js'

const doc = readFileSync(fileURLToPath(new URL('../../../docs/calibration.md', import.meta.url)), 'utf8')

/** Constants named in the first column of the "Each constant and the claim it was set from" table. */
function calibratedInDoc(): string[] {
  const section = doc.split('## Each constant and the claim it was set from')[1]?.split('\n## ')[0] ?? ''
  const rows = section.split('\n').filter((l) => l.startsWith('| `'))
  return rows.flatMap((l) => [...(l.split('|')[1] ?? '').matchAll(/`([a-z]+\.[A-Za-z]+)`/g)].map((m) => m[1]!))
}

describe('calibrated values are labelled calibrated', () => {
  it('docs/calibration.md lists the fitted constants', () => {
    expect(calibratedInDoc().length).toBeGreaterThanOrEqual(9)
  })

  it('every constant docs/calibration.md lists has an sc19 source starting "calibrated", and no other does', () => {
    const sources = listProfiles().find((p) => p.name === 'sc19')!.sources
    const listed = calibratedInDoc()
    for (const k of listed) {
      expect(sources[k], k).toBeDefined()
      expect(sources[k], k).toMatch(/^calibrated /)
    }
    const labelled = Object.keys(sources).filter((k) => sources[k]!.startsWith('calibrated'))
    expect(labelled.sort()).toEqual([...listed].sort())
    expect(getProfile('sc19').nic.handlerDispatchNs).toBe(30)
  })

  it('no profile calls a value "to be calibrated"', () => {
    for (const p of listProfiles()) {
      for (const [k, s] of Object.entries(p.sources)) expect(s, `${p.name} ${k}`).not.toMatch(/to be calibrated/i)
    }
  })
})
