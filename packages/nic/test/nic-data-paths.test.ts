import { describe, expect, it } from 'vitest'
import { Cluster, ReturnCode, resolveProfile, type ExecutionContextSpec } from '../src/index.js'

const pattern = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff)

/** A put of `src` to node 1 whose payload handler is `payload`, on a fresh two-node cluster. */
function put(src: Uint8Array, host: Uint8Array, payload: ExecutionContextSpec['payload'], profile = resolveProfile('sc19')) {
  const c = new Cluster({ nodes: 2, profile, seed: 1 })
  c.nic(1).postMe({ matchBits: 1n, length: host.length, hostBuffer: host, context: { hpuMemBytes: 0, hostBuffer: host, payload } })
  c.nic(0).put({ target: 1, matchBits: 1n, bytes: src.length, data: src })
  c.run()
  return c
}

describe('payload bytes on the handler path', () => {
  it('pieces of a packet (loop-copied small ones and set-copied large ones) land where the handler puts them', () => {
    // 5000 B = packets of 2048, 2048, 904. Each packet is written back to front in pieces of
    // 1, 7, 64, 65 and 300 B (cycling), so every copy path and every packet end is used.
    const src = pattern(5000, 9)
    const host = new Uint8Array(5000)
    const sizes = [1, 7, 64, 65, 300]
    put(src, host, (ctx, pkt) => {
      let end = pkt.length
      for (let k = 0; end > 0; k++) {
        const n = Math.min(sizes[k % sizes.length]!, end)
        ctx.dmaToHost(pkt.offset + end - n, pkt.data, end - n, n, { noEvent: true })
        end -= n
      }
      return ReturnCode.SUCCESS
    })
    expect(Buffer.compare(host, src)).toBe(0)
  })

  it('dmaFromHost reads host bytes into a handler buffer, in small and large pieces', () => {
    const host = pattern(4096, 3)
    const got: number[][] = []
    put(new Uint8Array(4096), host, (ctx, pkt) => {
      const small = new Uint8Array(10)
      const large = new Uint8Array(200)
      ctx.dmaFromHost(pkt.offset + 5, small, 2, 8)
      ctx.dmaFromHost(pkt.offset + 100, large, 0, 200)
      got.push([...small], [...large.subarray(0, 3)], [large[199]!])
      return ReturnCode.SUCCESS
    })
    const base = [0, 2048]
    expect(got).toEqual(base.flatMap((o) => [
      [0, 0, ...host.subarray(o + 5, o + 13)], [...host.subarray(o + 100, o + 103)], [host[o + 299]!],
    ]))
  })

  it('a handler copying within host memory behaves as an overlapping TypedArray.set (memmove)', () => {
    const host = pattern(4096, 1)
    const expected = host.slice()
    // one 1-packet message; the handler moves host[0, 40) to host[8, 48) through a view of host
    expected.set(expected.slice(0, 40), 8)
    put(new Uint8Array(16), host, (ctx) => {
      ctx.dmaToHost(8, ctx.hostBuffer, 0, 40, { noEvent: true })
      return ReturnCode.SUCCESS
    })
    expect(Buffer.compare(host, expected)).toBe(0)
  })

  it('a send buffer sent again gives the same packet bytes, also under another MTU and at another offset', () => {
    const src = pattern(3 * 2048 + 100, 7)
    const seen: Uint8Array[] = []
    const keep: ExecutionContextSpec['payload'] = (ctx, pkt) => {
      seen.push(pkt.data!)
      ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true })
      return ReturnCode.SUCCESS
    }
    const host1 = new Uint8Array(src.length)
    const host2 = new Uint8Array(src.length)
    put(src, host1, keep)
    const firstViews = seen.splice(0)
    put(src, host2, keep)
    expect(Buffer.compare(host1, src)).toBe(0)
    expect(Buffer.compare(host2, src)).toBe(0)
    // the second send hands out the views the first one made (no allocation per packet)
    expect(seen.map((v) => firstViews.includes(v))).toEqual([true, true, true, true])
    // a 1 KiB MTU cuts the same buffer differently: new views, still the right bytes
    const host3 = new Uint8Array(src.length)
    seen.length = 0
    put(src, host3, keep, resolveProfile('sc19', { 'network.mtuBytes': 1024 }))
    // (handlers on several HPUs: the short last packet's may run before the packet ahead of it)
    expect(seen.map((v) => v.length).sort((a, b) => a - b)).toEqual([100, 1024, 1024, 1024, 1024, 1024, 1024])
    expect(Buffer.compare(host3, src)).toBe(0)
    // a view of the middle of a bigger buffer (nonzero byteOffset)
    const big = pattern(10000, 2)
    const middle = big.subarray(1000, 1000 + 4096)
    const host4 = new Uint8Array(4096)
    put(middle, host4, keep)
    expect(Buffer.compare(host4, middle)).toBe(0)
  })
})
