// InboundMessage.markSeen keeps the first 31 packet indices as bits of a number and the rest in a
// byte array made on demand; either way it must answer as a set of seen indices does.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InboundMessage } from '../src/nic/inbound-message.js'
import type { MessageHeader } from '../src/nic/handler-api.js'

const header = { source: 0, target: 1, matchBits: 0n, length: 0, remoteOffset: 0, hdrData: 0, userHeader: [], messageId: 0 } as unknown as MessageHeader

describe('InboundMessage.markSeen', () => {
  it('answers like a set of indices (random indices around the 31-bit boundary and beyond, repeats)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 300 })), { maxLength: 200 }), (indices) => {
        const msg = new InboundMessage(header, { handlerFinished: () => {} })
        const set = new Set<number>()
        for (const i of indices) {
          expect(msg.markSeen(i)).toBe(!set.has(i))
          set.add(i)
        }
      }),
    )
  })

  it('needs no byte array for a message of up to 31 packets', () => {
    const msg = new InboundMessage(header, { handlerFinished: () => {} })
    for (let i = 30; i >= 0; i--) expect(msg.markSeen(i)).toBe(true)
    expect(msg.markSeen(30)).toBe(false)
    expect(msg.markSeen(0)).toBe(false)
    expect(msg.seen).toBeNull()
    expect(msg.markSeen(31)).toBe(true)
    expect(msg.seen).not.toBeNull()
    expect(msg.markSeen(31)).toBe(false)
  })
})
