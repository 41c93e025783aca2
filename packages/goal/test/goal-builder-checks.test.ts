import { describe, expect, it } from 'vitest'
import { GoalBuilder, GoalScheduleError, simulateLogGops, validateSchedule, writeGoal } from '../src/index.js'

describe('GoalBuilder checks each argument as it is added', () => {
  it('names the field of the operation being added', () => {
    const b = new GoalBuilder(2)
    b.rank(1).calc(5)
    expect(() => b.rank(1).send(-1, 0)).toThrow(new GoalScheduleError('ranks[1].ops[1].bytes', 'expected an integer in 0..9007199254740991, got -1'))
    expect(() => b.rank(1).recv(8, -2)).toThrow(/^ranks\[1\]\.ops\[1\]\.src: expected an integer in -1\.\./)
    expect(() => b.rank(0).send(8, 1, { tag: 1.5 })).toThrow(/^ranks\[0\]\.ops\[0\]\.tag: /)
    expect(() => b.rank(0).calc(10, { cpu: 256 })).toThrow(/^ranks\[0\]\.ops\[0\]\.cpu: expected an integer in 0\.\.255, got 256$/)
    expect(() => b.rank(0).calc(1, { label: 'send' })).toThrow(/^ranks\[0\]\.ops\[0\]\.label: 'send' is not a label/)
    expect(() => b.rank(0).requires(0, -1)).toThrow(/^ranks\[0\]\.deps\[0\]\.on: /)
  })

  it('build() checks peers and dependency indices, then needs no second check', () => {
    const bad = new GoalBuilder(2)
    bad.rank(0).send(8, 2)
    expect(() => bad.build()).toThrow(new GoalScheduleError('ranks[0].ops[0].dest', 'rank 2 does not exist (2 ranks)'))
    const deps = new GoalBuilder(1)
    deps.rank(0).calc(1)
    deps.rank(0).requires(0, 3)
    expect(() => deps.build()).toThrow(/^ranks\[0\]\.deps\[0\]\.on: operation 3 does not exist/)
    const ok = new GoalBuilder(2)
    const s = ok.rank(0).send(8, 1)
    ok.rank(0).requires(ok.rank(0).calc(100), s)
    ok.rank(1).recv(8, 0)
    const schedule = ok.build()
    expect(validateSchedule(schedule)).toBe(schedule)
    expect(writeGoal(schedule)).toContain('num_ranks 2')
    expect(simulateLogGops(schedule).max).toBeGreaterThan(100)
  })
})
