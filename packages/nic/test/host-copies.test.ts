import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BULK_COPY_MIN, Cluster, HostCopies, ReturnCode, resolveProfile, type HostEvent } from '../src/internal.js'

// Payload copies into host memory wait in the simulator's HostCopies queue and are made in bulk.
// What must not change: the bytes in host memory wherever anything can look at them (host code
// in an event, a handler through ctx.hostBuffer or a DMA read, the end of a run) and every
// simulated time. The reference is the same run with the queue off (every copy made at once).

const pattern = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed * 7 + 1) & 0xff)

describe('HostCopies', () => {
  const op = fc.record({
    // 0, 1: two host buffers; 2: a view 100 B into buffer 0 (same memory, another array)
    dst: fc.integer({ min: 0, max: 2 }), src: fc.integer({ min: 0, max: 3 }),
    dstAt: fc.integer({ min: 0, max: 900 }), srcAt: fc.integer({ min: 0, max: 900 }), len: fc.integer({ min: 0, max: 700 }),
    // the next copy continues this one (as the packets of a message do)
    chain: fc.boolean(), flush: fc.boolean(),
  })

  it('makes the copies of a sequence as copying each at once would, also across flushes and overlaps', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 90 }), (ops) => {
      const make = () => {
        const a = pattern(2000, 1)
        const b = pattern(2000, 2)
        return [a, b, a.subarray(100), pattern(2000, 3)]
      }
      const ref = make()
      const got = make()
      const q = new HostCopies()
      let prev: { dst: number; src: number; dstAt: number; srcAt: number; len: number } | null = null
      for (const o of ops) {
        let { dst, src, dstAt, srcAt } = o
        if (prev !== null && o.chain) ({ dst, src } = prev, dstAt = prev.dstAt + prev.len, srcAt = prev.srcAt + prev.len)
        const len = Math.max(0, Math.min(o.len, ref[dst]!.length - dstAt, ref[src]!.length - srcAt))
        ref[dst]!.set(ref[src]!.subarray(srcAt, srcAt + len), dstAt)
        q.copy(got[dst]!, dstAt, got[src]!, srcAt, len)
        prev = { dst, src, dstAt, srcAt, len }
        if (o.flush) {
          q.flush()
          for (let i = 0; i < 4; i++) expect(Buffer.compare(got[i]!, ref[i]!)).toBe(0)
        }
      }
      q.flush()
      expect(q.size).toBe(0)
      for (let i = 0; i < 4; i++) expect(Buffer.compare(got[i]!, ref[i]!)).toBe(0)
    }), { numRuns: 300 })
  })

  it('merges a copy that continues the previous one into it (one copy per message run)', () => {
    const src = pattern(8192, 4)
    const dst = new Uint8Array(8192)
    const q = new HostCopies()
    for (let off = 0; off < 8192; off += 2048) q.copy(dst, off, src.subarray(off, off + 2048), 0, 2048)
    expect(q.size).toBe(1)
    expect(dst[0]).toBe(0)
    q.flush()
    expect([q.copies, q.bytes]).toEqual([1, 8192])
    expect(Buffer.compare(dst, src)).toBe(0)
  })

  it('merges into the last copy queued only: after another copy, and anew after a flush', () => {
    const src = pattern(8192, 5)
    const dst = new Uint8Array(8192)
    const q = new HostCopies()
    q.copy(dst, 0, src, 0, 1024)
    q.copy(dst, 4096, src, 4096, 1024) // does not continue the first: a second copy
    q.copy(dst, 1024, src, 1024, 1024) // continues the first, which is no longer the last: a third
    q.copy(dst, 2048, src, 2048, 1024) // continues the third: merged
    q.copy(dst, 5120, src, 5120, 1024) // continues the second, not the last: a fourth
    expect(q.size).toBe(4)
    q.flush()
    expect([q.copies, q.bytes]).toEqual([4, 5 * 1024])
    q.copy(dst, 6144, src, 6144, 1024) // continues the copy flushed last: queued on its own
    expect(q.size).toBe(1)
    q.copy(dst, 7168, src, 7168, 1024)
    q.flush()
    expect([q.copies, q.bytes]).toEqual([5, 7 * 1024])
    expect(Buffer.compare(dst.subarray(0, 3072), src.subarray(0, 3072))).toBe(0)
    expect(Buffer.compare(dst.subarray(4096), src.subarray(4096))).toBe(0)
    expect(dst.subarray(3072, 4096).every((b) => b === 0)).toBe(true)
  })
})

