// docs/profiles.md and docs/calibration.md show each profile value with its source: they must be
// the values and sources the profiles hold (a source edited in one place only, or a refitted
// value, would otherwise leave the docs naming another number or another section of the paper).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { getProfile, listProfiles } from '../src/internal.js'

const read = (doc: string) => readFileSync(fileURLToPath(new URL(`../../../docs/${doc}`, import.meta.url)), 'utf8')

/** The value at a dotted path of a profile. */
function valueAt(profile: object, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], profile)
}

describe('docs/profiles.md', () => {
  const doc = read('profiles.md')
  for (const named of listProfiles()) {
    // sc19 lists every value; the others list what they change ("values not listed are sc19's")
    it(`lists ${named.name}'s values with the profile's value and source`, () => {
      const section = doc.split(new RegExp(`\\n### ${named.name}\\b[^\\n]*\\n`))[1]?.split('\n### ')[0] ?? ''
      const rows = section.split('\n').filter((l) => l.startsWith('| `'))
      if (named.name === 'sc19') expect(rows.length).toBe(Object.keys(named.sources).length)
      expect(rows.length, named.name).toBeGreaterThan(0)
      for (const row of rows) {
        const [field, value, ...source] = row.replace(/^\| /, '').replace(/ \|$/, '').split(' | ')
        const path = field!.replace(/`/g, '')
        expect(value, `${named.name} ${path}`).toBe(String(valueAt(getProfile(named.name), path)))
        expect(source.join(' | '), `${named.name} ${path}`).toBe(named.sources[path])
      }
    })
  }
})

describe('docs/calibration.md', () => {
  it('gives each fitted constant the value sc19 holds', () => {
    const section = read('calibration.md').split('## Each constant and the claim it was set from')[1]!.split('\n## ')[0]!
    const rows = section.split('\n').filter((l) => l.startsWith('| `'))
    expect(rows.length).toBe(6)
    const sc19 = getProfile('sc19')
    for (const row of rows) {
      const [names, value] = row.split('|').slice(1, 3)
      const paths = [...names!.matchAll(/`([a-z]+\.[A-Za-z]+)`/g)].map((m) => m[1]!)
      // the leading number of each comma-separated part, parenthesised remarks left out
      const numbers = value!.replace(/\([^)]*\)/g, '').split(',').map((v) => Number.parseFloat(v))
      expect(numbers, row).toEqual(paths.map((p) => valueAt(sc19, p)))
    }
  })
})
