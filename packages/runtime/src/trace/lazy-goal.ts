// RunResult.goal made when it is first read, and RunResult.writeGoal, which hands the same text
// over in chunks without making it: a 1,024-rank run's schedule is hundreds of MB, near what one
// string may hold, and a caller that writes it to a file needs no string at all.

import type { TextSink } from '@spinmpi/goal'
import type { GoalTrace } from './goal-trace.js'

/** A recorded run's GOAL text: call it for the string (made once), or `write` it in chunks. */
export interface LazyGoalText {
  (): string
  write(sink: TextSink): void
}

export function lazyGoalText(trace: GoalTrace): LazyGoalText {
  let text: string | undefined
  const get = (): string => (text ??= trace.toText())
  return Object.assign(get, {
    write(sink: TextSink): void {
      if (text !== undefined) sink(text)
      else trace.writeGoalText(sink)
    },
  })
}

/** Puts `goal` (a getter) and `writeGoal` on a run's result. */
export function defineGoal(result: object, goal: LazyGoalText): void {
  Object.defineProperty(result, 'goal', { enumerable: true, configurable: true, get: goal })
  Object.defineProperty(result, 'writeGoal', { enumerable: true, configurable: true, value: (sink: TextSink): void => goal.write(sink) })
}
