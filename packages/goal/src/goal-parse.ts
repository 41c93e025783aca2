// GOAL text -> schedule. Accepts the grammar of LogGOPSim's txt2bin:
//   num_ranks N
//   rank R {
//     [label:] send Sb to R [tag T] [cpu C] [nic N]
//     [label:] recv Sb from R|-1 [tag T|-1] [cpu C] [nic N]
//     [label:] calc T [cpu C]
//     label requires label
//     label irequires label
//   }
// with rank blocks in order 0..N-1, labels local to their rank and defined before use. Stricter
// than txt2bin where txt2bin would crash or silently misread (ranks out of range, duplicate
// labels); more lenient only in allowing a comment at the end of a statement.
import { GoalSyntaxError } from './goal-errors.js'
import { describeToken, GoalLexer, type Token } from './goal-lex.js'
import { markValid } from './goal-validate.js'
import {
  ANY,
  MAX_CPU_NIC,
  MAX_TAG,
  type GoalCalc,
  type GoalDependency,
  type GoalOp,
  type GoalRank,
  type GoalRecv,
  type GoalSchedule,
  type GoalSend,
} from './goal-types.js'

interface OpenRank {
  readonly rank: number
  readonly ops: GoalOp[]
  readonly deps: GoalDependency[]
  readonly labels: Map<string, number>
}

/** Reads GOAL text into a validated schedule; throws GoalSyntaxError with the line of the first error. */
export function parseGoal(text: string): GoalSchedule {
  return new GoalParser(new GoalLexer(text)).file()
}

class GoalParser {
  private numRanks = -1
  private readonly ranks: GoalRank[] = []
  private open: OpenRank | null = null

  constructor(private readonly lexer: GoalLexer) {}

  file(): GoalSchedule {
    let end: Token
    for (;;) {
      const t = this.next()
      if (t.kind === 'eof') {
        end = t
        break
      }
      if (t.kind === 'eol') continue
      this.statement(t)
    }
    if (this.open) throw new GoalSyntaxError(end.line, `end of file inside the block of rank ${this.open.rank} (missing '}')`)
    if (this.numRanks < 0) throw new GoalSyntaxError(end.line, "missing 'num_ranks'")
    if (this.ranks.length < this.numRanks) {
      throw new GoalSyntaxError(end.line, `num_ranks is ${this.numRanks} but the file ends after ${this.ranks.length} rank block(s)`)
    }
    return markValid({ ranks: this.ranks })
  }

  private statement(t: Token): void {
    if (t.kind === 'rbrace') return this.closeRank(t)
    if (t.kind !== 'word') throw this.unexpected(t, "'num_ranks', 'rank', an operation, a label or '}'")
    if (t.text === 'num_ranks') return this.numRanksStatement(t)
    if (t.text === 'rank') return this.openRank(t)
    const rank = this.open
    if (!rank) throw new GoalSyntaxError(t.line, `${describeToken(t)} outside a rank block`)
    if (t.text === 'send' || t.text === 'recv' || t.text === 'calc') return this.operation(rank, t, undefined)
    const after = this.next()
    if (after.kind === 'colon') {
      const opWord = this.next()
      if (opWord.kind !== 'word' || (opWord.text !== 'send' && opWord.text !== 'recv' && opWord.text !== 'calc')) {
        throw this.unexpected(opWord, `'send', 'recv' or 'calc' after label '${t.text}:'`)
      }
      return this.operation(rank, opWord, t)
    }
    if (after.kind === 'word' && (after.text === 'requires' || after.text === 'irequires')) {
      return this.dependency(rank, t, after.text)
    }
    throw this.unexpected(after, `':', 'requires' or 'irequires' after label '${t.text}'`)
  }

  private numRanksStatement(t: Token): void {
    if (this.numRanks >= 0) throw new GoalSyntaxError(t.line, "'num_ranks' given twice")
    const n = this.expectInt("the number of ranks after 'num_ranks'")
    if (n < 1) throw new GoalSyntaxError(t.line, 'num_ranks must be at least 1')
    this.numRanks = n
    this.endOfStatement("after 'num_ranks N'")
  }

  private openRank(t: Token): void {
    if (this.open) throw new GoalSyntaxError(t.line, `'rank' inside the block of rank ${this.open.rank} (missing '}')`)
    if (this.numRanks < 0) throw new GoalSyntaxError(t.line, "'num_ranks' must come before the first rank block")
    const r = this.expectInt("a rank number after 'rank'")
    const expected = this.ranks.length
    if (expected >= this.numRanks) throw new GoalSyntaxError(t.line, `rank ${r} is beyond num_ranks ${this.numRanks}`)
    if (r !== expected) throw new GoalSyntaxError(t.line, `expected the block of rank ${expected}, found rank ${r} (blocks must come in order)`)
    const brace = this.next()
    if (brace.kind !== 'lbrace') throw this.unexpected(brace, `'{' after 'rank ${r}'`)
    this.open = { rank: r, ops: [], deps: [], labels: new Map() }
  }

