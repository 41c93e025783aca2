// An interleaved operation graph (OpGraph.interleaved: rank r's i-th operation is i * P + r) is
// the same schedule as the rank-by-rank one: the simulator gives the same result, unmatched
// operations named by the same index, and writeGoalBinary the same bytes.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { writeGoalBinary } from '../src/goal-binary.js'
import { GoalBuilder } from '../src/goal-builder.js'
import { ANY } from '../src/goal-types.js'
import { GoalScheduleError } from '../src/goal-errors.js'
import { simulateLogGopsGraph } from '../src/loggops.js'
import { buildOpGraph, opId, opIndex, type OpGraph } from '../src/loggops-graph.js'

/** The same graph with the ranks interleaved; every rank must have numOps / numRanks operations. */
function interleave(g: OpGraph): OpGraph {
  const p = g.numRanks
  const m = g.numOps / p
  for (let r = 0; r < p; r++) expect(g.rankStart[r + 1]! - g.rankStart[r]!).toBe(m)
  const to = (op: number): number => (op - g.rankStart[g.rankOf[op]!]!) * p + g.rankOf[op]!
  const from = new Int32Array(g.numOps)
  for (let op = 0; op < g.numOps; op++) from[to(op)] = op
  const pick = <A extends { [i: number]: number; length: number }>(a: A, make: (n: number) => A): A => {
    const b = make(a.length)
    for (let id = 0; id < g.numOps; id++) b[id] = a[from[id]!]!
    return b
  }
  const lists = (start: Int32Array, list: Int32Array): [Int32Array, Int32Array] => {
    const s = new Int32Array(g.numOps + 1)
    const l = new Int32Array(list.length)
    let at = 0
    for (let id = 0; id < g.numOps; id++) {
      s[id] = at
      for (let k = start[from[id]!]!; k < start[from[id]! + 1]!; k++) l[at++] = to(list[k]!)
    }
    s[g.numOps] = at
    return [s, l]
  }
  const [doneStart, doneList] = lists(g.doneStart, g.doneList)
  const [startStart, startList] = lists(g.startStart, g.startList)
  return {
    ...g, interleaved: true,
    rankOf: pick(g.rankOf, (n) => new Int32Array(n)), type: pick(g.type, (n) => new Uint8Array(n)),
    size: pick(g.size, (n) => new Float64Array(n)), peer: pick(g.peer, (n) => new Int32Array(n)),
    tag: pick(g.tag, (n) => new Int32Array(n)), cpu: pick(g.cpu, (n) => new Uint8Array(n)),
    nic: pick(g.nic, (n) => new Uint8Array(n)), depCount: pick(g.depCount, (n) => new Uint32Array(n)),
    doneStart, doneList, startStart, startList,
  }
}

function binary(g: OpGraph): number[] {
  const out: number[] = []
  writeGoalBinary(g, (part) => out.push(...part))
  return out
}

// Every rank gets `m` operations: a random exchange (sends after calcs, receives, some wildcard
// or left unmatched, some irequires), padded with calcs.
const schedules = fc
  .record({
    P: fc.integer({ min: 1, max: 4 }),
    msgs: fc.array(fc.record({ from: fc.nat(), to: fc.nat(), bytes: fc.integer({ min: 1, max: 300 }), tag: fc.nat({ max: 2 }), wild: fc.boolean(), lost: fc.boolean(), calc: fc.nat({ max: 500 }), start: fc.boolean() }), { maxLength: 12 }),
  })
  .map(({ P, msgs }) => {
    const b = new GoalBuilder(P)
    const count = new Array<number>(P).fill(0)
    for (const x of msgs) {
      const from = x.from % P
      const to = x.to % P
      const rb = b.rank(from)
      const c = rb.calc(x.calc)
      const s = rb.send(x.bytes, to, { tag: x.tag })
      if (x.start) rb.irequires(s, c)
      else rb.requires(s, c)
      count[from]! += 2
      if (!x.lost) {
        b.rank(to).recv(x.bytes, x.wild ? ANY : from, { tag: x.tag })
        count[to]!++
      }
    }
    const m = Math.max(1, ...count)
    for (let r = 0; r < P; r++) for (let k = count[r]!; k < m; k++) b.rank(r).calc(k)
    return b.build()
  })

describe('interleaved operation graphs', () => {
  it('opId and opIndex are inverse in both numberings', () => {
    const b = new GoalBuilder(3)
    for (let r = 0; r < 3; r++) for (let k = 0; k < 4; k++) b.rank(r).calc(k)
    const g = buildOpGraph(b.build())
    for (const h of [g, interleave(g)]) {
      for (let r = 0; r < 3; r++) {
        for (let i = 0; i < 4; i++) {
          expect(h.rankOf[opId(h, r, i)]).toBe(r)
          expect(opIndex(h, opId(h, r, i))).toBe(i)
        }
      }
    }
    expect(opId(interleave(g), 2, 1)).toBe(5)
  })

  it('simulate to the same result and write the same binary file as rank by rank', () => {
    fc.assert(
      fc.property(schedules, (schedule) => {
        const g = buildOpGraph(schedule)
        const h = interleave(g)
        const label = (r: number, i: number): string => `r${r}i${i}`
        const want = simulateLogGopsGraph(g, { S: 100 }, label)
        expect(simulateLogGopsGraph(h, { S: 100 }, label)).toEqual(want)
        expect(binary(h)).toEqual(binary(g))
      }),
      { numRuns: 300 },
    )
  })

  it('names an unmatched message by its rank and index in an interleaved graph', () => {
    // one lost message: the run reports it by its rank and index in both numberings
    const b = new GoalBuilder(2)
    b.rank(0).send(500, 1, { tag: 1 })
    b.rank(1).calc(3)
    const g = buildOpGraph(b.build())
    const r = simulateLogGopsGraph(interleave(g), { S: 100 })
    expect(r.unmatched.map((u) => [u.rank, u.queue, u.opRank, u.opIndex])).toEqual([[1, 'unexpected', 0, 0]])
    expect(r.neverStarted).toBe(0)
  })

  it('rejects an interleaved graph whose ranks have different numbers of operations', () => {
    const b = new GoalBuilder(2)
    b.rank(0).calc(1)
    b.rank(0).calc(2)
    b.rank(1).calc(3)
    const g = { ...buildOpGraph(b.build()), interleaved: true }
    expect(() => simulateLogGopsGraph(g)).toThrow(GoalScheduleError)
    expect(() => simulateLogGopsGraph(g)).toThrow('interleaved: an interleaved graph needs the same number of operations on every rank (3 over 2 ranks)')
  })
})
