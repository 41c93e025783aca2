import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { resolveProfile } from '@spinmpi/nic'
import { bufferedHpus, packetPs, processingPs, selectDeltaR } from '../src/internal.js'

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
    expect(c.binds).toBe('overhead')
  })

  it('keeps every busy HPU\'s run in the packet buffer when handlers are slower than the wire', () => {
    // 25 MiB: 12800 packets on P = 32, T_PH = 10 µs > T_pkt, C = 612 B × 2 copies, 8 MiB memory
    // (1): 83.84 ns + Δp·31·83.84 ns ≤ 0.2·400·10 µs → Δp ≤ floor(799916.16 / 2599.04) = 307
    // (3): 32 runs of Δp packets in the 4 MiB buffer → Δp ≤ 4194304 / (32·2048) = 64
    // (2): at most floor(8 MiB / 1224) = 6853 checkpoints → Δp ≥ 2
    const p32 = resolveProfile('sc19', { 'nic.hpus': 32 })
    const c = selectDeltaR({ profile: p32, bytes: 25 << 20, handlerPs: 10_000_000, packetPs: 83_840, slotBytes: 612, copies: 2, epsilon: 0.2 })
    expect(c.deltaP).toBe(64)
    expect(c.deltaR).toBe(131_072)
    expect(c.binds).toBe('packetBuffer')
    expect(c.satisfied).toEqual({ overhead: true, memory: true, packetBuffer: true })
    // a handler faster than the wire leaves nothing waiting: (1) binds again
    const fast = selectDeltaR({ profile: p32, bytes: 25 << 20, handlerPs: 80_000, packetPs: 83_840, slotBytes: 612, copies: 2, epsilon: 0.2 })
    expect(fast.binds).not.toBe('packetBuffer')
  })

  it('models the HPUs a too-small buffer starves', () => {
    const p32 = resolveProfile('sc19', { 'nic.hpus': 32 })
    // Δp = 299 (612,352 B runs): the 4 MiB buffer holds 6 whole runs, so 6 HPUs get packets
    expect(bufferedHpus(p32, 32, 299, 10_000_000)).toBe(6)
    expect(bufferedHpus(p32, 32, 64, 10_000_000)).toBe(32)
    // handlers faster than the wire: no run waits
    expect(bufferedHpus(p32, 32, 299, 50_000)).toBe(32)
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
          const busy = Math.min(P, Math.ceil(nPkt / c.deltaP))
          const bufferOk = handlerPs <= tPkt || busy * c.deltaR <= sc19.nic.pktBufBytes
          expect(c.satisfied).toEqual({ overhead: overheadOk, memory: memoryOk, packetBuffer: bufferOk })
          // memory is met whenever any Δr could meet it
          if (slotBytes * copies <= nicMemBytes) expect(memoryOk).toBe(true)
          // when memory did not force it up, Δr is the largest meeting (1) with at least P runs
          if (c.deltaP > 1 && overheadOk && memoryOk) {
            const next = c.deltaP + 1
            const nextOverhead = tPkt + next * (P - 1) * tPkt <= epsilon * Math.ceil(nPkt / P) * handlerPs
            const nextBuffer = handlerPs <= tPkt || P * next * k <= sc19.nic.pktBufBytes
            expect(nextOverhead && next <= Math.ceil(nPkt / P) && nextBuffer).toBe(false)
          }
        },
      ),
      { numRuns: 300, seed: 11 },
    )
  })
})

describe('T_C per HPU (processingPs)', () => {
  it('sums each HPU\'s runs, packets not before they arrive, by hand', () => {
    // 5 packets, runs of 2 on 2 HPUs, T_pkt = 100, T_PH = 300: HPU 0 gets packets 0, 1 and 4:
    // 100+300 = 400, max(400, 200)+300 = 700, max(700, 500)+300 = 1000; HPU 1 gets 2, 3: 900.
    // (SC19's closed form: 100 + 2·1·100 + ⌈5/2⌉·300 = 1200, with equal shares.)
    expect(processingPs(5, 2, 2, 100, () => 300)).toEqual({ ps: 1000, bound: 'hpus' })
    // one packet per HPU, handlers shorter than the gaps: the last arrival (400) + 50
    expect(processingPs(4, 1, 4, 100, () => 50)).toEqual({ ps: 450, bound: 'link' })
    // per-packet cost: the heavy last packet sets it, from its arrival (HPU 1: 200 + 900)
    expect(processingPs(2, 1, 2, 100, (i) => (i === 1 ? 900 : 300))).toEqual({ ps: 1100, bound: 'link' })
  })
})

