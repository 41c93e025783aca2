// The simulator against closed forms of the LogGOPS model (issue 7) and against the one number
// LogGOPSim's README documents (dissemination barrier on 16 ranks: 22000 with defaults).
import { describe, expect, it } from 'vitest'
import { GoalBuilder } from '../src/goal-builder.js'
import { simulateLogGops } from '../src/loggops.js'
import { DEFAULT_LOGGOPS_PARAMS } from '../src/loggops-params.js'
import { binomialBroadcast, linearAlltoall, oneMessage, pingPong } from './helpers.js'

const { L, o, G } = DEFAULT_LOGGOPS_PARAMS // 2500, 1500, (g = 1000), 6

describe('one message of s bytes', () => {
  it.each([1, 2, 64, 1024, 65535])('s = %i: receiver at 2o + L + (s-1)G, eager sender at o', (s) => {
    const r = simulateLogGops(oneMessage(s))
    expect(r.ranks).toEqual([o, 2 * o + L + (s - 1) * G])
    expect(r.max).toBe(2 * o + L + (s - 1) * G)
    expect(r.maxRank).toBe(1)
    expect(r.unmatched).toEqual([])
  })

  it('charges O per byte at the sender and max((s-1)O, (s-1)G) at the receiver', () => {
    const s = 101
    // O = 10 > G = 6: the receiver pays the per-byte CPU overhead
    expect(simulateLogGops(oneMessage(s), { O: 10 }).ranks).toEqual([o + 100 * 10, 2 * o + L + 100 * 10])
    // O = 2 < G = 6: the receiver waits for the bytes (G)
    expect(simulateLogGops(oneMessage(s), { O: 2 }).ranks).toEqual([o + 100 * 2, 2 * o + L + 100 * 6])
  })

  it('uses the given L, o, g, G', () => {
    const r = simulateLogGops(oneMessage(11), { L: 7, o: 3, g: 100, G: 2 })
    expect(r.ranks).toEqual([3, 2 * 3 + 7 + 10 * 2])
  })
})

describe('ping-pong', () => {
  it.each([1, 100, 65535])('s = %i: rank 0 finishes at twice the one-way time', (s) => {
    const oneWay = 2 * o + L + (s - 1) * G
    const r = simulateLogGops(pingPong(s))
    expect(r.ranks![0]).toBe(2 * oneWay)
    // rank 1 sends its answer when its receive overhead is over, then pays o
    expect(r.ranks![1]).toBe(oneWay + o)
  })
})

describe('binomial broadcast of P = 2^k ranks', () => {
  const cases: Array<[number, number, Partial<typeof DEFAULT_LOGGOPS_PARAMS>]> = []
  for (const k of [1, 2, 3, 4, 5, 6]) {
    for (const s of [1, 64, 4096, 65535]) cases.push([k, s, {}])
    // a large gap makes the root's send spacing (Delta) the bottleneck instead of R
    cases.push([k, 8, { g: 20000 }])
    cases.push([k, 1, { o: 100, L: 50, g: 3000, G: 1 }])
  }
  it.each(cases)('k = %i, s = %i, %o: R + (k-1) max(R, Delta)', (k, s, over) => {
    const p = { ...DEFAULT_LOGGOPS_PARAMS, ...over }
    const R = 2 * p.o + p.L + (s - 1) * p.G
    const delta = Math.max(p.o, p.g + (s - 1) * p.G)
    const r = simulateLogGops(binomialBroadcast(k, s), over)
    expect(r.max).toBe(R + (k - 1) * Math.max(R, delta))
  })
})

describe('linear alltoall', () => {
  it('P = 4, s = 1, defaults: every rank at 9000 (CPU-bound)', () => {
    // Sends leave at 0, 1500, 3000 (o = 1500 > g = 1000), so the CPU is busy until 4500.
    // Messages arrive at 4000, 5500, 7000, each waits for the CPU, and each costs o:
    // 4500 -> 6000 -> 7500 -> 9000.
    const r = simulateLogGops(linearAlltoall(4, 1))
    expect(r.ranks).toEqual([9000, 9000, 9000, 9000])
  })

  it('P = 3, s = 1000, defaults: every rank at 22988 (the first receive delays the second send)', () => {
    // (s-1)G = 5994, send NIC gap g + 5994 = 6994. Send 1 at 0 (CPU to 1500, NIC to 6994),
    // its message arrives at 4000 and the CPU handles it until 4000 + 1500 + 5994 = 11494,
    // so send 2 leaves at 11494 (CPU to 12994) and arrives at 11494 + o + L = 15494, which
    // the receiver handles until 15494 + 1500 + 5994 = 22988.
    const r = simulateLogGops(linearAlltoall(3, 1000))
    expect(r.ranks).toEqual([22988, 22988, 22988])
  })
})

describe("LogGOPSim's documented example", () => {
  it('dissemination barrier on 16 ranks ends at 22000 on every host with default parameters', () => {
    const P = 16
    const b = new GoalBuilder(P)
    for (let r = 0; r < P; r++) {
      const rank = b.rank(r)
      let previous = -1
      for (let d = 1; d < P; d *= 2) {
        const s = rank.send(1, (r + d) % P)
        if (previous >= 0) rank.requires(s, previous)
        previous = rank.recv(1, (r - d + P) % P)
      }
    }
    const r = simulateLogGops(b.build())
    expect(r.ranks).toEqual(new Array(P).fill(22000))
  })
})

