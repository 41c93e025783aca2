// Writing schedules: generated labels, the builder, validation errors, and the round-trip
// property parse(write(x)) == assignLabels(x) on random schedules.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GoalBuilder } from '../src/goal-builder.js'
import { GoalScheduleError } from '../src/goal-errors.js'
import { parseGoal } from '../src/goal-parse.js'
import { ANY, MAX_TAG, type GoalDependency, type GoalOp, type GoalSchedule } from '../src/goal-types.js'
import { validateSchedule } from '../src/goal-validate.js'
import { assignLabels, writeGoal } from '../src/goal-write.js'

describe('writeGoal', () => {
  it('labels only operations a dependency names, avoiding labels already in use', () => {
    const b = new GoalBuilder(2)
    const r0 = b.rank(0)
    const first = r0.calc(10, { label: 'o2' })
    const s = r0.send(4, 1, { tag: ANY, nic: 3 })
    const last = r0.calc(1)
    r0.requires(last, s).irequires(s, first)
    b.rank(1).recv(4, ANY, { tag: 17, cpu: 2 })
    expect(b.toText()).toBe(`num_ranks 2

rank 0 {
o2: calc 10
o1: send 4b to 1 tag -1 nic 3
o2_: calc 1
o2_ requires o1
o1 irequires o2
}

rank 1 {
recv 4b from -1 tag 17 cpu 2
}
`)
  })

  it('builder indices are per rank and consecutive', () => {
    const b = new GoalBuilder(2)
    expect([b.rank(0).calc(1), b.rank(1).calc(1), b.rank(0).send(1, 1), b.rank(0).size]).toEqual([0, 0, 1, 2])
  })
})

describe('validateSchedule', () => {
  const base = (): { ranks: Array<{ ops: GoalOp[]; deps: GoalDependency[] }> } => ({
    ranks: [{ ops: [{ kind: 'send', bytes: 1, dest: 1, tag: 0, cpu: 0, nic: 0 }], deps: [] }, { ops: [], deps: [] }],
  })
  const cases: Array<[string, (s: ReturnType<typeof base>) => void, string]> = [
    ['dest out of range', (s) => void (s.ranks[0]!.ops[0] = { kind: 'send', bytes: 1, dest: 2, tag: 0, cpu: 0, nic: 0 }), 'ranks[0].ops[0].dest: rank 2 does not exist (2 ranks)'],
    ['negative bytes', (s) => void (s.ranks[0]!.ops[0] = { kind: 'send', bytes: -1, dest: 1, tag: 0, cpu: 0, nic: 0 }), 'ranks[0].ops[0].bytes'],
    ['tag too large', (s) => void (s.ranks[0]!.ops[0] = { kind: 'send', bytes: 1, dest: 1, tag: MAX_TAG + 1, cpu: 0, nic: 0 }), 'ranks[0].ops[0].tag'],
    ['reserved label', (s) => void (s.ranks[0]!.ops[0] = { kind: 'calc', duration: 1, cpu: 0, label: 'send' }), 'ranks[0].ops[0].label: a label cannot be a GOAL keyword'],
    ['bad label', (s) => void (s.ranks[0]!.ops[0] = { kind: 'calc', duration: 1, cpu: 0, label: '1x' }), 'ranks[0].ops[0].label: a label is a letter'],
    ['dependency index', (s) => void s.ranks[0]!.deps.push({ kind: 'requires', op: 0, on: 1 }), 'ranks[0].deps[0].on: operation 1 does not exist (rank 0 has 1)'],
    ['duplicate label', (s) => void s.ranks[1]!.ops.push({ kind: 'calc', duration: 1, cpu: 0, label: 'x' }, { kind: 'calc', duration: 2, cpu: 0, label: 'x' }), "ranks[1].ops[1].label: label 'x' is used twice in rank 1"],
    ['no ranks', (s) => void s.ranks.splice(0), 'ranks: a schedule needs at least one rank'],
  ]
  it.each(cases)('%s: error names the field', (_name, mutate, message) => {
    const s = base()
    mutate(s)
    expect(() => validateSchedule(s)).toThrow(GoalScheduleError)
    expect(() => validateSchedule(s)).toThrow(message)
  })
})

// Random valid schedules: any mix of operations with any fields GOAL can express, labels on
// some operations, and dependencies between random operations of the same rank.
const labelArb = fc.option(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,6}$/).filter((s) => !['send', 'recv', 'calc', 'rank', 'num_ranks'].includes(s)), { nil: undefined })
const scheduleArb: fc.Arbitrary<GoalSchedule> = fc.integer({ min: 1, max: 4 }).chain((P) => {
  const opArb: fc.Arbitrary<GoalOp> = fc.oneof(
    fc.record({ bytes: fc.nat(), dest: fc.nat({ max: P - 1 }), tag: fc.integer({ min: -1, max: MAX_TAG }), cpu: fc.nat({ max: 255 }), nic: fc.nat({ max: 255 }), label: labelArb }).map((r) => ({ kind: 'send' as const, ...r })),
    fc.record({ bytes: fc.nat(), src: fc.integer({ min: -1, max: P - 1 }), tag: fc.integer({ min: -1, max: MAX_TAG }), cpu: fc.nat({ max: 255 }), nic: fc.nat({ max: 255 }), label: labelArb }).map((r) => ({ kind: 'recv' as const, ...r })),
    fc.record({ duration: fc.nat(), cpu: fc.nat({ max: 255 }), label: labelArb }).map((r) => ({ kind: 'calc' as const, ...r })),
  )
  const rankArb = fc.array(opArb, { maxLength: 8 }).chain((rawOps) => {
    // keep the first use of each label, drop the rest; omit the key when there is no label
    const seen = new Set<string>()
    const ops = rawOps.map((op): GoalOp => {
      const { label, ...rest } = op
      if (label === undefined || seen.has(label)) return rest as GoalOp
      seen.add(label)
      return { ...rest, label } as GoalOp
    })
    const depArb: fc.Arbitrary<GoalDependency[]> =
      ops.length === 0
        ? fc.constant([])
        : fc.array(fc.record({ kind: fc.constantFrom('requires' as const, 'irequires' as const), op: fc.nat({ max: ops.length - 1 }), on: fc.nat({ max: ops.length - 1 }) }), { maxLength: 8 })
    return depArb.map((deps) => ({ ops, deps }))
  })
  return fc.array(rankArb, { minLength: P, maxLength: P }).map((ranks) => ({ ranks }))
})

describe('round trip property', () => {
  it('parse(write(x)) equals x with the labels write had to add', () => {
    fc.assert(
      fc.property(scheduleArb, (x) => {
        const text = writeGoal(x)
        const back = parseGoal(text)
        expect(back).toEqual(assignLabels(x))
        expect(writeGoal(back)).toBe(text)
      }),
      { numRuns: 400 },
    )
  })

  it('schedules whose operations all carry labels come back unchanged', () => {
    fc.assert(
      fc.property(scheduleArb, (x) => {
        const labelled = assignLabels(x)
        expect(parseGoal(writeGoal(labelled))).toEqual(labelled)
      }),
      { numRuns: 100 },
    )
  })
})
