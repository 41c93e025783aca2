// Errors of the GOAL reader and of schedule validation; both say where the problem is.

/** A GOAL text that cannot be read; the message starts with "line N:". */
export class GoalSyntaxError extends Error {
  override readonly name = 'GoalSyntaxError'
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`line ${line}: ${detail}`)
  }
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
