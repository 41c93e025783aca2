// Reading GOAL text: the txt2bin grammar, what each field becomes, and errors with line numbers.
import { describe, expect, it } from 'vitest'
import { GoalSyntaxError } from '../src/goal-errors.js'
import { parseGoal } from '../src/goal-parse.js'
import { writeGoal } from '../src/goal-write.js'

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

  const bad: Array<[string, string, string]> = [
    ['send without "to"', 'num_ranks 2\nrank 0 {\nsend 8b from 1\n}\nrank 1 {\n}\n', "line 3: expected 'to' after send size, found 'from'"],
    ['recv without "from"', 'num_ranks 2\nrank 0 {\n\n\nrecv 8b to 1\n}', "line 5: expected 'from' after recv size, found 'to'"],
    ['size without b', 'num_ranks 1\nrank 0 {\nsend 8 to 0\n}', "line 3: expected 'b' after send size, found 'to'"],
    ['missing size', 'num_ranks 1\nrank 0 {\ncalc\n}', "line 3: expected a duration after 'calc', found end of line"],
    ['send to -1', 'num_ranks 1\nrank 0 {\nsend 1b to -1\n}', "line 3: expected a destination rank after 'to', found '-1'"],
    ['peer out of range', 'num_ranks 2\nrank 0 {\nsend 1b to 2\n}', 'line 3: send to rank 2, but num_ranks is 2'],
    ['options out of order', 'num_ranks 1\nrank 0 {\nsend 1b to 0 cpu 1 tag 2\n}', "line 3: expected end of line or 'tag', 'cpu', 'nic' (in that order) after the send destination, found 'tag'"],
    ['calc with nic', 'num_ranks 1\nrank 0 {\ncalc 5 nic 1\n}', "line 3: expected end of line or 'cpu' after the calc duration, found 'nic'"],
    ['cpu too large', 'num_ranks 1\nrank 0 {\ncalc 5 cpu 256\n}', 'line 3: cpu 256 is larger than 255'],
    ['undefined label', 'num_ranks 1\nrank 0 {\na: calc 1\na requires b\n}', "line 4: label 'b' is not defined in rank 0 before this line"],
    ['forward reference', 'num_ranks 1\nrank 0 {\na requires b\na: calc 1\nb: calc 1\n}', "line 3: label 'a' is not defined in rank 0 before this line"],
    ['labels are per rank', 'num_ranks 2\nrank 0 {\na: calc 1\n}\nrank 1 {\nb: calc 1\nb requires a\n}', "line 7: label 'a' is not defined in rank 1 before this line"],
    ['duplicate label', 'num_ranks 1\nrank 0 {\na: calc 1\na: calc 2\n}', "line 4: label 'a' is already defined in rank 0"],
    ['label without colon', 'num_ranks 1\nrank 0 {\na calc 1\n}', "line 3: expected ':', 'requires' or 'irequires' after label 'a', found 'calc'"],
    ['missing num_ranks', 'rank 0 {\n}', "line 1: 'num_ranks' must come before the first rank block"],
    ['ranks out of order', 'num_ranks 2\nrank 1 {\n}\nrank 0 {\n}', 'line 2: expected the block of rank 0, found rank 1 (blocks must come in order)'],
    ['too few ranks', 'num_ranks 3\nrank 0 {\n}\nrank 1 {\n}\n', 'line 6: num_ranks is 3 but the file ends after 2 rank block(s)'],
    ['unclosed block', 'num_ranks 1\nrank 0 {\ncalc 1\n', "line 4: end of file inside the block of rank 0 (missing '}')"],
    ['nested rank', 'num_ranks 2\nrank 0 {\nrank 1 {\n}', "line 3: 'rank' inside the block of rank 0 (missing '}')"],
    ['operation outside a block', 'num_ranks 1\ncalc 5\n', "line 2: 'calc' outside a rank block"],
    ['stray brace', 'num_ranks 1\n}\n', "line 2: '}' without an open rank block"],
    ['negative number', 'num_ranks 1\nrank 0 {\ncalc -5\n}', 'line 3: negative numbers other than -1 (the wildcard) are not allowed'],
    ['number beyond 2^53', 'num_ranks 1\nrank 0 {\ncalc 9007199254740993\n}', 'line 3: number 9007199254740993 is too large'],
    ['bad character', 'num_ranks 1\nrank 0 {\ncalc 5;\n}', "line 3: unexpected character ';'"],
    ['unclosed comment', 'num_ranks 1\n/* open\n\nrank 0 {\n}', "line 2: comment opened with '/*' is never closed"],
    ['line numbers count lines inside block comments', 'num_ranks 1\n/*\n\n*/ rank 0 {\nsend 1b to 0 tog 1\n}', "line 5: expected end of line or 'tag', 'cpu', 'nic' (in that order) after the send destination, found 'tog'"],
    ['trailing tokens after a dependency', 'num_ranks 1\nrank 0 {\na: calc 1\nb: calc 1\nb requires a a\n}', "line 5: expected end of line after 'b requires a', found 'a'"],
  ]
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
