import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { receiverState } from './receiver-state.js'
import {
  Cluster, ReturnCode, resolveProfile, vectorContext, vectorExtent, writeVectorDescriptor,
  type ExecutionContextSpec, type VectorHandlerOptions,
} from '../src/index.js'

// The vector handler issues a packet's pieces as one run list (ctx.dmaToHostRows). It must do
// what it did with account + dmaToHost per piece (the reference below, the handler before the
// change): the same host bytes, handler clocks and split, DMA times, events and counters, with
// several messages of random layouts spread over a few HPUs.

const NO_EVENT = { noEvent: true } as const

function perPiece(o: VectorHandlerOptions): ExecutionContextSpec {
  const initialMem = new Uint8Array(12)
  writeVectorDescriptor(initialMem, o)
  return {
    hpuMemBytes: 12,
    initialMem,
    hostBuffer: o.hostBuffer,
    payload: (ctx, pkt) => {
      const blocklen = ctx.view.getInt32(4, true)
      const stride = ctx.view.getInt32(8, true)
      ctx.account('setup', o.setupCycles)
      let block = Math.floor(pkt.offset / blocklen)
      let inBlock = pkt.offset - block * blocklen
      for (let pos = 0; pos < pkt.length; block++, inBlock = 0) {
        const n = Math.min(blocklen - inBlock, pkt.length - pos)
        ctx.account('block', o.pieceCycles)
        ctx.dmaToHost(block * stride + inBlock, pkt.data, pos, n, NO_EVENT)
        pos += n
      }
      return ReturnCode.SUCCESS
    },
    completion: (ctx) => {
      ctx.dmaToHost(0, null, 0, 0)
      return ReturnCode.SUCCESS
    },
  }
}

interface Layout { readonly count: number, readonly blocklen: number, readonly gap: number }
interface Scenario {
  readonly hpus: number
  readonly layouts: readonly Layout[]
  readonly pieceCycles: number
  readonly data: boolean
}

function play(s: Scenario, reference: boolean) {
  const profile = resolveProfile('sc19', { 'nic.hpus': s.hpus })
  const c = new Cluster({ nodes: 2, profile, seed: 5, dataMode: s.data })
  const hosts: Uint8Array[] = []
  s.layouts.forEach((l, m) => {
    const v = { count: l.count, blocklen: l.blocklen, stride: l.blocklen + l.gap }
    const bytes = v.count * v.blocklen
    const host = new Uint8Array(vectorExtent(v))
    hosts.push(host)
    const o = { ...v, hostBuffer: s.data ? host : null, pieceCycles: s.pieceCycles, setupCycles: 7 }
    c.nic(1).postMe({ matchBits: BigInt(m + 1), length: bytes, hostBuffer: host, context: reference ? perPiece(o) : vectorContext(o) })
    const src = Uint8Array.from({ length: bytes }, (_, i) => (i * 29 + m) & 0xff)
    c.nic(0).put({ target: 1, matchBits: BigInt(m + 1), bytes, data: s.data ? src : null })
  })
  c.run()
  return receiverState(c, s.data ? hosts : null)
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  hpus: fc.constantFrom(1, 2, 4, 16),
  layouts: fc.array(fc.record({
    count: fc.integer({ min: 1, max: 300 }),
    blocklen: fc.constantFrom(1, 7, 16, 64, 100, 2048, 5000),
    gap: fc.constantFrom(0, 3, 16, 64),
  }), { minLength: 1, maxLength: 4 }),
  pieceCycles: fc.constantFrom(0, 1, 2.5, 40),
  data: fc.boolean(),
})

describe('the vector handler (run lists)', () => {
  it('does what account + dmaToHost per piece did, through a NIC', () => {
    fc.assert(fc.property(scenario, (s) => {
      expect(play(s, false)).toEqual(play(s, true))
    }), { numRuns: 50 })
  })
})
