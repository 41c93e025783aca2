// GOAL text -> operation graph, byte by byte, in chunks: no token or operation objects and no
// whole-file string, so files of any size read in memory proportional to their operations.
// Same grammar, same checks and the same one-line "line N: ..." errors as parseGoal (the object
// reader, which stays for library users); a test holds the two to the same graphs and errors.
import { GoalSyntaxError, describeChar } from './goal-errors.js'
import { LabelTable } from './goal-labels.js'
import { ANY, MAX_CPU_NIC, MAX_TAG } from './goal-types.js'
import { OpGraphBuilder } from './loggops-graph-builder.js'
import { OP_CALC, OP_RECV, OP_SEND, type OpGraph } from './loggops-graph.js'

/** Reads up to `length` bytes into `buf` at `offset`; returns how many (0 at the end). */
export type ByteSource = (buf: Uint8Array, offset: number, length: number) => number

/** Options of the streaming GOAL readers. */
export interface GoalReadOptions {
  /** Expected size in bytes (e.g. the file's), to size the operation arrays once. */
  readonly sizeHint?: number
  /** Keep each labelled operation's label (for reports of unmatched operations). */
  readonly keepLabels?: boolean
}

/** An operation graph with, when asked for, the labels of its operations. */
export interface GoalGraph extends OpGraph {
  readonly labels: ReadonlyMap<number, string> | null
}

// 256 KB: larger chunks read no faster and are resident for the whole read
const CHUNK = 1 << 18
/** Longest word or number; a longer one is an error rather than an unbounded buffer. */
export const MAX_TOKEN_BYTES = 1 << 16

// Token kinds.
const T_WORD = 1
const T_INT = 2
const T_ANY = 3
const T_COLON = 4
const T_LBRACE = 5
const T_RBRACE = 6
const T_EOL = 7
const T_EOF = 8

// Keywords a word token may be.
const K_NONE = 0
const K_NUM_RANKS = 1
const K_RANK = 2
const K_SEND = 3
const K_RECV = 4
const K_CALC = 5
const K_REQUIRES = 6
const K_IREQUIRES = 7
const K_B = 8
const K_TO = 9
const K_FROM = 10
const K_TAG = 11
const K_CPU = 12
const K_NIC = 13

const ascii = (w: string): Uint8Array => Uint8Array.from(w, (c) => c.charCodeAt(0))
const W_TO = ascii('to')
const W_TAG = ascii('tag')
const W_CPU = ascii('cpu')
const W_NIC = ascii('nic')
const W_SEND = ascii('send')
const W_RECV = ascii('recv')
const W_RANK = ascii('rank')
const W_CALC = ascii('calc')
const W_FROM = ascii('from')
const W_REQUIRES = ascii('requires')
const W_NUM_RANKS = ascii('num_ranks')
const W_IREQUIRES = ascii('irequires')

const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
const isWordChar = (c: number): boolean => isLetter(c) || isDigit(c) || c === 95

/** Reads GOAL text from `source` into an operation graph. */
export function readGoalGraph(source: ByteSource, options: GoalReadOptions = {}): GoalGraph {
  return new GoalByteReader(source, options).file()
}

/** Reads GOAL text held in memory (bytes, or a string encoded as UTF-8). */
export function readGoalGraphFromBytes(input: Uint8Array | string, options: GoalReadOptions = {}): GoalGraph {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input
  let at = 0
  const source: ByteSource = (buf, offset, length) => {
    const n = Math.min(length, bytes.length - at)
    buf.set(bytes.subarray(at, at + n), offset)
    at += n
    return n
  }
  return readGoalGraph(source, { sizeHint: bytes.length, ...options })
}

class GoalByteReader {
  private buf = new Uint8Array(CHUNK + MAX_TOKEN_BYTES)
  private pos = 0
  private end = 0
  private eof = false
  private line = 1

  // the current token
  private tk = 0
  private kw = K_NONE
  private tStart = 0
  private tEnd = 0
  private tLine = 0
  private tValue = 0
  private peeked = false

  private numRanks = -1
  private ranksDone = 0
  private openRank = -1
  private readonly labels = new LabelTable()
  private readonly ops: OpGraphBuilder
  private readonly keepLabels: boolean
  private readonly labelNames: Map<number, string> | null
  // two saved labels: an operation's or a dependency's two names
  private saved = new Uint8Array(64)
  private savedLen = 0
  private savedLine = 0
  private saved2 = new Uint8Array(64)
  private saved2Len = 0
  private saved2Line = 0

