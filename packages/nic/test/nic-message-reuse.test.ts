// The NIC reuses its send records and the network its message objects. Random puts and
// streaming puts (sizes across the MTU, random issue times, acks, packet loss, duplicates and
// reordering): every 'send' event must name a put its own node issued, exactly once, and every
// 'put' event at a target the header of the put it received, with that put's bytes.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Cluster, type MessageHeader } from '../src/index.js'

const MTU = 2048

interface Put {
  src: number
  dst: number
  bytes: number
  at: number
  ack: boolean
  stream: boolean
}

const puts = fc.array(
  fc.record({
    src: fc.integer({ min: 0, max: 2 }),
    dst: fc.integer({ min: 0, max: 2 }),
    bytes: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 4 * MTU + 5 })),
    at: fc.integer({ min: 0, max: 3_000_000 }),
    ack: fc.boolean(),
    stream: fc.boolean(),
  }),
  { minLength: 1, maxLength: 30 },
)

function fill(k: number, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (k * 13 + i * 5) & 255)
}

describe('NIC message objects under reuse', () => {
  it('send, ack and put events name the right message (random puts, faults, reordering)', () => {
    fc.assert(
      fc.property(puts, fc.boolean(), fc.boolean(), (list: Put[], faults, reorder) => {
        const c = new Cluster({
          nodes: 3, profile: 'sc19', seed: 3,
          ...(faults ? { faults: { drop: 0.05, duplicate: 0.05 } } : {}),
          ...(reorder ? { reorder: { window: 3 } } : {}),
        })
        const total = list.reduce((a, p) => a + p.bytes, 0)
        const hosts = [0, 1, 2].map(() => new Uint8Array(Math.max(1, total)))
        // each put lands at its own offset of the target's ME (remoteOffset)
        for (let n = 0; n < 3; n++) c.nic(n).postMe({ matchBits: 1n, length: hosts[n]!.length, hostBuffer: hosts[n]!, useOnce: false })
        const issued = new Map<MessageHeader, { k: number; p: Put; offset: number }>()
        let offset = 0
        list.forEach((p, k) => {
          const at = offset
          offset += p.bytes
          c.sim.at(p.at, () => {
            const data = fill(k, p.bytes)
            const dest = { target: p.dst, matchBits: 1n, remoteOffset: at, ack: p.ack }
            let h: MessageHeader
            if (p.stream && p.bytes > 1) {
              const half = p.bytes >> 1
              const s = c.nic(p.src).sputStart(dest, p.bytes, data.subarray(0, half), half)
              c.nic(p.src).sputStream(s, data.subarray(half), p.bytes - half, true)
              h = s.header
            } else {
              h = c.nic(p.src).put({ ...dest, bytes: p.bytes, data })
            }
            issued.set(h, { k, p, offset: at })
          })
        })
        c.run()
        const sent = new Set<MessageHeader>()
        let landed = 0
        for (let n = 0; n < 3; n++) {
          for (const e of c.nic(n).events.log) {
            const m = issued.get(e.header)
            expect(m).toBeDefined()
            if (e.kind === 'send') {
              expect(m!.p.src).toBe(n)
              expect(e.length).toBe(m!.p.bytes)
              expect(sent.has(e.header)).toBe(false)
              sent.add(e.header)
            } else if (e.kind === 'put') {
              expect(m!.p.dst).toBe(n)
              landed++
              expect([e.length, e.hostOffset]).toEqual([m!.p.bytes, m!.offset])
              expect(Array.from(hosts[n]!.subarray(m!.offset, m!.offset + m!.p.bytes))).toEqual(Array.from(fill(m!.k, m!.p.bytes)))
            } else if (e.kind === 'ack') {
              expect(m!.p.src).toBe(n)
              expect(m!.p.ack).toBe(true)
            }
          }
        }
        expect(sent.size).toBe(list.length)
        expect(landed).toBe(list.length)
      }),
      { numRuns: 120 },
    )
  })
})
