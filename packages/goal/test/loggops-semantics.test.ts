// Protocol and matching rules of the simulator: rendezvous, wildcards, posting order,
// unmatched operations, irequires, several CPUs, input checks.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GoalBuilder } from '../src/goal-builder.js'
import { GoalScheduleError } from '../src/goal-errors.js'
import { ANY } from '../src/goal-types.js'
import { simulateLogGops } from '../src/loggops.js'
import { DEFAULT_LOGGOPS_PARAMS } from '../src/loggops-params.js'
import { oneMessage } from './helpers.js'

const { L, o, G, S } = DEFAULT_LOGGOPS_PARAMS

describe('rendezvous (s > S)', () => {
  const s = S + 1

  it('holds the sender until the receiver matches the message', () => {
    // receive posted from the start: the message is matched when handled at o + L
    const r = simulateLogGops(oneMessage(s))
    expect(r.ranks).toEqual([o + L, 2 * o + L + (s - 1) * G])
  })

  it('a late receive delays what the sender does next', () => {
    const C = 50000
    const build = (bytes: number) => {
      const b = new GoalBuilder(2)
      const r0 = b.rank(0)
      r0.requires(r0.calc(100), r0.send(bytes, 1))
      const r1 = b.rank(1)
      r1.requires(r1.recv(bytes, 0), r1.calc(C))
      return b.build()
    }
    // The message arrives at o + L while rank 1 computes until C; it is handled at C
    // (unexpected), the receive posted at C matches it and releases the sender at C,
    // whose calc then runs C .. C + 100.
    const rdv = simulateLogGops(build(s))
    expect(rdv.ranks).toEqual([C + 100, C + o + (s - 1) * G])
    // the same with an eager message: the sender's calc runs right after o
    const eager = simulateLogGops(build(S))
    expect(eager.ranks).toEqual([o + 100, C + o + (S - 1) * G])
  })

  it('irequires lets the next operation start when the rendezvous send starts', () => {
    const b = new GoalBuilder(2)
    const r0 = b.rank(0)
    r0.irequires(r0.calc(100), r0.send(s, 1))
    const r1 = b.rank(1)
    r1.requires(r1.recv(s, 0), r1.calc(50000))
    const r = simulateLogGops(b.build())
    // the calc starts when the CPU is free after the send's o; the match at 50000 then
    // pushes the CPU's free time to 50000
    expect(r.ranks![0]).toBe(50000)
    expect(r.ranks![1]).toBe(50000 + o + (s - 1) * G)
  })
})

describe('matching', () => {
  it('matches in posting order; wildcards match any source and tag', () => {
    const b = new GoalBuilder(2)
    b.rank(0).send(8, 1, { tag: 3 })
    b.rank(1).recv(8, ANY, { tag: ANY, label: 'anything' })
    b.rank(1).recv(8, 0, { tag: 3, label: 'exact' })
    const r = simulateLogGops(b.build())
    // the first posted (wildcard) receive took the message; the exact one is left over
    expect(r.ranks).toBeNull()
    expect(r.unmatched).toEqual([{ rank: 1, queue: 'posted', src: 0, tag: 3, bytes: 8, opRank: 1, opIndex: 1, label: 'exact' }])
  })

  it('a send with tag -1 matches a receive of any tag; sources must agree', () => {
    const b = new GoalBuilder(3)
    b.rank(0).send(8, 2, { tag: ANY })
    b.rank(1).send(8, 2, { tag: 9 })
    b.rank(2).recv(8, 0, { tag: 42 })
    b.rank(2).recv(8, 1, { tag: 10 })
    const r = simulateLogGops(b.build())
    expect(r.unmatched).toEqual([
      { rank: 2, queue: 'unexpected', src: 1, tag: 9, bytes: 8, opRank: 1, opIndex: 0 },
      { rank: 2, queue: 'posted', src: 1, tag: 10, bytes: 8, opRank: 2, opIndex: 1 },
    ])
  })

  it('an unexpected message is handled on arrival; the later receive completes at once', () => {
    const b = new GoalBuilder(2)
    b.rank(0).send(1, 1)
    const r1 = b.rank(1)
    const c = r1.calc(10000)
    const rv = r1.recv(1, 0)
    r1.requires(rv, c)
    r1.requires(r1.calc(5), rv)
    const r = simulateLogGops(b.build())
    // arrival at 4000 waits for the CPU (busy to 10000): handled 10000..11500; the receive
    // posted at 10000 finds it, completes, and the calc runs once the CPU is free: 11505
    expect(r.ranks).toEqual([o, 10000 + o + 5])
  })

  it('reports messages nobody receives and receives nothing matches, with no times', () => {
    const b = new GoalBuilder(2)
    b.rank(0).send(16, 1, { tag: 1, label: 'lost' })
    b.rank(0).recv(4, 1, { tag: 2 })
    const r = simulateLogGops(b.build())
    expect(r.ranks).toBeNull()
    expect(r.max).toBeNull()
    expect(r.unmatched).toEqual([
      { rank: 0, queue: 'posted', src: 1, tag: 2, bytes: 4, opRank: 0, opIndex: 1 },
      { rank: 1, queue: 'unexpected', src: 0, tag: 1, bytes: 16, opRank: 0, opIndex: 0, label: 'lost' },
    ])
  })

  it('counts operations that never start (dependency cycle) but still gives times', () => {
    const b = new GoalBuilder(1)
    const r0 = b.rank(0)
    const a = r0.calc(5)
    const c = r0.calc(7)
    r0.requires(a, c).requires(c, a)
    r0.calc(3)
    const r = simulateLogGops(b.build())
    expect(r.neverStarted).toBe(2)
    expect(r.ranks).toEqual([3])
  })
})