  constructor(
    private readonly source: ByteSource,
    options: GoalReadOptions,
  ) {
    this.ops = new OpGraphBuilder(options.sizeHint === undefined ? 1024 : Math.max(1024, Math.floor(options.sizeHint / 32)))
    this.keepLabels = options.keepLabels === true
    this.labelNames = this.keepLabels ? new Map() : null
  }

  file(): GoalGraph {
    for (;;) {
      this.next()
      if (this.tk === T_EOF) break
      if (this.tk === T_EOL) continue
      this.statement()
    }
    const endLine = this.tLine
    if (this.openRank >= 0) throw new GoalSyntaxError(endLine, `end of file inside the block of rank ${this.openRank} (missing '}')`)
    if (this.numRanks < 0) throw new GoalSyntaxError(endLine, "missing 'num_ranks'")
    if (this.ranksDone < this.numRanks) {
      throw new GoalSyntaxError(endLine, `num_ranks is ${this.numRanks} but the file ends after ${this.ranksDone} rank block(s)`)
    }
    return { ...this.ops.finish(this.numRanks), labels: this.labelNames }
  }

  // ---- statements ----

  private statement(): void {
    const tk = this.tk
    if (tk === T_RBRACE) return this.closeRank()
    if (tk !== T_WORD) throw this.unexpected("'num_ranks', 'rank', an operation, a label or '}'")
    const kw = this.kw
    if (kw === K_NUM_RANKS) return this.numRanksStatement()
    if (kw === K_RANK) return this.openRankStatement()
    if (this.openRank < 0) throw new GoalSyntaxError(this.tLine, `${this.describe()} outside a rank block`)
    if (kw === K_SEND || kw === K_RECV || kw === K_CALC) return this.operation(kw, false)
    this.saveLabel()
    this.next()
    if (this.tk === T_COLON) {
      this.next()
      const opKw = (this.tk as number) === T_WORD ? this.kw : K_NONE
      if (opKw !== K_SEND && opKw !== K_RECV && opKw !== K_CALC) {
        throw this.unexpected(`'send', 'recv' or 'calc' after label '${this.savedText()}:'`)
      }
      return this.operation(opKw, true)
    }
    if (this.tk === T_WORD && (this.kw === K_REQUIRES || this.kw === K_IREQUIRES)) return this.dependency(this.kw === K_REQUIRES)
    throw this.unexpected(`':', 'requires' or 'irequires' after label '${this.savedText()}'`)
  }

  private numRanksStatement(): void {
    const line = this.tLine
    if (this.numRanks >= 0) throw new GoalSyntaxError(line, "'num_ranks' given twice")
    const n = this.expectInt("the number of ranks after 'num_ranks'")
    if (n < 1) throw new GoalSyntaxError(line, 'num_ranks must be at least 1')
    if (n > 0x7fffffff) throw new GoalSyntaxError(line, `num_ranks ${n} is larger than ${0x7fffffff}`)
    this.numRanks = n
    this.ops.setRanks(n)
    this.endOfStatement("after 'num_ranks N'")
  }

  private openRankStatement(): void {
    const line = this.tLine
    if (this.openRank >= 0) throw new GoalSyntaxError(line, `'rank' inside the block of rank ${this.openRank} (missing '}')`)
    if (this.numRanks < 0) throw new GoalSyntaxError(line, "'num_ranks' must come before the first rank block")
    const r = this.expectInt("a rank number after 'rank'")
    const expected = this.ranksDone
    if (expected >= this.numRanks) throw new GoalSyntaxError(line, `rank ${r} is beyond num_ranks ${this.numRanks}`)
    if (r !== expected) throw new GoalSyntaxError(line, `expected the block of rank ${expected}, found rank ${r} (blocks must come in order)`)
    this.next()
    if (this.tk !== T_LBRACE) throw this.unexpected(`'{' after 'rank ${r}'`)
    this.openRank = r
    this.ops.startRank(r)
    this.labels.clear()
  }

  private closeRank(): void {
    if (this.openRank < 0) throw new GoalSyntaxError(this.tLine, "'}' without an open rank block")
    this.openRank = -1
    this.ranksDone++
  }

