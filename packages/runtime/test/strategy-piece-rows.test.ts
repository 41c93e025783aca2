// The specialized and iovec payload handlers issue a packet's pieces as one run list
// (PieceWriter + ctx.dmaToHostRows). They must do what they did with one dmaToHost per piece
// (the references below, the handlers before the change): the same host bytes, handler clocks
// and split, DMA times, per-message records and event numbering, with messages of random
// vector and indexed layouts on a few HPUs, small packets, timing and data mode.
import { Buffer } from 'node:buffer'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BYTE, classify, indexed, vector, type Datatype } from '@spinmpi/ddt'
import { Cluster, ns, resolveProfile, ReturnCode, type CostParams, type ExecutionContextSpec, type PayloadHandler, type Profile } from '@spinmpi/nic'
import { receiveLayout, type ReceiveLayout } from '../src/internal.js'
import { signalCompletion } from '../src/strategies/handlers/piece-writer.js'
import { specializedDescriptor, specializedPayload } from '../src/strategies/receive/specialized-handler.js'
import { iovecList, iovecPlan } from '../src/strategies/receive/iovec.js'

const NO_EVENT = { noEvent: true } as const

/** specialized's payload handler as it was: dmaToHost per block, then the block's cycles. */
function specializedPerPiece(d: Float64Array, layout: ReceiveLayout, costs: CostParams): PayloadHandler {
  const setup = costs.segmentStepCycles, piece = costs.pieceCycles, search = costs.bsearchStepCycles
  return (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    const write = (bufOffset: number, streamOffset: number, length: number) =>
      ctx.dmaToHost(bufOffset - layout.lo, pkt.data, streamOffset - pkt.offset, length, NO_EVENT)
    const end = pkt.offset + pkt.length
    let s = pkt.offset
    if (d[0] === 0 || d[0] === 1) {
      const bl = d[2]!
      ctx.account('setup', setup)
      for (let b = Math.floor(s / bl); s < end; b++) {
        const n = Math.min((b + 1) * bl, end) - s
        write((d[0] === 0 ? d[4]! + b * d[3]! : d[3 + b]!) + (s - b * bl), s, n)
        ctx.account('block', piece)
        s += n
      }
      return ReturnCode.SUCCESS
    }
    const n = d[1]!
    const displ = 2, lens = 2 + n, starts = 2 + 2 * n
    let lo = 0, hi = n - 1, steps = 0
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      steps++
      if (d[starts + mid]! <= s) lo = mid
      else hi = mid - 1
    }
    ctx.account('setup', setup + steps * search)
    for (let b = lo; s < end; b++) {
      const len = d[lens + b]!, bs = d[starts + b]!
      if (len > 0) {
        const stop = Math.min(bs + len, end)
        write(d[displ + b]! + (s - bs), s, stop - s)
        ctx.account('block', piece)
        s = stop
      }
    }
    return ReturnCode.SUCCESS
  }
}

/** iovec's engine as it was: dmaToHost per entry, a list fetch every iovecEntriesPerRead entries. */
function iovecPerPiece(type: Datatype, count: number, profile: Profile): PayloadHandler {
  const layout = receiveLayout(type, count)
  const { offsets: offs, starts } = iovecList(type, count)
  const perRead = profile.costs.iovecEntriesPerRead
  const fetchPs = ns(profile.costs.iovecReadNs)
  let cursor = 0
  let window = -1
  return (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    let s = pkt.offset
    const end = s + pkt.length
    if (s < starts[cursor]!) {
      cursor = 0
      window = -1
    }
    while (starts[cursor + 1]! <= s) cursor++
    while (s < end) {
      const win = Math.floor(cursor / perRead)
      if (win !== window) {
        ctx.dmaWait(ctx.now + fetchPs)
        window = win
      }
      const stop = Math.min(starts[cursor + 1]!, end)
      ctx.dmaToHost(offs[cursor]! + (s - starts[cursor]!) - layout.lo, pkt.data, s - pkt.offset, stop - s, NO_EVENT)
      s = stop
      if (s === starts[cursor + 1]!) cursor++
    }
    return ReturnCode.SUCCESS
  }
}

type Shape =
  | { readonly kind: 'vector'; readonly count: number; readonly blocklen: number; readonly gap: number }
  | { readonly kind: 'indexed'; readonly lens: readonly number[]; readonly gaps: readonly number[] }