describe('CPUs and NICs', () => {
  it('calcs on different CPUs overlap; the rank finishes with its last busy CPU', () => {
    const two = new GoalBuilder(1)
    two.rank(0).calc(100, { cpu: 0 })
    two.rank(0).calc(200, { cpu: 1 })
    const one = new GoalBuilder(1)
    one.rank(0).calc(100)
    one.rank(0).calc(200)
    const r2 = simulateLogGops(two.build())
    expect(r2.ranks).toEqual([200])
    expect(r2.cpusPerRank).toBe(2)
    expect(simulateLogGops(one.build()).ranks).toEqual([300])
  })

  it('two sends on two NICs are not separated by the gap g', () => {
    const build = (nic2: number) => {
      const b = new GoalBuilder(2)
      b.rank(0).send(1, 1, { cpu: 0, nic: 0 })
      b.rank(0).send(1, 1, { cpu: 1, nic: nic2 })
      b.rank(1).recv(1, 0, { cpu: 0, nic: 0 })
      b.rank(1).recv(1, 0, { cpu: 1, nic: nic2 })
      return b.build()
    }
    // both sends start at 0 on separate CPUs and NICs; the receiver handles each message on
    // the CPU/NIC numbers the send named, in parallel
    expect(simulateLogGops(build(1)).ranks).toEqual([o, 2 * o + L])
    // sharing NIC 0: the second send waits for the gap g = 1000, arrives 1000 later
    expect(simulateLogGops(build(0)).ranks).toEqual([1000 + o, 1000 + 2 * o + L])
  })
})

describe('inputs', () => {
  it('rejects messages of 0 bytes naming the operation', () => {
    const b = new GoalBuilder(2)
    b.rank(0).send(0, 1)
    b.rank(1).recv(0, 0)
    expect(() => simulateLogGops(b.build())).toThrow(new GoalScheduleError('ranks[0].ops[0].bytes', 'LogGOPS needs messages of at least 1 byte'))
  })

  it('rejects bad parameters naming them', () => {
    expect(() => simulateLogGops(oneMessage(1), { L: -1 })).toThrow(/^L: L must be >= 0/)
    expect(() => simulateLogGops(oneMessage(1), { G: 1.5 })).toThrow(/^G: G must be an integer/)
    expect(() => simulateLogGops(oneMessage(1), { X: 1 } as never)).toThrow(/unknown LogGOPS parameter/)
  })
})

describe('properties', () => {
  // Random matched exchanges: each rank sends random sizes to random peers with random tags,
  // and every receiver posts the matching receive (possibly with wildcards).
  const exchange = fc
    .record({
      P: fc.integer({ min: 1, max: 5 }),
      msgs: fc.array(
        fc.record({ from: fc.nat(), to: fc.nat(), bytes: fc.integer({ min: 1, max: 100000 }), tag: fc.nat({ max: 3 }), wild: fc.boolean(), calc: fc.nat({ max: 3000 }) }),
        { maxLength: 25 },
      ),
      params: fc.record({ L: fc.nat({ max: 5000 }), o: fc.nat({ max: 3000 }), g: fc.nat({ max: 3000 }), G: fc.nat({ max: 10 }), O: fc.nat({ max: 10 }), S: fc.nat({ max: 100000 }) }),
    })
    .map(({ P, msgs, params }) => {
      const b = new GoalBuilder(P)
      // the CPU time each rank must spend, whatever the order: a lower bound on its finish
      const busy = new Array<number>(P).fill(0)
      for (const m of msgs) {
        const from = m.from % P
        const to = m.to % P
        const s1 = m.bytes - 1
        const c = b.rank(from).calc(m.calc)
        b.rank(from).requires(b.rank(from).send(m.bytes, to, { tag: m.tag }), c)
        b.rank(to).recv(m.bytes, m.wild ? ANY : from, { tag: m.tag })
        busy[from]! += m.calc + params.o + s1 * params.O
        busy[to]! += params.o + Math.max(s1 * params.O, s1 * params.G)
      }
      return { schedule: b.build(), params, busy, wild: msgs.some((m) => m.wild) }
    })

  it('is deterministic, matches every message when receives are exact, and no rank finishes before its CPU work is done', () => {
    fc.assert(
      fc.property(exchange, ({ schedule, params, busy, wild }) => {
        const a = simulateLogGops(schedule, params)
        const b = simulateLogGops(schedule, params)
        expect(b).toEqual(a)
        // without wildcards every message has its own receive; a wildcard receive may take a
        // message an exact receive was waiting for and leave that one unmatched
        if (!wild) expect(a.ranks).not.toBeNull()
        if (a.ranks === null) return
        for (let r = 0; r < busy.length; r++) {
          expect(Number.isInteger(a.ranks[r])).toBe(true)
          expect(a.ranks[r]!).toBeGreaterThanOrEqual(busy[r]!)
        }
      }),
      { numRuns: 300 },
    )
  })
})
