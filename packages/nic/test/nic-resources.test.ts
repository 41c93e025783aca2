import { describe, expect, it } from 'vitest'
import { Cluster, NicMemoryError, ReturnCode, resolveProfile, type ExecutionContextSpec } from '../src/index.js'

const slowCopy = (cycles: number, host: Uint8Array | null): ExecutionContextSpec => ({
  hpuMemBytes: 0,
  hostBuffer: host,
  payload: (ctx, pkt) => { ctx.cycles(cycles); ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true }); return ReturnCode.SUCCESS },
})

describe('packet buffer', () => {
  it('back-pressures the link when full (lossless): every byte still arrives', () => {
    const profile = resolveProfile('sc19', { 'nic.hpus': 1, 'nic.pktBufBytes': 4 * 2048 })
    const c = new Cluster({ nodes: 2, profile, seed: 1 })
    const bytes = 64 * 2048
    const host = new Uint8Array(bytes)
    c.nic(1).postMe({ matchBits: 0n, length: bytes, hostBuffer: host, context: slowCopy(2000, host) })
    const src = Uint8Array.from({ length: bytes }, (_, i) => (i * 13) & 0xff)
    c.nic(0).put({ target: 1, matchBits: 0n, bytes, data: src })
    c.run()
    const nic = c.nic(1)
    expect(nic.stats.backPressureEvents).toBeGreaterThan(0)
    expect(nic.buffer.peak).toBeLessThanOrEqual(4 * 2048)
    expect(nic.buffer.peak).toBe(4 * 2048)
    expect(nic.stats.flowControlDrops).toBe(0)
    expect(Buffer.compare(host, src)).toBe(0)
    expect(c.network.isPaused(1)).toBe(false)
  })

  it('with flow control on the ME, a full buffer drops packets and tells the completion handler', () => {
    const profile = resolveProfile('sc19', { 'nic.hpus': 1, 'nic.pktBufBytes': 4 * 2048 })
    const c = new Cluster({ nodes: 2, profile, seed: 1 })
    const bytes = 64 * 2048
    const host = new Uint8Array(bytes)
    let seen: { dropped: number; fc: boolean } | null = null
    c.nic(1).postMe({
      matchBits: 0n, length: bytes, hostBuffer: host, flowControl: true,
      context: { ...slowCopy(2000, host), completion: (_ctx, info) => { seen = { dropped: info.droppedBytes, fc: info.flowControlTriggered }; return ReturnCode.SUCCESS } },
    })
    c.nic(0).put({ target: 1, matchBits: 0n, bytes, data: new Uint8Array(bytes).fill(1) })
    c.run()
    const nic = c.nic(1)
    const processed = nic.stats.packetsProcessed
    expect(seen).not.toBeNull()
    expect(seen!.fc).toBe(true)
    expect(seen!.dropped).toBe((64 - processed) * 2048)
    expect(nic.stats.flowControlDrops).toBe(64 - processed)
    expect(nic.stats.backPressureEvents).toBe(0)
    expect(host.reduce((a, b) => a + b, 0)).toBe(processed * 2048)
    expect(nic.events.log.find((e) => e.kind === 'put')!.droppedBytes).toBe(seen!.dropped)
  })
})

