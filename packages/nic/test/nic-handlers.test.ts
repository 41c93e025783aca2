import { describe, expect, it } from 'vitest'
import {
  Cluster, HISTOGRAM_BINS, histogramContext, pingPongContext, reduceContext, vectorContext, vectorExtent,
} from '../src/index.js'

const pattern = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 29 + seed) & 0xff)

function pingPong(bytes: number) {
  const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
  const pongHost = new Uint8Array(bytes)
  const back = new Uint8Array(bytes)
  c.nic(0).postMe({ matchBits: 10n, useOnce: false, length: bytes, hostBuffer: back })
  c.nic(1).postMe({
    matchBits: 1n, length: bytes, hostBuffer: pongHost,
    context: pingPongContext({ hostBuffer: pongHost, maxStreamBytes: c.profile.network.mtuBytes, replyMatchBits: 10n }),
  })
  const ping = pattern(bytes, 5)
  c.nic(0).put({ target: 1, matchBits: 1n, bytes, data: ping })
  c.run()
  return { c, back, ping, pongHost }
}

describe('demo handlers on real bytes', () => {
  it('ping-pong, one packet: the payload handler replies with putFromDevice; no host write at the pong side', () => {
    const { c, back, ping, pongHost } = pingPong(64)
    expect(back).toEqual(ping)
    expect(pongHost.every((b) => b === 0)).toBe(true)
    expect(c.nic(1).dma.writes).toBe(0)
    expect(c.nic(0).events.log.filter((e) => e.kind === 'put')).toHaveLength(1)
  })

  it('ping-pong, multi-packet: PROCEED deposits, the completion handler replies with putFromHost', () => {
    const { c, back, ping, pongHost } = pingPong(5000)
    expect(Buffer.compare(pongHost, ping)).toBe(0)
    expect(Buffer.compare(back, ping)).toBe(0)
    const pong = c.nic(0).events.log.find((e) => e.kind === 'put')!
    expect(pong.header!.length).toBe(5000)
    expect(c.nic(1).dma.reads).toBeGreaterThan(0)
  })

  it('vector datatype handler scatters a packed stream into (count, blocklen, stride)', () => {
    const layout = { count: 300, blocklen: 24, stride: 40 }
    const packed = layout.count * layout.blocklen
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
    const host = new Uint8Array(vectorExtent(layout)).fill(0xee)
    c.nic(1).postMe({
      matchBits: 2n, length: host.length, hostBuffer: host,
      context: vectorContext({ ...layout, hostBuffer: host, pieceCycles: 20, setupCycles: 30 }),
    })
    const src = pattern(packed, 3)
    c.nic(0).put({ target: 1, matchBits: 2n, bytes: packed, data: src })
    c.run()
    const expected = new Uint8Array(host.length).fill(0xee)
    for (let b = 0; b < layout.count; b++) expected.set(src.subarray(b * 24, b * 24 + 24), b * 40)
    expect(Buffer.compare(host, expected)).toBe(0)
    // blocks split by packet boundaries add one piece per crossing: 300 blocks, 3 packets, 2 crossings
    const split = c.nic(1).stats.split
    expect(split.block).toBe(20 * (300 + 2))
    expect(split.setup).toBe(30 * 4)
    const dmaEvents = c.nic(1).events.log.filter((e) => e.kind === 'dma')
    expect(dmaEvents).toHaveLength(1)
    expect(dmaEvents[0]!.length).toBe(0)
  })

  it('histogram counts every byte value with atomics across HPUs', () => {
    const bytes = 10_000
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1 })
    const host = new Uint8Array(4 * HISTOGRAM_BINS)
    c.nic(1).postMe({ matchBits: 3n, length: host.length, hostBuffer: host, context: histogramContext({ hostBuffer: host, elementCycles: 1 }) })
    const src = pattern(bytes, 11)
    c.nic(0).put({ target: 1, matchBits: 3n, bytes, data: src })
    c.run()
    const bins = new Int32Array(host.buffer)
    const expected = new Int32Array(HISTOGRAM_BINS)
    for (const b of src) expected[b]!++
    expect(Array.from(bins)).toEqual(Array.from(expected))
    expect(Array.from(c.nic(1).scheduler.handlerCount).filter((n) => n > 0).length).toBeGreaterThan(1)
  })

  it('reduce sums float64 vectors from three senders in NIC memory', () => {
    const elements = 600 // 4800 B: three packets per vector
    const c = new Cluster({ nodes: 4, profile: 'sc19', seed: 1 })
    const host = new Uint8Array(8 * elements)
    c.nic(3).postMe({ matchBits: 4n, useOnce: false, length: host.length, hostBuffer: host, context: reduceContext({ elements, contributors: 3, hostBuffer: host, elementCycles: 2 }) })
    for (let s = 0; s < 3; s++) {
      const v = new Float64Array(elements).map((_, i) => (s + 1) * 0.5 + i)
      c.nic(s).put({ target: 3, matchBits: 4n, bytes: 8 * elements, data: new Uint8Array(v.buffer) })
    }
    c.run()
    const sum = new Float64Array(host.buffer)
    for (let i = 0; i < elements; i++) expect(sum[i]).toBe(3 + 3 * i)
    const done = c.nic(3).events.log.filter((e) => e.kind === 'handler')
    expect(done.map((e) => e.value)).toEqual([3])
  })
})
