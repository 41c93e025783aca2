// Errors of the GOAL reader and of schedule validation; both say where the problem is.

/** A GOAL text that cannot be read; the message starts with "line N:" (`detail` is the rest). */
export class GoalSyntaxError extends Error {
  override readonly name = 'GoalSyntaxError'
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(`line ${line}: ${detail}`)
  }
}

/** A character for an error line: quoted when printable, else its code (a raw NUL or ESC would reach the terminal). */
export function describeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0
  if (ch === '\uFFFD') return 'byte (not UTF-8)'
  return code < 0x20 || (code >= 0x7f && code < 0xa0) ? `character U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `character '${ch}'`
}

/** A schedule object that is not valid; the message starts with the path of the bad field. */
export class GoalScheduleError extends Error {
  override readonly name = 'GoalScheduleError'
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`${path}: ${detail}`)
  }
}