  private operation(kw: number, labelled: boolean): void {
    if (kw === K_CALC) this.calc()
    else this.message(kw === K_SEND)
    const ops = this.ops
    if (labelled) {
      const index = ops.count - ops.rankFirst
      if (!this.labels.add(this.saved, this.savedLen, index)) {
        throw new GoalSyntaxError(this.savedLine, `label '${this.savedText()}' is already defined in rank ${this.openRank}`)
      }
      if (this.labelNames) this.labelNames.set(ops.count, this.savedText())
    }
    ops.commit()
  }

  private calc(): void {
    const duration = this.expectInt("a duration after 'calc'")
    let cpu = 0
    if (this.peekKeyword(K_CPU)) {
      this.next()
      cpu = this.cpuNic('cpu')
    }
    this.endOfStatement("or 'cpu' after the calc duration")
    this.ops.stage(OP_CALC, duration, ANY, 0, cpu, 0)
  }

  private message(send: boolean): void {
    const kind = send ? 'send' : 'recv' // for error messages only
    const dir = send ? 'to' : 'from'
    this.next()
    if (this.tk !== T_INT) throw this.unexpected(`a size after '${kind}'`)
    const bytes = this.tValue
    this.next()
    if ((this.tk as number) !== T_WORD || (this.kw as number) !== K_B) throw this.unexpected(`'b' after ${kind} size`)
    this.next()
    if ((this.tk as number) !== T_WORD || (this.kw as number) !== (send ? K_TO : K_FROM)) throw this.unexpected(`'${dir}' after ${kind} size`)
    this.next()
    let peer: number
    if (this.tk === T_INT) peer = this.tValue
    else if (this.tk === T_ANY && !send) peer = ANY
    else throw this.unexpected(send ? "a destination rank after 'to'" : "a source rank or -1 after 'from'")
    if (peer !== ANY && peer >= this.numRanks) {
      throw new GoalSyntaxError(this.tLine, `${kind} ${dir} rank ${peer}, but num_ranks is ${this.numRanks}`)
    }
    let tag = 0
    let cpu = 0
    let nic = 0
    if (this.peekKeyword(K_TAG)) {
      this.next()
      this.next()
      if ((this.tk as number) === T_ANY) tag = ANY
      else if (this.tk === T_INT) tag = this.tValue
      else throw this.unexpected("a tag or -1 after 'tag'")
      if (tag > MAX_TAG) throw new GoalSyntaxError(this.tLine, `tag ${tag} is larger than ${MAX_TAG}`)
    }
    if (this.peekKeyword(K_CPU)) {
      this.next()
      cpu = this.cpuNic('cpu')
    }
    if (this.peekKeyword(K_NIC)) {
      this.next()
      nic = this.cpuNic('nic')
    }
    if (!this.atEndOfStatement()) throw this.unexpected(`end of line or 'tag', 'cpu', 'nic' (in that order) after the ${kind} ${send ? 'destination' : 'source'}`)
    this.ops.stage(send ? OP_SEND : OP_RECV, bytes, peer, tag, cpu, nic)
  }

  private dependency(requires: boolean): void {
    const kind = requires ? 'requires' : 'irequires'
    this.next()
    if (this.tk !== T_WORD) throw this.unexpected(`a label after '${kind}'`)
    this.saveLabel2()
    if (!this.atEndOfStatement()) throw this.unexpected(`end of line after '${this.savedText()} ${kind} ${this.saved2Text()}'`)
    const op = this.labels.get(this.saved, this.savedLen)
    if (op < 0) throw new GoalSyntaxError(this.savedLine, `label '${this.savedText()}' is not defined in rank ${this.openRank} before this line`)
    const on = this.labels.get(this.saved2, this.saved2Len)
    if (on < 0) throw new GoalSyntaxError(this.saved2Line, `label '${this.saved2Text()}' is not defined in rank ${this.openRank} before this line`)
    this.ops.dependency(requires, op, on)
  }

  private cpuNic(what: 'cpu' | 'nic'): number {
    this.next()
    if (this.tk !== T_INT) throw this.unexpected(`a number after '${what}'`)
    if (this.tValue > MAX_CPU_NIC) throw new GoalSyntaxError(this.tLine, `${what} ${this.tValue} is larger than ${MAX_CPU_NIC}`)
    return this.tValue
  }

  private expectInt(what: string): number {
    this.next()
    if (this.tk !== T_INT) throw this.unexpected(what)
    return this.tValue
  }

