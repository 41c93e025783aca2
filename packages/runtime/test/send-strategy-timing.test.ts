// What each send strategy costs the sending rank's CPU, derived by hand, and how the strategy is
// chosen (type attribute > run option > host) and validated.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ERR_ARG, ERR_TRUNCATE, MpiError, pack, type Datatype } from '@spinmpi/ddt'
import { Cluster, resolveProfile } from '@spinmpi/nic'
import {
  run, sendHostBusyPs, sendTyped, setTypeAttributes, types, SEND_STRATEGIES, type RunOptions, type SendStrategyName,
} from '../src/internal.js'
import { generatedTypeArb } from '../../ddt/test/arbitraries.js'

const F64 = types.FLOAT64
/** Host numbers pinned here so the derivations below do not move with the sc19 calibration. */
/** 6.8 cycles per block at 3.4 GHz: 2 ns. */
const PINNED = { 'host.copyBytesPerNs': 4, 'host.packBlockCycles': 6.8, 'network.overheadNs': 100 }
const o = 100_000

/** Rank 0 isends count x type (then computes `computeNs`, then waits); rank 1 receives it. */
async function senderCpu(type: Datatype, options: Partial<RunOptions>, computeNs = 0): Promise<{ busyPs: number; endPs: number; got: Float64Array }> {
  const n = type.size / 8
  const span = (type.trueUb - type.trueLb) / 8
  const r = await run({ ranks: 2, overrides: PINNED, ...options }, async (comm) => {
    if (comm.rank === 0) {
      const src = Float64Array.from({ length: span }, (_, i) => i + 1)
      const req = comm.isend(src, 1, type, 1, 4)
      const busyPs = comm.nowPs()
      if (computeNs > 0) await comm.compute(computeNs)
      await comm.wait(req)
      return { busyPs, got: new Float64Array(0) }
    }
    const got = new Float64Array(n)
    await comm.recv(got, n, F64, 0, 4)
    return { busyPs: 0, got }
  })
  return { busyPs: r.results[0]!.busyPs, endPs: r.endTimes.ps[0]!, got: r.results[1]!.got }
}

/** The packed values of a stride-`stride` vector over 1, 2, 3, ...: 1..bl, 1+stride.., ... */
function packedOf(type: Datatype): Float64Array {
  const span = (type.trueUb - type.trueLb) / 8
  const src = Float64Array.from({ length: span }, (_, i) => i + 1)
  const out = new Uint8Array(type.size)
  pack(type, 1, new Uint8Array(src.buffer), 0, out, 0)
  return new Float64Array(out.buffer)
}

describe('sender CPU time per send strategy (o = 100 ns, 4 B/ns, 2 ns per block)', () => {
  // 4 blocks of 2 float64 (16 B), stride 4: 64 B, eager.
  const eager = (): Datatype => types.vector(4, 2, 4, F64).commit()
  const eagerCases: [SendStrategyName, number][] = [
    // pack: 64 B / 4 B/ns + 4 blocks x 2 ns = 24 ns, then o
    ['host', 24_000 + o],
    // 4 regions, each found (2 ns) and handed to the NIC (o)
    ['stream', 4 * (2_000 + o)],
    // the command only
    ['outbound', o],
  ]
  it.each(eagerCases)('eager %s: %i ps booked by isend', async (send, ps) => {
    const type = eager()
    const r = await senderCpu(type, { send })
    expect(r.busyPs).toBe(ps)
    expect(sendHostBusyPs(resolveProfile('sc19', PINNED), type, 1, send)).toBe(ps)
    expect(r.got).toEqual(packedOf(type))
  })

  // 1024 blocks of 2 float64, stride 4: 16 KiB, rendezvous. The sender computes 1 ms after
  // isend; CTS comes during it, and the data phase's host work is added to the rank's timeline.
  const rendezvous = (): Datatype => types.vector(1024, 2, 4, F64).commit()
  const X = 1_000_000_000
  const rendezvousCases: [SendStrategyName, number, number][] = [
    // at the call: o (RTS) + pack 16384 / 4 + 1024 x 2 = 6144 ns; nothing after CTS
    ['host', o + 6_144_000, o + 6_144_000],
    // at the call: o (RTS); after CTS: 1024 x (2 ns + o) - o (the reply's own o is the engine's)
    ['stream', o, 1024 * (2_000 + o)],
    // at the call: o; after CTS: o - o
    ['outbound', o, o],
  ]
  it.each(rendezvousCases)('rendezvous %s: %i ps at isend, %i ps in all', async (send, atCall, total) => {
    const type = rendezvous()
    const r = await senderCpu(type, { send }, X / 1000)
    expect(r.busyPs).toBe(atCall)
    expect(r.endPs).toBe(X + total)
    expect(r.got).toEqual(packedOf(type))
  })

  it('contiguous sends ignore the strategy: o only, and the same times as host', async () => {
    const ends: number[][] = []
    for (const send of SEND_STRATEGIES) {
      const r = await run({ ranks: 2, overrides: PINNED, send }, async (comm) => {
        const buf = new Float64Array(4096).fill(comm.rank)
        if (comm.rank === 0) {
          const req = comm.isend(buf, 4096, F64, 1, 1)
          const busy = comm.nowPs()
          await comm.wait(req)
          return busy
        }
        await comm.recv(buf, 4096, F64, 0, 1)
        return buf[4095]!
      })
      expect(r.results).toEqual([o, 0])
      ends.push([...r.endTimes.ps])
    }
    expect(ends[1]).toEqual(ends[0])
    expect(ends[2]).toEqual(ends[0])
  })
})


