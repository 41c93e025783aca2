// A finished blocked-RR message hands its virtual HPUs to the next one (InboundEngine keeps idle
// sets). Messages of random sizes, vHPU counts, run lengths and issue times, some overlapping,
// some without a completion handler: every handler must run on the same HPU and vHPU at the same
// times as with fresh records (reuse off), and each packet on the vHPU its index names.

import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { Cluster, ReturnCode, resolveProfile, setInboundMessageReuse } from '../src/internal.js'

interface Msg { packets: number; vhpus: number; deltaP: number; at: number; completion: boolean; cycles: number }

const messages = fc.array(
  fc.record({
    packets: fc.integer({ min: 1, max: 12 }),
    vhpus: fc.integer({ min: 1, max: 4 }),
    deltaP: fc.integer({ min: 1, max: 3 }),
    at: fc.integer({ min: 0, max: 2_000_000 }),
    completion: fc.boolean(),
    cycles: fc.integer({ min: 0, max: 3000 }),
  }),
  { minLength: 1, maxLength: 8 },
)

function trace(list: Msg[], hpus: number, reuse: boolean): string[] {
  const was = setInboundMessageReuse(reuse)
  try {
    const c = new Cluster({ nodes: 2, profile: resolveProfile('sc19', { 'nic.hpus': hpus }), seed: 1 })
    const runs: string[] = []
    list.forEach((m, k) => {
      const bytes = m.packets * 2048
      const host = new Uint8Array(bytes)
      c.nic(1).postMe({
        matchBits: BigInt(k + 1), length: bytes, hostBuffer: host, useOnce: true,
        context: {
          hpuMemBytes: 0, hostBuffer: host, policy: { kind: 'blockedRR', deltaP: m.deltaP, vhpus: m.vhpus },
          payload: (ctx, pkt) => {
            const s = ctx.now
            ctx.cycles(m.cycles)
            ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true })
            expect(ctx.vhpu).toBe(Math.floor(pkt.index / m.deltaP) % m.vhpus)
            runs.push(`${k} p${pkt.index} hpu ${ctx.hpu} vhpu ${ctx.vhpu} ${s}-${ctx.now}`)
            return ReturnCode.SUCCESS
          },
          ...(m.completion ? { completion: (ctx) => { runs.push(`${k} c hpu ${ctx.hpu} ${ctx.now}`); return ReturnCode.SUCCESS } } : {}),
        },
      })
      c.sim.at(m.at, () => c.nic(0).put({ target: 1, matchBits: BigInt(k + 1), bytes, data: null }))
    })
    c.run()
    for (const e of c.nic(1).events.log) if (e.kind === 'put') runs.push(`put ${e.header.matchBits} at ${e.time}`)
    return runs
  } finally {
    setInboundMessageReuse(was)
  }
}

describe('virtual HPU sets under reuse', () => {
  afterEach(() => setInboundMessageReuse(true))

  it('run every handler where and when fresh sets would (random blocked-RR messages)', () => {
    fc.assert(
      fc.property(messages, fc.integer({ min: 1, max: 4 }), (list, hpus) => {
        const fresh = trace(list, hpus, false)
        expect(fresh.filter((r) => r.includes(' p')).length).toBe(list.reduce((a, m) => a + m.packets, 0))
        expect(trace(list, hpus, true)).toEqual(fresh)
      }),
      { numRuns: 60 },
    )
  })
})