describe('NIC memory', () => {
  it('allocates at post, fails with NicMemoryError when exhausted, frees at unlink, coalesces', () => {
    const profile = resolveProfile('sc19', { 'nic.nicMemBytes': 4096, 'nic.hpuMemBytes': 4096 })
    const c = new Cluster({ nodes: 2, profile, seed: 1 })
    const nic = c.nic(1)
    const ctx = (n: number): ExecutionContextSpec => ({ hpuMemBytes: n, hostBuffer: null })
    const a = nic.postMe({ matchBits: 1n, length: 0, context: ctx(1024) })
    const b = nic.postMe({ matchBits: 2n, length: 0, context: ctx(1024) })
    const d = nic.postMe({ matchBits: 3n, length: 0, context: ctx(2048) })
    expect(nic.memory.used).toBe(4096)
    expect(() => nic.postMe({ matchBits: 4n, length: 0, context: ctx(64) })).toThrow(NicMemoryError)
    nic.unlinkMe(a)
    nic.unlinkMe(d)
    // 3072 B free, but in two pieces: 1024 + 2048
    expect(nic.memory.used).toBe(1024)
    expect(() => nic.postMe({ matchBits: 5n, length: 0, context: ctx(3072) })).toThrow(/largest free block 2048/)
    nic.unlinkMe(b)
    expect(nic.memory.largestFree).toBe(4096)
    nic.postMe({ matchBits: 6n, length: 0, context: ctx(4096) })
    expect(nic.memory.peak).toBe(4096)
  })

  it('a use-once ME frees its context memory when its message completes', () => {
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
    const nic = c.nic(1)
    nic.postMe({ matchBits: 1n, length: 8, hostBuffer: new Uint8Array(8), context: { hpuMemBytes: 1000, hostBuffer: new Uint8Array(8) } })
    expect(nic.memory.used).toBe(1024)
    c.nic(0).put({ target: 1, matchBits: 1n, bytes: 8, data: new Uint8Array(8) })
    c.run()
    expect(nic.memory.used).toBe(0)
    expect(nic.memory.occupancy.peak).toBe(1024)
  })
})

describe('handler failures', () => {
  it('a handler that throws or returns FAIL produces one error event, and the run goes on', () => {
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
    const host = new Uint8Array(3 * 2048)
    c.nic(1).postMe({
      matchBits: 1n, length: host.length, hostBuffer: host,
      context: { hpuMemBytes: 0, hostBuffer: host, payload: (ctx, pkt) => {
        if (pkt.index === 1) throw new RangeError('boom')
        ctx.dmaToHost(1 << 20, pkt.data, 0, pkt.length) // outside the ME: HandlerError
        return ReturnCode.SUCCESS
      } },
    })
    c.nic(1).postMe({
      matchBits: 2n, length: 8, hostBuffer: new Uint8Array(8),
      context: { hpuMemBytes: 0, hostBuffer: null, header: () => ReturnCode.FAIL },
    })
    c.nic(0).put({ target: 1, matchBits: 1n, bytes: host.length, data: new Uint8Array(host.length) })
    c.nic(0).put({ target: 1, matchBits: 2n, bytes: 8, data: new Uint8Array(8) })
    c.run()
    const errors = c.nic(1).events.log.filter((e) => e.kind === 'error')
    expect(errors).toHaveLength(2)
    expect(errors.map((e) => e.header!.matchBits).sort()).toEqual([1n, 2n])
    expect(errors.find((e) => e.header!.matchBits === 2n)!.message).toBe('header handler returned FAIL')
    expect(c.nic(1).stats.handlerErrors).toBe(4)
    expect(c.nic(1).events.log.filter((e) => e.kind === 'put')).toHaveLength(2)
  })
})

describe('determinism', () => {
  it('same seed, same trace (event times and bytes), with reordering', () => {
    const runOnce = (seed: number) => {
      const c = new Cluster({ nodes: 3, profile: 'sc19', seed, reorder: { window: 6 } })
      const host = new Uint8Array(20 * 2048)
      c.nic(2).postMe({ matchBits: 9n, useOnce: false, length: host.length, hostBuffer: host, context: {
        ...slowCopy(300, host), policy: { kind: 'blockedRR', deltaP: 2, vhpus: 4 },
      } })
      c.nic(0).put({ target: 2, matchBits: 9n, bytes: 10 * 2048, data: new Uint8Array(10 * 2048).fill(3) })
      c.nic(1).put({ target: 2, matchBits: 9n, bytes: 10 * 2048, data: new Uint8Array(10 * 2048).fill(4), remoteOffset: 10 * 2048 })
      c.run()
      return JSON.stringify({
        ev: c.nic(2).events.log.map((e) => [e.kind, e.time, e.header?.source]),
        busy: Array.from(c.nic(2).scheduler.busyPs),
        sum: host.reduce((a, b) => a + b, 0),
      })
    }
    expect(runOnce(5)).toBe(runOnce(5))
  })
})