  private endOfStatement(what: string): void {
    if (!this.atEndOfStatement()) throw this.unexpected(`end of line ${what}`)
  }

  private atEndOfStatement(): boolean {
    this.next()
    return this.tk === T_EOL || this.tk === T_EOF
  }

  private peekKeyword(kw: number): boolean {
    if (!this.peeked) {
      this.scan()
      this.peeked = true
    }
    return this.tk === T_WORD && this.kw === kw
  }

  private unexpected(expected: string): GoalSyntaxError {
    return new GoalSyntaxError(this.tLine, `expected ${expected}, found ${this.describe()}`)
  }

  private describe(): string {
    if (this.tk === T_EOL) return 'end of line'
    if (this.tk === T_EOF) return 'end of file'
    if (this.tk === T_ANY) return "'-1'"
    return `'${this.tokenText()}'`
  }

  private tokenText(): string {
    return latin1(this.buf, this.tStart, this.tEnd)
  }

  // Labels are a few bytes: a byte loop copies them without the subarray object `set` needs.
  private saveLabel(): void {
    const n = this.tEnd - this.tStart
    if (this.saved.length < n) this.saved = new Uint8Array(2 * n)
    copyBytes(this.buf, this.tStart, this.saved, n)
    this.savedLen = n
    this.savedLine = this.tLine
  }

  private saveLabel2(): void {
    const n = this.tEnd - this.tStart
    if (this.saved2.length < n) this.saved2 = new Uint8Array(2 * n)
    copyBytes(this.buf, this.tStart, this.saved2, n)
    this.saved2Len = n
    this.saved2Line = this.tLine
  }

  private savedText(): string {
    return latin1(this.saved, 0, this.savedLen)
  }

  private saved2Text(): string {
    return latin1(this.saved2, 0, this.saved2Len)
  }

  // ---- tokens ----

  private next(): void {
    if (this.peeked) {
      this.peeked = false
      return
    }
    this.scan()
  }

  /** Keeps at least `n` unread bytes in the buffer unless the input ends first. */
  private ensure(n: number): void {
    if (this.end - this.pos >= n || this.eof) return
    const buf = this.buf
    buf.copyWithin(0, this.pos, this.end)
    this.end -= this.pos
    this.pos = 0
    while (this.end < buf.length - MAX_TOKEN_BYTES || this.end < n) {
      const got = this.source(buf, this.end, buf.length - this.end)
      if (got <= 0) {
        this.eof = true
        break
      }
      this.end += got
    }
  }

  private scan(): void {
    for (;;) {
      // refill only when a token might not fit in what is left (most tokens need no call)
      if (this.end - this.pos < MAX_TOKEN_BYTES && !this.eof) this.ensure(MAX_TOKEN_BYTES)
      const buf = this.buf
      const end = this.end
      let i = this.pos
      // blanks in one loop; if they run into the last MAX_TOKEN_BYTES, refill before the token
      let c = 0
      while (i < end && ((c = buf[i]!) === 32 || c === 9 || c === 13)) i++
      if (i !== this.pos) {
        this.pos = i
        if (end - i < MAX_TOKEN_BYTES && !this.eof) continue
      }
      if (i >= end) {
        this.tk = T_EOF
        this.tLine = this.line
        return
      }
      this.tLine = this.line
      this.tStart = i
      if (c === 10) {
        this.line++
        this.pos = i + 1
        this.tk = T_EOL
        return
      }
      if (isDigit(c)) {
        let j = i
        let value = 0
        while (j < end && isDigit(buf[j]!)) value = value * 10 + (buf[j++]! - 48)
        this.tokenEnd(j)
        if (!Number.isSafeInteger(value)) throw new GoalSyntaxError(this.line, `number ${latin1(buf, i, j)} is too large`)
        this.tk = T_INT
        this.tValue = value
        return
      }
      if (isLetter(c)) {
        let j = i
        while (j < end && isWordChar(buf[j]!)) j++
        this.tokenEnd(j)
        this.tk = T_WORD
        this.kw = keyword(buf, i, j)
        return
      }
      if (c === 47 && i + 1 < end && buf[i + 1] === 47) {
        this.skipLineComment()
        continue
      }
      if (c === 47 && i + 1 < end && buf[i + 1] === 42) {
        this.skipBlockComment()
        continue
      }
      if (c === 45) {
        if (i + 1 < end && buf[i + 1] === 49 && !(i + 2 < end && isDigit(buf[i + 2]!))) {
          this.pos = i + 2
          this.tEnd = i + 2
          this.tk = T_ANY
          return
        }
        throw new GoalSyntaxError(this.line, 'negative numbers other than -1 (the wildcard) are not allowed')
      }
      if (c === 58 || c === 123 || c === 125) {
        this.pos = i + 1
        this.tEnd = i + 1
        this.tk = c === 58 ? T_COLON : c === 123 ? T_LBRACE : T_RBRACE
        return
      }
      throw new GoalSyntaxError(this.line, `unexpected ${describeChar(charAt(buf, i, end))}`)
    }
  }

