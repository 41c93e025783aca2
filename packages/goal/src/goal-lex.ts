// Splits GOAL text into tokens with line numbers. Comments (`// ...` and `/* ... */`) are
// dropped; line ends are tokens because a GOAL statement ends at the end of its line.
import { GoalSyntaxError } from './goal-errors.js'

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

export function lexGoal(text: string): Token[] {
  const tokens: Token[] = []
  const push = (kind: TokenKind, tokenText: string, line: number, value = 0): void => {
    tokens.push({ kind, text: tokenText, line, value })
  }
  let line = 1
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 32 || c === 9 || c === 13) {
      i++
    } else if (c === 10) {
      push('eol', '\n', line)
      line++
      i++
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < n && text.charCodeAt(i) !== 10) i++
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const start = line
      i += 2
      while (i < n && !(text.charCodeAt(i) === 42 && text.charCodeAt(i + 1) === 47)) {
        if (text.charCodeAt(i) === 10) line++
        i++
      }
      if (i >= n) throw new GoalSyntaxError(start, "comment opened with '/*' is never closed")
      i += 2
    } else if (isDigit(c)) {
      const s = i
      while (i < n && isDigit(text.charCodeAt(i))) i++
      const digits = text.slice(s, i)
      const value = Number(digits)
      if (!Number.isSafeInteger(value)) throw new GoalSyntaxError(line, `number ${digits} is too large`)
      push('int', digits, line, value)
    } else if (c === 45) {
      if (text.charCodeAt(i + 1) === 49 && !isDigit(text.charCodeAt(i + 2))) {
        push('any', '-1', line)
        i += 2
      } else {
        throw new GoalSyntaxError(line, "negative numbers other than -1 (the wildcard) are not allowed")
      }
    } else if (isLetter(c)) {
      const s = i
      while (i < n && isWordChar(text.charCodeAt(i))) i++
      push('word', text.slice(s, i), line)
    } else if (c === 58) {
      push('colon', ':', line)
      i++
    } else if (c === 123) {
      push('lbrace', '{', line)
      i++
    } else if (c === 125) {
      push('rbrace', '}', line)
      i++
    } else {
      throw new GoalSyntaxError(line, `unexpected character '${text[i]}'`)
    }
  }
  push('eof', '', line)
  return tokens
}

/** How a token is named in error messages. */
export function describeToken(t: Token): string {
  if (t.kind === 'eol') return 'end of line'
  if (t.kind === 'eof') return 'end of file'
  return `'${t.text}'`
}
