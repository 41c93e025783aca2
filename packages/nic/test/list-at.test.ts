import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { insertAt, removeAt } from '../src/net/list-at.js'

// The per-message lists (host-event queues, match lists, NIC memory's free list) edit in place
// instead of splicing; the result must be what splice gives, at every index.
describe('removeAt and insertAt', () => {
  it('remove the same element as splice(i, 1), keeping the order', () => {
    fc.assert(fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 40 }), fc.nat(), (list, k) => {
      const i = k % list.length
      const want = list.slice()
      want.splice(i, 1)
      const got = list.slice()
      removeAt(got, i)
      expect(got).toEqual(want)
    }))
  })

  it('insert where splice(i, 0, x) does, the end included', () => {
    fc.assert(fc.property(fc.array(fc.integer(), { maxLength: 40 }), fc.nat(), fc.integer(), (list, k, x) => {
      const i = k % (list.length + 1)
      const want = list.slice()
      want.splice(i, 0, x)
      const got = list.slice()
      insertAt(got, i, x)
      expect(got).toEqual(want)
    }))
  })

  it('keep a hand-worked case', () => {
    const l = [1, 2, 3]
    insertAt(l, 1, 9)
    expect(l).toEqual([1, 9, 2, 3])
    removeAt(l, 0)
    removeAt(l, 2)
    expect(l).toEqual([9, 2])
  })
})
