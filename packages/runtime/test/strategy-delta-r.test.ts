import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { resolveProfile } from '@spinmpi/nic'
import { packetPs, selectDeltaR } from '../src/internal.js'

const sc19 = resolveProfile('sc19')
const k = sc19.network.mtuBytes

describe('Δr selection (SC19 §3.2.4)', () => {
  it('picks the largest run length within ε, by hand', () => {
    // 4 MiB: 2048 packets, P = 16, T_pkt = 2096·8/200 ns = 83.84 ns, T_PH = 2000 ns
    // (1): 83.84 + Δp·15·83.84 ≤ 0.2·128·2000 = 51200  →  Δp ≤ floor(51116.16 / 1257.6) = 40
    const c = selectDeltaR({ profile: sc19, bytes: 4 << 20, handlerPs: 2_000_000, packetPs: 83_840, slotBytes: 60, copies: 2, epsilon: 0.2 })
    expect(packetPs(sc19)).toBe(83_840)
    expect(c.deltaP).toBe(40)
    expect(c.deltaR).toBe(40 * k)
    expect(c.satisfied).toEqual({ overhead: true, memory: true, packetBuffer: true })
  })

  it('raises Δr until the checkpoints fit in NIC memory', () => {
    // 2048 packets, 2 copies of 612 B each, 64 KiB of memory: at most floor(65536/1224) = 53
    // checkpoints, so Δp ≥ ceil(2048/53) = 39
    const c = selectDeltaR({ profile: sc19, bytes: 4 << 20, handlerPs: 100_000, packetPs: 83_840, slotBytes: 612, copies: 2, epsilon: 0.2, nicMemBytes: 65536 })
    expect(c.deltaP).toBe(39)
    expect(c.satisfied.memory).toBe(true)
    expect(c.satisfied.overhead).toBe(false)
  })

  it('obeys its three constraints whenever they can hold together', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 << 20 }),
        fc.integer({ min: 10_000, max: 100_000_000 }),
        fc.integer({ min: 20, max: 700 }),
        fc.integer({ min: 1, max: 2 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.integer({ min: 4096, max: 8 << 20 }),
        (bytes, handlerPs, slotBytes, copies, epsilon, nicMemBytes) => {
          const tPkt = packetPs(sc19)
          const c = selectDeltaR({ profile: sc19, bytes, handlerPs, packetPs: tPkt, slotBytes, copies, epsilon, nicMemBytes })
          const nPkt = Math.max(1, Math.ceil(bytes / k))
          const P = sc19.nic.hpus
          expect(c.deltaR).toBe(c.deltaP * k)
          expect(c.deltaP).toBeGreaterThanOrEqual(1)
          expect(c.deltaP).toBeLessThanOrEqual(nPkt)
          const memoryOk = Math.ceil(nPkt / c.deltaP) * slotBytes * copies <= nicMemBytes
          const overheadOk = tPkt + c.deltaP * (P - 1) * tPkt <= epsilon * Math.ceil(nPkt / P) * handlerPs
          const bufferOk = Math.min((handlerPs * k) / tPkt, c.deltaR) <= sc19.nic.pktBufBytes
          expect(c.satisfied).toEqual({ overhead: overheadOk, memory: memoryOk, packetBuffer: bufferOk })
          // memory is met whenever any Δr could meet it
          if (slotBytes * copies <= nicMemBytes) expect(memoryOk).toBe(true)
          // when memory did not force it up, Δr is the largest meeting (1) with at least P runs
          if (c.deltaP > 1 && overheadOk && memoryOk) {
            const next = c.deltaP + 1
            const nextOverhead = tPkt + next * (P - 1) * tPkt <= epsilon * Math.ceil(nPkt / P) * handlerPs
            expect(nextOverhead && next <= Math.ceil(nPkt / P) && bufferOk).toBe(false)
          }
        },
      ),
      { numRuns: 300, seed: 11 },
    )
  })
})
