// IntMap (the endpoint's routes) against a JS Map: random runs of set / delete / get / has over
// keys that collide in a small table, with growth and backward-shift deletion in between.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { IntMap } from '../src/comm/int-map.js'

const op = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 80 }), value: fc.integer() }),
  fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(2 ** 32, 2 ** 32 + 16, 2 ** 40, 2 ** 53 - 1), value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 80 }) }),
  fc.record({ kind: fc.constant('get' as const), key: fc.integer({ min: 0, max: 80 }) }),
)

describe('IntMap', () => {
  it('behaves as a Map of integer keys under any sequence of operations', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
      const m = new IntMap<number>(2)
      const ref = new Map<number, number>()
      for (const o of ops) {
        if (o.kind === 'set') {
          m.set(o.key, o.value)
          ref.set(o.key, o.value)
        } else if (o.kind === 'delete') {
          expect(m.delete(o.key)).toBe(ref.delete(o.key))
        }
        expect(m.get(o.key)).toBe(ref.get(o.key))
        expect(m.has(o.key)).toBe(ref.has(o.key))
        expect(m.size).toBe(ref.size)
      }
      for (const k of ref.keys()) expect(m.get(k)).toBe(ref.get(k))
      // forEach visits every entry once
      const seen: [number, number][] = []
      m.forEach((k, v) => seen.push([k, v]))
      expect(seen.sort((a, b) => a[0] - b[0])).toEqual([...ref.entries()].sort((a, b) => a[0] - b[0]))
    }), { numRuns: 300, seed: 14 })
  })

  it('refuses keys that are not non-negative integers', () => {
    const m = new IntMap<string>()
    expect(() => m.set(-1, 'a')).toThrow(RangeError)
    expect(() => m.set(1.5, 'a')).toThrow(/not a non-negative integer/)
  })
})
