// Splits GOAL text into tokens with line numbers, one at a time. Comments (`// ...` and `/* ... */`) are
// dropped; line ends are tokens because a GOAL statement ends at the end of its line.
import { GoalSyntaxError, describeChar } from './goal-errors.js'

export type TokenKind = 'word' | 'int' | 'any' | 'colon' | 'lbrace' | 'rbrace' | 'eol' | 'eof'

export interface Token {
  readonly kind: TokenKind
  readonly text: string
  readonly line: number
  /** Value of an `int` token. */
  readonly value: number
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
const isWordChar = (c: number): boolean => isLetter(c) || isDigit(c) || c === 95

/** Produces tokens on demand (a file of millions of operations never holds them all). */
export class GoalLexer {
  private line = 1
  private i = 0
  private ahead: Token | null = null

  constructor(private readonly text: string) {}

  peek(): Token {
    if (this.ahead === null) this.ahead = this.scan()
    return this.ahead
  }

  next(): Token {
    const t = this.peek()
    if (t.kind !== 'eof') this.ahead = null
    return t
  }

  private scan(): Token {
    const text = this.text
    const n = text.length
    while (this.i < n) {
      const i = this.i
      const c = text.charCodeAt(i)
      const line = this.line
      if (c === 32 || c === 9 || c === 13) {
        this.i++
      } else if (c === 10) {
        this.line++
        this.i++
        return { kind: 'eol', text: '\n', line, value: 0 }
      } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
        let j = i
        while (j < n && text.charCodeAt(j) !== 10) j++
        this.i = j
      } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
        let j = i + 2
        while (j < n && !(text.charCodeAt(j) === 42 && text.charCodeAt(j + 1) === 47)) {
          if (text.charCodeAt(j) === 10) this.line++
          j++
        }
        if (j >= n) throw new GoalSyntaxError(line, "comment opened with '/*' is never closed")
        this.i = j + 2
      } else if (isDigit(c)) {
        let j = i
        let value = 0
        while (j < n && isDigit(text.charCodeAt(j))) value = value * 10 + (text.charCodeAt(j++) - 48)
        const digits = text.slice(i, j)
        if (!Number.isSafeInteger(value)) throw new GoalSyntaxError(line, `number ${digits} is too large`)
        this.i = j
        return { kind: 'int', text: digits, line, value }
      } else if (c === 45) {
        if (text.charCodeAt(i + 1) === 49 && !isDigit(text.charCodeAt(i + 2))) {
          this.i += 2
          return { kind: 'any', text: '-1', line, value: 0 }
        }
        throw new GoalSyntaxError(line, 'negative numbers other than -1 (the wildcard) are not allowed')
      } else if (isLetter(c)) {
        let j = i
        while (j < n && isWordChar(text.charCodeAt(j))) j++
        this.i = j
        return { kind: 'word', text: text.slice(i, j), line, value: 0 }
      } else if (c === 58 || c === 123 || c === 125) {
        this.i++
        return { kind: c === 58 ? 'colon' : c === 123 ? 'lbrace' : 'rbrace', text: text[i]!, line, value: 0 }
      } else {
        throw new GoalSyntaxError(line, `unexpected ${describeChar(String.fromCodePoint(text.codePointAt(i)!))}`)
      }
    }
    return { kind: 'eof', text: '', line: this.line, value: 0 }
  }
}

/** How a token is named in error messages. */
export function describeToken(t: Token): string {
  if (t.kind === 'eol') return 'end of line'
  if (t.kind === 'eof') return 'end of file'
  return `'${t.text}'`
}
