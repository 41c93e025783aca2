import { describe, expect, it } from 'vitest'
import { ANY_SOURCE, Cluster, NicInputError, ReturnCode } from '../src/index.js'

function cluster(nodes = 3) {
  return new Cluster({ nodes, profile: 'sc19', seed: 1 })
}

const bytesOf = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i + seed) & 0xff)

describe('matching', () => {
  it('searches the priority list before the overflow list', () => {
    const c = cluster()
    const pri = new Uint8Array(16)
    const ovf = new Uint8Array(64)
    const overflow = c.nic(1).postMe({ matchBits: 5n, list: 'overflow', useOnce: false, manageLocal: true, length: 64, hostBuffer: ovf })
    const priority = c.nic(1).postMe({ matchBits: 5n, length: 16, hostBuffer: pri })
    c.nic(0).put({ target: 1, matchBits: 5n, bytes: 16, data: bytesOf(16, 1) })
    c.run()
    const put = c.nic(1).events.log.find((e) => e.kind === 'put')!
    expect(put.meId).toBe(priority.id)
    expect(pri).toEqual(bytesOf(16, 1))
    expect(ovf.every((b) => b === 0)).toBe(true)
    expect(overflow.linked).toBe(true)
  })

  it('honours ignore bits and the source filter', () => {
    const c = cluster()
    const host = new Uint8Array(8)
    // accept any low byte (ignored) but only from node 2
    c.nic(1).postMe({ matchBits: 0xab00n, ignoreBits: 0xffn, source: 2, length: 8, hostBuffer: host })
    c.nic(0).put({ target: 1, matchBits: 0xab17n, bytes: 8, data: bytesOf(8, 9) })
    c.nic(2).put({ target: 1, matchBits: 0xab42n, bytes: 8, data: bytesOf(8, 3) })
    c.nic(2).put({ target: 1, matchBits: 0xac42n, bytes: 8, data: bytesOf(8, 5) })
    c.run()
    const kinds = c.nic(1).events.log.filter((e) => e.kind === 'put' || e.kind === 'dropped').map((e) => [e.kind, e.header!.source, e.header!.matchBits])
    expect(kinds).toContainEqual(['put', 2, 0xab42n])
    expect(kinds).toContainEqual(['dropped', 0, 0xab17n])
    expect(kinds).toContainEqual(['dropped', 2, 0xac42n])
    expect(host).toEqual(bytesOf(8, 3))
  })

  it('a use-once ME is unlinked after one message; a persistent one stays', () => {
    const c = cluster()
    const once = c.nic(1).postMe({ matchBits: 1n, length: 8, hostBuffer: new Uint8Array(8) })
    const keep = c.nic(1).postMe({ matchBits: 2n, useOnce: false, length: 8, hostBuffer: new Uint8Array(8) })
    for (let i = 0; i < 2; i++) {
      c.nic(0).put({ target: 1, matchBits: 1n, bytes: 8, data: bytesOf(8, i) })
      c.nic(0).put({ target: 1, matchBits: 2n, bytes: 8, data: bytesOf(8, i) })
    }
    c.run()
    const log = c.nic(1).events.log
    expect(log.filter((e) => e.kind === 'put' && e.meId === once.id)).toHaveLength(1)
    expect(log.filter((e) => e.kind === 'put' && e.meId === keep.id)).toHaveLength(2)
    expect(log.filter((e) => e.kind === 'unlink').map((e) => e.meId)).toEqual([once.id])
    expect(log.filter((e) => e.kind === 'dropped')).toHaveLength(1)
    expect(once.linked).toBe(false)
    expect(keep.linked).toBe(true)
  })

  it('unexpected message, then a late priority post finds it (put-overflow)', () => {
    const c = cluster()
    const ovf = new Uint8Array(256)
    c.nic(1).postMe({ matchBits: 0n, ignoreBits: ~0n & 0xffffffffffffffffn, list: 'overflow', useOnce: false, manageLocal: true, length: 256, hostBuffer: ovf })
    c.nic(0).put({ target: 1, matchBits: 77n, bytes: 10, data: bytesOf(10, 4), hdrData: 99 })
    c.run()
    const unexpected = c.nic(1).events.log.find((e) => e.kind === 'unexpected')!
    expect(unexpected.header.hdrData).toBe(99)
    expect(Array.from(ovf.subarray(0, 10))).toEqual(Array.from(bytesOf(10, 4)))
    expect(c.nic(1).probe({ matchBits: 77n, source: ANY_SOURCE })).not.toBeNull()
    const late = c.nic(1).postMe({ matchBits: 77n, length: 10, hostBuffer: new Uint8Array(10) })
    const ev = c.nic(1).events.log.at(-1)!
    if (ev.kind !== 'put-overflow' || unexpected.kind !== 'unexpected') throw new Error(`expected put-overflow, got ${ev.kind}`)
    expect(ev.meId).toBe(late.id)
    expect(ev.unexpected.hostOffset).toBe(0)
    // The claim of a message already in carries the message's own first-byte time, not the claim's.
    expect(ev.firstByteAt).toBe(unexpected.firstByteAt)
    expect(ev.firstByteAt).toBeLessThan(ev.time)
    expect(late.linked).toBe(false) // consumed by the unexpected message
    expect(c.nic(1).matching.unexpectedCount).toBe(0)
  })

  it('a _PENDING header return keeps a use-once ME linked for the next message', () => {
    const c = cluster()
    const host = new Uint8Array(16)
    let n = 0
    const me = c.nic(1).postMe({
      matchBits: 3n, length: 16, hostBuffer: host,
      context: { hpuMemBytes: 0, hostBuffer: host, header: () => (n++ === 0 ? ReturnCode.PROCEED_PENDING : ReturnCode.PROCEED) },
    })
    c.nic(0).put({ target: 1, matchBits: 3n, bytes: 8, data: bytesOf(8, 1) })
    c.run()
    expect(me.linked).toBe(true)
    expect(c.nic(1).events.log.filter((e) => e.kind === 'put')).toHaveLength(0)
    c.nic(0).put({ target: 1, matchBits: 3n, bytes: 8, data: bytesOf(8, 2), remoteOffset: 8 })
    c.run()
    expect(c.nic(1).events.log.filter((e) => e.kind === 'put')).toHaveLength(1)
    expect(me.linked).toBe(false)
    expect(Array.from(host)).toEqual([...bytesOf(8, 1), ...bytesOf(8, 2)])
  })

  it('rejects bad ME options with an error naming the field', () => {
    const c = cluster()
    expect(() => c.nic(1).postMe({ matchBits: 1n, length: -1 })).toThrow(NicInputError)
    expect(() => c.nic(1).postMe({ matchBits: 1n, length: -1 })).toThrow(/me\.length/)
    expect(() => c.nic(1).postMe({ matchBits: 1n, length: 8, context: { hpuMemBytes: 8, hostBuffer: null, policy: { kind: 'blockedRR', deltaP: 0, vhpus: 1 } } }))
      .toThrow(/me\.context\.policy\.deltaP/)
  })
})