/** One run: puts of `sizes` bytes into disjoint parts of node 1's buffer, looked at from host events and handlers. */
function scenario(deferring: boolean, s: Scenario) {
  const profile = resolveProfile('sc19', { 'nic.hpus': s.hpus })
  const c = new Cluster({ nodes: 2, profile, seed: 1, reorder: s.window > 1 ? { window: s.window } : undefined })
  c.sim.hostCopies.deferring = deferring
  const total = s.sizes.reduce((a, b) => a + b, 0)
  const host = new Uint8Array(total + 64)
  const looks: number[][] = []
  const peek = () => {
    // A digest of host memory: one number per 64 B, so a missing packet shows.
    const d: number[] = []
    for (let i = 0; i < host.length; i += 64) d.push(host[i]! + 256 * host[Math.min(host.length - 1, i + 63)]!)
    return d
  }
  let base = 0
  s.sizes.forEach((bytes, m) => {
    const at = base
    // Every other message, when s.deposits, goes the non-processing path (no handler: deposited).
    const deposit = s.deposits && m % 2 === 1
    c.nic(1).postMe({
      matchBits: BigInt(m + 1), length: bytes, hostBuffer: host.subarray(at, at + bytes), context: deposit ? undefined : {
        hpuMemBytes: 0, hostBuffer: host.subarray(at, at + bytes),
        payload: (ctx, pkt) => {
          // Every few packets the handler looks at host memory (through the API) first.
          // (ctx.hostBuffer first: a handler sees host memory through its context, as on a NIC.)
          if (s.peekEvery > 0 && pkt.index % s.peekEvery === 0) looks.push([ctx.now, ctx.hostBuffer![0]!, ...peek()])
          const cut = Math.min(pkt.length, s.split)
          ctx.dmaToHost(pkt.offset, pkt.data, 0, cut, { noEvent: true })
          if (cut < pkt.length) ctx.dmaToHost(pkt.offset + cut, pkt.data, cut, pkt.length - cut, { noEvent: true })
          return ReturnCode.SUCCESS
        },
      },
    })
    base += bytes
  })
  const src = pattern(total, 5)
  let off = 0
  s.sizes.forEach((bytes, m) => {
    c.nic(0).put({ target: 1, matchBits: BigInt(m + 1), bytes, data: src.subarray(off, off + bytes) })
    off += bytes
  })
  // Host code looking at memory at arbitrary times (plain events, as the runtime's are).
  for (const t of s.looks) c.sim.at(t, () => looks.push([c.sim.now, ...peek()]))
  c.run()
  const events = c.nic(1).events.log.map((e: HostEvent) => [e.kind, e.time])
  expect(Buffer.compare(host.subarray(0, total), src)).toBe(0)
  return { looks, events, now: c.sim.now, executed: c.sim.executed, bytes: [...host] }
}

interface Scenario { sizes: number[]; hpus: number; window: number; split: number; peekEvery: number; looks: number[]; deposits: boolean }

describe('payload copies made in bulk', () => {
  it('give the same host bytes at every point host code or a handler looks, and the same times, under random packet orders', () => {
    const scenarioArb = fc.record({
      sizes: fc.array(fc.integer({ min: 1, max: 5 * 2048 + 700 }), { minLength: 1, maxLength: 4 }),
      hpus: fc.constantFrom(1, 2, 4, 16),
      window: fc.constantFrom(1, 2, 4, 8),
      // where a handler cuts its packet in two DMAs: below, at and above BULK_COPY_MIN
      split: fc.constantFrom(100, BULK_COPY_MIN - 1, BULK_COPY_MIN, 1500, 2048),
      peekEvery: fc.constantFrom(0, 3, 7),
      looks: fc.array(fc.integer({ min: 0, max: 3_000_000 }), { maxLength: 12 }),
      deposits: fc.boolean(),
    })
    fc.assert(fc.property(scenarioArb, (s) => {
      const queued = scenario(true, s)
      const atOnce = scenario(false, s)
      expect(queued).toEqual(atOnce)
    }), { numRuns: 120 })
  })

  it('queues a message of long packets as one copy and makes it before the host hears of it', () => {
    const profile = resolveProfile('sc19', { 'nic.hpus': 16 })
    const c = new Cluster({ nodes: 2, profile, seed: 1 })
    const host = new Uint8Array(16 * 2048)
    const src = pattern(host.length, 6)
    c.nic(1).postMe({
      matchBits: 1n, length: host.length, hostBuffer: host, context: {
        hpuMemBytes: 0, hostBuffer: host,
        payload: (ctx, pkt) => {
          ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true })
          return ReturnCode.SUCCESS
        },
      },
    })
    c.nic(0).put({ target: 1, matchBits: 1n, bytes: src.length, data: src })
    let seen = -1
    c.nic(1).events.listen((e) => e.kind === 'put', () => { seen = Buffer.compare(host, src) })
    c.run()
    // Two copies: the sender's injection-done event (host code) comes while packets are in flight.
    expect([c.sim.hostCopies.copies, c.sim.hostCopies.bytes]).toEqual([2, host.length])
    expect(Buffer.compare(host, src)).toBe(0)
    return Promise.resolve().then(() => expect(seen).toBe(0))
  })
})

describe('queued payload copies and the ways control returns to host code', () => {
  /** A 16-packet put through the copy handler into `host`, with a counting event on the ME. */
  function copyPut(deferring: boolean) {
    const profile = resolveProfile('sc19', { 'nic.hpus': 16 })
    const c = new Cluster({ nodes: 2, profile, seed: 1 })
    c.sim.hostCopies.deferring = deferring
    const host = new Uint8Array(16 * 2048)
    const src = pattern(host.length, 8)
    const counter = c.nic(1).counter()
    c.nic(1).postMe({
      matchBits: 1n, length: host.length, hostBuffer: host, counter, context: {
        hpuMemBytes: 0, hostBuffer: host,
        payload: (ctx, pkt) => {
          ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true })
          return ReturnCode.SUCCESS
        },
      },
    })
    c.nic(0).put({ target: 1, matchBits: 1n, bytes: src.length, data: src })
    return { c, host, src, counter }
  }

  it('a process woken by the counting event sees every byte (runAsync)', async () => {
    const { c, host, src, counter } = copyPut(true)
    let seen = -1
    const process = (async () => {
      await counter.waitFor(1)
      seen = Buffer.compare(host, src)
    })()
    await c.runAsync()
    await process
    expect(seen).toBe(0)
  })

  it('host memory after each step() is what copying at once gives', () => {
    const digests = (deferring: boolean) => {
      const { c, host } = copyPut(deferring)
      const out: number[] = []
      while (c.sim.step()) out.push(host.reduce((a, b) => (a * 31 + b) | 0, 0))
      return out
    }
    expect(digests(true)).toEqual(digests(false))
  })
})