  private tokenEnd(j: number): void {
    if (j - this.tStart > MAX_TOKEN_BYTES || (j === this.end && !this.eof)) throw new GoalSyntaxError(this.line, `a word or number longer than ${MAX_TOKEN_BYTES} bytes`)
    this.pos = j
    this.tEnd = j
  }

  /** Skips `// ...` up to (not including) the line end, refilling the buffer as it goes. */
  private skipLineComment(): void {
    for (;;) {
      const buf = this.buf
      let j = this.pos
      while (j < this.end && buf[j] !== 10) j++
      this.pos = j
      if (j < this.end || this.eof) return
      this.ensure(MAX_TOKEN_BYTES)
      if (this.pos >= this.end) return
    }
  }

  /** Skips `/* ... *\/`, counting the lines inside; an unclosed one is an error at its start. */
  private skipBlockComment(): void {
    const openedAt = this.line
    this.pos += 2
    for (;;) {
      this.ensure(2)
      const buf = this.buf
      const end = this.end
      let j = this.pos
      while (j + 1 < end && !(buf[j] === 42 && buf[j + 1] === 47)) {
        if (buf[j] === 10) this.line++
        j++
      }
      if (j + 1 < end) {
        this.pos = j + 2
        return
      }
      if (this.eof) throw new GoalSyntaxError(openedAt, "comment opened with '/*' is never closed")
      this.pos = j
    }
  }
}

function keyword(buf: Uint8Array, start: number, end: number): number {
  // a switch on length and first letter, then one byte comparison: words are most of the input
  switch (end - start) {
    case 1: return buf[start] === 98 ? K_B : K_NONE
    case 2: return is(buf, start, W_TO) ? K_TO : K_NONE
    case 3: {
      const c = buf[start]
      if (c === 116) return is(buf, start, W_TAG) ? K_TAG : K_NONE
      if (c === 99) return is(buf, start, W_CPU) ? K_CPU : K_NONE
      return c === 110 && is(buf, start, W_NIC) ? K_NIC : K_NONE
    }
    case 4: {
      const c = buf[start]
      if (c === 115) return is(buf, start, W_SEND) ? K_SEND : K_NONE
      if (c === 114) return is(buf, start, W_RECV) ? K_RECV : is(buf, start, W_RANK) ? K_RANK : K_NONE
      if (c === 99) return is(buf, start, W_CALC) ? K_CALC : K_NONE
      return c === 102 && is(buf, start, W_FROM) ? K_FROM : K_NONE
    }
    case 8: return is(buf, start, W_REQUIRES) ? K_REQUIRES : K_NONE
    case 9: return is(buf, start, W_NUM_RANKS) ? K_NUM_RANKS : is(buf, start, W_IREQUIRES) ? K_IREQUIRES : K_NONE
    default: return K_NONE
  }
}

function copyBytes(from: Uint8Array, start: number, to: Uint8Array, n: number): void {
  for (let i = 0; i < n; i++) to[i] = from[start + i]!
}

function is(buf: Uint8Array, start: number, word: Uint8Array): boolean {
  for (let i = 0; i < word.length; i++) if (buf[start + i] !== word[i]) return false
  return true
}

function latin1(buf: Uint8Array, start: number, end: number): string {
  let s = ''
  for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]!)
  return s
}

/** The (UTF-8) character at `i`, for error messages. */
function charAt(buf: Uint8Array, i: number, end: number): string {
  const c = buf[i]!
  const n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1
  const text = new TextDecoder().decode(buf.subarray(i, Math.min(end, i + n)))
  return String.fromCodePoint(text.codePointAt(0) ?? 0xfffd)
}
