// The event heap pops slots in (time, ts) order whatever the push/pop interleaving.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EventHeap } from '../src/event-heap.js'

describe('EventHeap', () => {
  it('pops the smallest (time, ts) first, ts breaking ties', () => {
    const heap = new EventHeap(8)
    const add = (time: number, ts: number) => {
      const s = heap.alloc()
      heap.time[s] = time
      heap.ts[s] = ts
      heap.push(s)
      return s
    }
    const a = add(5, 0)
    const b = add(3, 2)
    const c = add(3, 1)
    const d = add(0, 3)
    expect([heap.pop(), heap.pop(), heap.pop(), heap.pop()]).toEqual([d, c, b, a])
    expect(heap.size).toBe(0)
  })

  it('matches a sorted reference under random pushes and pops', () => {
    const op = fc.oneof(fc.record({ push: fc.nat({ max: 50 }) }), fc.constant({ pop: true as const }))
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const heap = new EventHeap(ops.length + 1)
        const reference: Array<[number, number, number]> = []
        let stamp = 0
        for (const o of ops) {
          if ('push' in o) {
            const s = heap.alloc()
            heap.time[s] = o.push
            heap.ts[s] = stamp
            heap.push(s)
            reference.push([o.push, stamp++, s])
          } else if (reference.length > 0) {
            reference.sort((x, y) => x[0] - y[0] || x[1] - y[1])
            const expected = reference.shift()![2]
            const got = heap.pop()
            expect(got).toBe(expected)
            heap.release(got)
          }
          expect(heap.size).toBe(reference.length)
        }
      }),
      { numRuns: 300 },
    )
  })
})
