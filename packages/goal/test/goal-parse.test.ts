// Reading GOAL text: the txt2bin grammar, what each field becomes, and errors with line numbers.
import { describe, expect, it } from 'vitest'
import { GoalSyntaxError } from '../src/goal-errors.js'
import { parseGoal } from '../src/goal-parse.js'
import { writeGoal } from '../src/goal-write.js'
import { BAD_GOAL_TEXTS } from './bad-goal-texts.js'

const sample = `// a small schedule
num_ranks 3

rank 0 {
  l1: send 64b to 1 tag 5
  l2: recv 8b from -1 tag -1 cpu 1 nic 2
  l3: calc 1000 cpu 1
  l3 requires l1
  l3 irequires l2
}
/* rank 1 receives,
   then answers */
rank 1 {
r: recv 64b from 0 tag 5
s: send 8b to 0
s requires r
}
rank 2 {
}
`

describe('parseGoal', () => {
  it('reads operations, options, labels, dependencies and comments', () => {
    expect(parseGoal(sample)).toEqual({
      ranks: [
        {
          ops: [
            { kind: 'send', bytes: 64, dest: 1, tag: 5, cpu: 0, nic: 0, label: 'l1' },
            { kind: 'recv', bytes: 8, src: -1, tag: -1, cpu: 1, nic: 2, label: 'l2' },
            { kind: 'calc', duration: 1000, cpu: 1, label: 'l3' },
          ],
          deps: [
            { kind: 'requires', op: 2, on: 0 },
            { kind: 'irequires', op: 2, on: 1 },
          ],
        },
        {
          ops: [
            { kind: 'recv', bytes: 64, src: 0, tag: 5, cpu: 0, nic: 0, label: 'r' },
            { kind: 'send', bytes: 8, dest: 0, tag: 0, cpu: 0, nic: 0, label: 's' },
          ],
          deps: [{ kind: 'requires', op: 1, on: 0 }],
        },
        { ops: [], deps: [] },
      ],
    })
  })

  it('accepts unlabelled operations, an operation on the line of "{", CRLF line ends and no final newline', () => {
    const s = parseGoal('num_ranks 1\r\nrank 0 { calc 5\r\nsend 1b to 0\n}')
    expect(s.ranks[0]!.ops).toEqual([
      { kind: 'calc', duration: 5, cpu: 0 },
      { kind: 'send', bytes: 1, dest: 0, tag: 0, cpu: 0, nic: 0 },
    ])
  })

  it('round-trips text -> schedule -> text -> schedule', () => {
    const once = parseGoal(sample)
    const text = writeGoal(once)
    expect(parseGoal(text)).toEqual(once)
    expect(writeGoal(parseGoal(text))).toBe(text)
    expect(text).toBe(`num_ranks 3

rank 0 {
l1: send 64b to 1 tag 5
l2: recv 8b from -1 tag -1 cpu 1 nic 2
l3: calc 1000 cpu 1
l3 requires l1
l3 irequires l2
}

rank 1 {
r: recv 64b from 0 tag 5
s: send 8b to 0 tag 0
s requires r
}

rank 2 {
}
`)
  })

  const bad = BAD_GOAL_TEXTS
  it.each(bad)('%s -> one-line error with the line number', (_name, text, message) => {
    let error: unknown
    try {
      parseGoal(text)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(GoalSyntaxError)
    expect((error as GoalSyntaxError).message).toBe(message)
    expect((error as GoalSyntaxError).message).not.toContain('\n')
    expect((error as GoalSyntaxError).line).toBe(Number(/^line (\d+)/.exec(message)![1]))
  })
})