describe('the packet buffer in the simulation', () => {
  it('a Δr whose runs overflow the buffer starves HPUs; the model sees it, the selection avoids it', async () => {
    const { runUnpack } = await import('../src/harness.js')
    const { BYTE, vector } = await import('@spinmpi/ddt')
    // 8 MiB in 16 B blocks (γ = 128): 4096 packets on 32 HPUs, handlers ~9.7 µs ≫ T_pkt
    const type = vector(8 << 16, 16, 32, BYTE).commit()
    const p32 = resolveProfile('sc19', { 'nic.hpus': 32 })
    const chosen = runUnpack({ type, strategy: 'rw-cp', profile: p32, dataMode: false, seriesPoints: 2 })
    expect(chosen.deltaRChoice?.binds).toBe('packetBuffer')
    expect(chosen.deltaR).toBe(64 * k)
    expect(chosen.model.hpus).toBe(32)
    // runs of 128 packets (256 KiB): the 4 MiB buffer holds 16 of them
    const starved = runUnpack({ type, strategy: 'rw-cp', profile: p32, dataMode: false, seriesPoints: 2, deltaR: 128 * k })
    expect(starved.model.hpus).toBe(16)
    expect(starved.ns).toBeGreaterThan(1.5 * chosen.ns)
    for (const r of [chosen, starved]) expect(Math.abs(r.modelNs - r.ns) / r.ns).toBeLessThan(0.25)
  })
})

describe('Δr choice memo (chooseDeltaR)', () => {
  it('gives what a fresh choice gives for any sequence of free NIC memory and ε; the same object when nothing changed', async () => {
    const { chooseDeltaR, receiveStrategy } = await import('../src/internal.js')
    const { BYTE, vector } = await import('@spinmpi/ddt')
    const build = () => vector(1 << 14, 16, 32, BYTE).commit()
    const req = (type: ReturnType<typeof build>, used: number, epsilon: number) => ({
      nic: { profile: sc19, memory: { capacity: sc19.nic.nicMemBytes, used } }, type, count: 1, buffer: null, bufferOffset: 0,
      strategy: 'rw-cp', epsilon,
    }) as unknown as Parameters<typeof chooseDeltaR>[0]
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({
        // free memory from plenty down to a few checkpoints' worth (memory then binds)
        used: fc.constantFrom(0, 0, sc19.nic.nicMemBytes - 4096, sc19.nic.nicMemBytes - 1024, 1 << 20),
        epsilon: fc.constantFrom(0.2, 0.2, 0.05, 1),
        strategy: fc.constantFrom('rw-cp' as const, 'ro-cp' as const),
      }), { minLength: 1, maxLength: 12 }),
      async (calls) => {
        const type = build()
        let last: { key: string; choice: unknown } | null = null
        for (const c of calls) {
          const s = receiveStrategy(c.strategy)
          const got = chooseDeltaR(req(type, c.used, c.epsilon), s.model!, s.deltaR!)
          // a type never seen: no memo
          expect(got).toEqual(chooseDeltaR(req(build(), c.used, c.epsilon), s.model!, s.deltaR!))
          const key = `${c.used} ${c.epsilon} ${c.strategy}`
          if (last !== null && last.key === key) expect(got).toBe(last.choice)
          last = { key, choice: got }
        }
      },
    ), { numRuns: 60, seed: 3 })
    // memory binds when little is free: the memo must not hand back the roomy choice
    const type = build()
    const s = receiveStrategy('rw-cp')
    const roomy = chooseDeltaR(req(type, 0, 0.2), s.model!, s.deltaR!)
    const tight = chooseDeltaR(req(type, sc19.nic.nicMemBytes - 1024, 0.2), s.model!, s.deltaR!)
    expect(tight.binds).toBe('memory')
    expect(tight.deltaR).toBeGreaterThan(roomy.deltaR)
  })
})
