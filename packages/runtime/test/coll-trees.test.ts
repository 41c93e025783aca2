import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { absoluteRank, binaryChildren, binaryParent, binomialChildren, binomialParent, relativeRank } from '../src/collectives/trees.js'

describe('collective trees', () => {
  it('binomial tree on 6 ranks: 0 -> 4, 2, 1; 2 -> 3; 4 -> 5', () => {
    expect(binomialChildren(0, 6)).toEqual([4, 2, 1])
    expect(binomialChildren(2, 6)).toEqual([3])
    expect(binomialChildren(4, 6)).toEqual([5])
    expect(binomialChildren(5, 6)).toEqual([])
    expect([1, 2, 3, 4, 5].map(binomialParent)).toEqual([0, 0, 2, 0, 4])
  })

  it('binary tree on 6 ranks: 0 -> 1, 2; 1 -> 3, 4; 2 -> 5', () => {
    expect(binaryChildren(0, 6)).toEqual([1, 2])
    expect(binaryChildren(1, 6)).toEqual([3, 4])
    expect(binaryChildren(2, 6)).toEqual([5])
    expect([1, 2, 3, 4, 5].map(binaryParent)).toEqual([0, 0, 1, 1, 2])
  })

  it('relative ranks round-trip', () => {
    expect(relativeRank(1, 3, 5)).toBe(3)
    expect(absoluteRank(3, 3, 5)).toBe(1)
  })

  it('every non-root has exactly one parent that lists it as a child (any size)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 300 }), (n) => {
      for (const [children, parent] of [[binomialChildren, binomialParent], [binaryChildren, binaryParent]] as const) {
        const seen = new Array<number>(n).fill(0)
        for (let v = 0; v < n; v++) for (const c of children(v, n)) { seen[c]++; expect(parent(c)).toBe(v) }
        expect(seen[0]).toBe(0)
        for (let v = 1; v < n; v++) expect(seen[v]).toBe(1)
      }
    }))
  })
})