  private closeRank(t: Token): void {
    const rank = this.open
    if (!rank) throw new GoalSyntaxError(t.line, "'}' without an open rank block")
    this.ranks.push({ ops: rank.ops, deps: rank.deps })
    this.open = null
  }

  private operation(rank: OpenRank, word: Token, label: Token | undefined): void {
    let op: GoalOp
    if (word.text === 'calc') op = this.calc(label)
    else op = this.message(word.text as 'send' | 'recv', label)
    if (label) {
      if (rank.labels.has(label.text)) throw new GoalSyntaxError(label.line, `label '${label.text}' is already defined in rank ${rank.rank}`)
      rank.labels.set(label.text, rank.ops.length)
    }
    rank.ops.push(op)
  }

  private calc(label: Token | undefined): GoalCalc {
    const duration = this.expectInt("a duration after 'calc'")
    let cpu = 0
    if (this.peekWord('cpu')) {
      this.next()
      cpu = this.cpuNic('cpu')
    }
    this.endOfStatement("or 'cpu' after the calc duration")
    return label ? { kind: 'calc', duration, cpu, label: label.text } : { kind: 'calc', duration, cpu }
  }

  private message(kind: 'send' | 'recv', label: Token | undefined): GoalSend | GoalRecv {
    const bytes = this.expectInt(`a size after '${kind}'`)
    this.expectWord('b', `'b' after ${kind} size`)
    const dir = kind === 'send' ? 'to' : 'from'
    this.expectWord(dir, `'${dir}' after ${kind} size`)
    const peerTok = this.next()
    let peer: number
    if (peerTok.kind === 'int') peer = peerTok.value
    else if (peerTok.kind === 'any' && kind === 'recv') peer = ANY
    else throw this.unexpected(peerTok, kind === 'send' ? "a destination rank after 'to'" : "a source rank or -1 after 'from'")
    if (peer !== ANY && peer >= this.numRanks) {
      throw new GoalSyntaxError(peerTok.line, `${kind} ${dir} rank ${peer}, but num_ranks is ${this.numRanks}`)
    }
    let tag = 0
    let cpu = 0
    let nic = 0
    if (this.peekWord('tag')) {
      this.next()
      const tt = this.next()
      if (tt.kind === 'any') tag = ANY
      else if (tt.kind === 'int') tag = tt.value
      else throw this.unexpected(tt, "a tag or -1 after 'tag'")
      if (tag > MAX_TAG) throw new GoalSyntaxError(tt.line, `tag ${tag} is larger than ${MAX_TAG}`)
    }
    if (this.peekWord('cpu')) {
      this.next()
      cpu = this.cpuNic('cpu')
    }
    if (this.peekWord('nic')) {
      this.next()
      nic = this.cpuNic('nic')
    }
    this.endOfStatement(`or 'tag', 'cpu', 'nic' (in that order) after the ${kind} ${dir === 'to' ? 'destination' : 'source'}`)
    const base = kind === 'send' ? { kind, bytes, dest: peer, tag, cpu, nic } : { kind, bytes, src: peer, tag, cpu, nic }
    return (label ? { ...base, label: label.text } : base) as GoalSend | GoalRecv
  }

  private dependency(rank: OpenRank, opLabel: Token, kind: 'requires' | 'irequires'): void {
    const onLabel = this.next()
    if (onLabel.kind !== 'word') throw this.unexpected(onLabel, `a label after '${kind}'`)
    this.endOfStatement(`after '${opLabel.text} ${kind} ${onLabel.text}'`)
    const op = this.lookup(rank, opLabel)
    const on = this.lookup(rank, onLabel)
    rank.deps.push({ kind, op, on })
  }

  private lookup(rank: OpenRank, label: Token): number {
    const index = rank.labels.get(label.text)
    if (index === undefined) {
      throw new GoalSyntaxError(label.line, `label '${label.text}' is not defined in rank ${rank.rank} before this line`)
    }
    return index
  }

  private cpuNic(what: 'cpu' | 'nic'): number {
    const t = this.next()
    if (t.kind !== 'int') throw this.unexpected(t, `a number after '${what}'`)
    if (t.value > MAX_CPU_NIC) throw new GoalSyntaxError(t.line, `${what} ${t.value} is larger than ${MAX_CPU_NIC}`)
    return t.value
  }

  private next(): Token {
    return this.lexer.next()
  }

  private peekWord(text: string): boolean {
    const t = this.lexer.peek()
    return t.kind === 'word' && t.text === text
  }

  private expectInt(what: string): number {
    const t = this.next()
    if (t.kind !== 'int') throw this.unexpected(t, what)
    return t.value
  }

  private expectWord(text: string, what: string): void {
    const t = this.next()
    if (t.kind !== 'word' || t.text !== text) throw this.unexpected(t, what)
  }

  private endOfStatement(what: string): void {
    const t = this.next()
    if (t.kind !== 'eol' && t.kind !== 'eof') throw this.unexpected(t, `end of line ${what}`)
  }

  private unexpected(t: Token, expected: string): GoalSyntaxError {
    return new GoalSyntaxError(t.line, `expected ${expected}, found ${describeToken(t)}`)
  }
}