describe('choosing the send strategy', () => {
  it('the type attribute overrides the run option, which overrides host', async () => {
    const plain = types.vector(4, 2, 4, F64).commit()
    const tagged = types.vector(4, 2, 4, F64).commit()
    setTypeAttributes(tagged, { send: 'outbound' })
    expect((await senderCpu(plain, {})).busyPs).toBe(24_000 + o)
    expect((await senderCpu(plain, { send: 'stream' })).busyPs).toBe(4 * (2_000 + o))
    expect((await senderCpu(tagged, { send: 'stream' })).busyPs).toBe(o)
    expect((await senderCpu(tagged, {})).busyPs).toBe(o)
  })

  it('no send option is exactly send: host (times, stats)', async () => {
    const main = async (comm: Parameters<Parameters<typeof run>[1]>[0]) => {
      const t = types.vector(700, 3, 5, F64).commit()
      const buf = new Float64Array(3500).fill(comm.rank + 1)
      if (comm.rank === 0) await comm.send(buf, 1, t, 1, 2)
      if (comm.rank === 1) await comm.recv(buf, 1, t, 0, 2)
      await comm.bcast(buf, 64, F64, 1)
    }
    const a = await run({ ranks: 3 }, main)
    const b = await run({ ranks: 3, send: 'host' }, main)
    expect(b.endTimes.ps).toEqual(a.endTimes.ps)
    expect(b.stats).toEqual(a.stats)
  })

  it('a bad send attribute or run option is ERR_ARG naming the field', async () => {
    const t = types.vector(2, 1, 2, F64).commit()
    expect(() => setTypeAttributes(t, { send: 'pack' as never })).toThrow(
      new MpiError(ERR_ARG, 'setTypeAttributes: send: expected one of host, stream, outbound'))
    expect(() => setTypeAttributes(t, { send: 3 as never })).toThrow(/^setTypeAttributes: send: /)
    await expect(run({ ranks: 2, send: 'fast' as never }, () => 0)).rejects.toThrow(
      new MpiError(ERR_ARG, 'run options: send: expected one of host, stream, outbound'))
  })
})

describe('a truncated rendezvous sends only the accepted prefix', () => {
  it.each(['stream', 'outbound'] as const)('%s: 16 KiB sent, 8000 B received (contiguous and strided)', async (send) => {
    const type = types.vector(2048, 1, 2, F64).commit()
    const strided = types.vector(1000, 1, 3, F64).commit()
    const r = await run({ ranks: 2, send }, async (comm) => {
      if (comm.rank === 0) {
        const src = Float64Array.from({ length: 4095 }, (_, i) => i)
        await comm.send(src, 1, type, 1, 1)
        await comm.send(src, 1, type, 1, 2)
        return []
      }
      const flat = new Float64Array(1000)
      const e1 = await comm.recv(flat, 1000, F64, 0, 1).catch((e: MpiError) => e)
      const wide = new Float64Array(3000).fill(-1)
      const e2 = await comm.recv(wide, 1, strided, 0, 2).catch((e: MpiError) => e)
      return [e1, e2, flat, wide]
    })
    const [e1, e2, flat, wide] = r.results[1] as [MpiError, MpiError, Float64Array, Float64Array]
    expect(e1.errorClass).toBe(ERR_TRUNCATE)
    expect(e2.errorClass).toBe(ERR_TRUNCATE)
    // element k of the message is src[2k]
    expect(Array.from(flat)).toEqual(Array.from({ length: 1000 }, (_, k) => 2 * k))
    expect(Array.from(wide)).toEqual(Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? 2 * (i / 3) : -1)))
    expect(r.stats.payloadBytes).toBe(16_000)
  })
})

describe('sendHostBusyPs is what sendTyped reports', () => {
  it.each(SEND_STRATEGIES)('%s, random nested types', (strategy) => {
    fc.assert(
      fc.property(generatedTypeArb({ maxDepth: 3, maxPieces: 300 }), fc.integer({ min: 1, max: 4 }), (gen, count) => {
        const type = gen.type.commit()
        const nic = new Cluster({ nodes: 2, profile: 'sc19', dataMode: false }).nic(0)
        const report = sendTyped({ nic, dest: { target: 1, matchBits: 9n }, type, count, buffer: null, bufferOffset: 0, strategy })
        expect(report.hostBusyPs).toBe(sendHostBusyPs(nic.profile, type, count, strategy))
      }),
      { numRuns: 60, seed: 5 },
    )
  })
})

describe('GOAL export of strategy sends', () => {
  it('records the strategy host work beyond o as the calc before each send', async () => {
    const calcs: Record<string, string[]> = {}
    for (const send of SEND_STRATEGIES) {
      const r = await run({ ranks: 2, send, trace: 'goal', overrides: PINNED }, async (comm) => {
        const b = new Float64Array(4096)
        if (comm.rank === 0) {
          await comm.send(b, 1, types.vector(4, 2, 4, F64).commit(), 1, 1)
          await comm.send(b, 1, types.vector(1024, 2, 4, F64).commit(), 1, 2)
        } else {
          await comm.recv(b, 8, F64, 0, 1)
          await comm.recv(b, 2048, F64, 0, 2)
        }
      })
      calcs[send] = r.goal!.split('\n').filter((l) => l.includes('calc'))
    }
    // host: the packs (24 ns, 6144 ns); stream: 4 x 102 - 100 and, recorded before the
    // rendezvous send although it runs after CTS, 1024 x 102 - 100; outbound: none
    expect(calcs).toEqual({
      host: ['o0: calc 24', 'o2: calc 6144'],
      stream: ['o0: calc 308', 'o2: calc 104348'],
      outbound: [],
    })
  })
})
