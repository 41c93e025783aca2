// run() with the GOAL recorder on: the same run, plus its schedule as GOAL text.

import type { Comm } from '../comm/comm-api.js'
import { run, type RunResult } from '../run.js'
import type { RunOptions } from '../run-options.js'

/** A run result whose GOAL trace is always there. */
export type GoalRunResult<T> = RunResult<T> & { readonly goal: string }

/** Runs `main` like run() and returns the result with `goal` (GOAL text, times in ns). */
export async function runGoalTrace<T>(options: Omit<RunOptions, 'trace'>, main: (comm: Comm) => Promise<T> | T): Promise<GoalRunResult<T>> {
  const result = await run({ ...options, trace: 'goal' }, main)
  return { ...result, goal: result.goal ?? '' }
}