function typeOf(s: Shape): Datatype {
  if (s.kind === 'vector') return vector(s.count, s.blocklen, s.blocklen + s.gap, BYTE).commit()
  const displs: number[] = []
  let at = 0
  s.lens.forEach((len, i) => {
    displs.push(at)
    at += len + s.gaps[i]!
  })
  return indexed([...s.lens], displs, BYTE).commit()
}

interface Scenario {
  readonly hpus: number
  readonly mtu: number
  readonly shapes: readonly Shape[]
  readonly data: boolean
  readonly handler: 'specialized' | 'iovec'
}

function play(s: Scenario, reference: boolean) {
  const profile = resolveProfile('sc19', { 'nic.hpus': s.hpus, 'network.mtuBytes': s.mtu })
  const c = new Cluster({ nodes: 2, profile, seed: 3, dataMode: s.data })
  const hosts: Uint8Array[] = []
  s.shapes.forEach((shape, m) => {
    const type = typeOf(shape)
    const layout = receiveLayout(type, 1)
    const host = new Uint8Array(layout.hi - layout.lo)
    hosts.push(host)
    let payload: PayloadHandler
    if (s.handler === 'specialized') {
      const d = specializedDescriptor(classify(type, 1))!
      payload = reference ? specializedPerPiece(d, layout, profile.costs) : specializedPayload(d, layout, profile.costs)
    } else {
      const req = { nic: c.nic(1), type, count: 1, buffer: null, bufferOffset: 0, strategy: 'iovec' as const }
      payload = reference ? iovecPerPiece(type, 1, profile) : iovecPlan(req).plan.context!.payload!
    }
    const context: ExecutionContextSpec = { hpuMemBytes: 0, hostBuffer: s.data ? host : null, payload, completion: signalCompletion }
    // the ME exposes the layout's span, as the runtime posts it (spanOf)
    c.nic(1).postMe({ matchBits: BigInt(m + 1), length: host.length, hostBuffer: host, context })
    const src = Uint8Array.from({ length: layout.bytes }, (_, i) => (i * 31 + m) & 0xff)
    c.nic(0).put({ target: 1, matchBits: BigInt(m + 1), bytes: layout.bytes, data: s.data ? src : null })
  })
  c.run()
  const nic = c.nic(1)
  return {
    messages: nic.stats.messages.map((r) => ({ ...r })),
    split: { ...nic.stats.split },
    dma: [nic.dma.writes, nic.dma.bytesWritten, nic.dma.peakDepth, nic.dma.drainTime],
    now: c.sim.now, next: c.sim.upcomingSeq,
    host: s.data ? hosts.map((h) => Buffer.from(h).toString('base64')) : null,
  }
}

const shape: fc.Arbitrary<Shape> = fc.oneof(
  fc.record({
    kind: fc.constant('vector' as const),
    count: fc.integer({ min: 1, max: 200 }),
    blocklen: fc.constantFrom(1, 7, 16, 64, 300),
    gap: fc.constantFrom(1, 3, 16, 64),
  }),
  fc.record({
    kind: fc.constant('indexed' as const),
    lens: fc.array(fc.constantFrom(0, 1, 5, 16, 40, 700), { minLength: 1, maxLength: 60 }),
    gaps: fc.array(fc.constantFrom(1, 8, 100), { minLength: 60, maxLength: 60 }),
  }),
)

const scenario = (handler: Scenario['handler']): fc.Arbitrary<Scenario> => fc.record({
  hpus: fc.constantFrom(1, 2, 4),
  mtu: fc.constantFrom(64, 256, 2048),
  shapes: fc.array(shape, { minLength: 1, maxLength: 3 }),
  data: fc.boolean(),
  handler: fc.constant(handler),
})

describe('payload handlers that issue their pieces as one run list', () => {
  it('specialized: the same bytes, clocks, split, DMA times and records as dmaToHost per block', () => {
    fc.assert(fc.property(scenario('specialized'), (s) => {
      // a layout of only empty blocks has nothing to send: skip it
      fc.pre(s.shapes.every((x) => receiveLayout(typeOf(x), 1).bytes > 0))
      expect(play(s, false)).toEqual(play(s, true))
    }), { numRuns: 100 })
  })

  it('iovec: the same bytes, clocks, split, DMA times and records as dmaToHost per entry', () => {
    fc.assert(fc.property(scenario('iovec'), (s) => {
      fc.pre(s.shapes.every((x) => receiveLayout(typeOf(x), 1).bytes > 0))
      expect(play(s, false)).toEqual(play(s, true))
    }), { numRuns: 100 })
  })
})
