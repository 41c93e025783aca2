import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cxxHeapSortByKey, cxxSortByKey } from '../src/cxx-sort.js'

interface SortCase {
  readonly keys: number[]
  readonly sort: number[]
  readonly partialSort: number[]
}
// Orders recorded from g++ 12 / libstdc++ on the same inputs (see the fixture's `source`).
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/libstdcxx-sort.json', import.meta.url), 'utf8'),
) as { cases: SortCase[] }

function run(keys: number[], sorter: typeof cxxSortByKey): number[] {
  const key = Uint8Array.from(keys)
  const ids = Int32Array.from(keys.map((_, i) => i))
  sorter(ids, 0, ids.length, key)
  return Array.from(ids)
}

describe('cxxSortByKey reproduces libstdc++ std::sort tie order', () => {
  it.each(fixture.cases.map((c, i) => [i, c] as const))('case %i', (_i, c) => {
    expect(run(c.keys, cxxSortByKey)).toEqual(c.sort)
    expect(run(c.keys, cxxHeapSortByKey)).toEqual(c.partialSort)
  })

  it('keeps small inputs (up to 16) in stable order, like an insertion sort', () => {
    expect(run([3, 1, 2, 1, 3, 2], cxxSortByKey)).toEqual([1, 3, 2, 5, 0, 4])
  })

  it('sorts a sub-range without touching the rest', () => {
    const ids = Int32Array.from([0, 1, 2, 3])
    cxxSortByKey(ids, 1, 3, Uint8Array.from([9, 2, 1, 0]))
    expect(Array.from(ids)).toEqual([0, 2, 1, 3])
  })
})
