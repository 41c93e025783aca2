// HeaderMap (the inbound engine's messages in flight) against a Map under random operations,
// with headers that share sources and message ids (identity, not the numbers, is the key).

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HeaderMap } from '../src/nic/header-map.js'
import type { MessageHeader } from '../src/nic/handler-api.js'

function headers(n: number): MessageHeader[] {
  const out: MessageHeader[] = []
  for (let i = 0; i < n; i++) {
    out.push({ source: i % 5, target: 0, matchBits: 0n, length: 0, remoteOffset: 0, hdrData: 0, userHeader: [], messageId: i % 7 === 0 ? 3 : i })
  }
  return out
}

describe('HeaderMap', () => {
  it('answers get, set, delete and size like a Map (random operations, growth, colliding ids)', () => {
    const pool = headers(80)
    const op = fc.tuple(fc.constantFrom('set', 'delete', 'get'), fc.integer({ min: 0, max: pool.length - 1 }), fc.integer())
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const m = new HeaderMap<number>()
        const ref = new Map<MessageHeader, number>()
        for (const [kind, k, v] of ops) {
          const h = pool[k]!
          if (kind === 'set') {
            m.set(h, v)
            ref.set(h, v)
          } else if (kind === 'delete') {
            expect(m.delete(h)).toBe(ref.delete(h))
          } else {
            expect(m.get(h)).toBe(ref.get(h))
          }
          expect(m.size).toBe(ref.size)
        }
        for (const h of pool) expect(m.get(h)).toBe(ref.get(h))
      }),
    )
  })
})
