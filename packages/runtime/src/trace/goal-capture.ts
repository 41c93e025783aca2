// Recording GOAL schedules of runs started deep inside other code (an app's CLI handler calls
// run() itself): every run() started within a capture, in its async context, records its
// schedule and hands the recorder here when it ends, as if it had been given trace: 'goal'.
// Scoped by AsyncLocalStorage, so concurrent captures never see each other's runs.
// captureGoalTraces (the library's) turns each into a string; captureLastGoalTrace (the CLI's
// --goal) keeps only the last recorder, so its text can be streamed to a file instead of being
// held whole -- a 1024-rank run's text is hundreds of MB.

import { AsyncLocalStorage } from 'node:async_hooks'
import type { TextSink } from '@spinmpi/goal'
import type { GoalTrace } from './goal-trace.js'
import type { LazyGoalText } from './lazy-goal.js'

/** Where run() hands its checked recorder; `text`: the run gives RunResult.goal, as with trace: 'goal'. */
export interface GoalCaptureSink {
  readonly text: boolean
  /** `text`: the run's RunResult.goal (made once, by whoever reads it first), when it has one. */
  add(trace: GoalTrace, text: LazyGoalText | null): void
}

const active = new AsyncLocalStorage<GoalCaptureSink>()

/** What captureGoalTraces returns: fn's value and the GOAL text of each run inside it. */
export interface CapturedGoals<T> {
  readonly value: T
  /** GOAL text of each run that finished inside fn, in the order they finished. */
  readonly goals: readonly string[]
}

/** Calls `fn` and collects the GOAL trace of every run() it makes (also runs that did not ask for one). */
export async function captureGoalTraces<T>(fn: () => Promise<T> | T): Promise<CapturedGoals<T>> {
  const goals: string[] = []
  const value = await active.run({ text: true, add: (trace, text) => goals.push(text !== null ? text() : trace.toText()) }, fn)
  return { value, goals }
}

/** A finished run's GOAL schedule, written on demand. */
export interface GoalTextSource {
  /** Writes the GOAL text to `sink` in chunks (the same bytes as RunResult.goal). */
  writeGoalText(sink: TextSink): void
}

/** What captureLastGoalTrace returns: fn's value, how many runs finished inside it and the last one's schedule. */
export interface CapturedLastGoal<T> {
  readonly value: T
  readonly runs: number
  /** The last run's recorder (a GoalTextSource; GoalTrace for the tests). */
  readonly last: GoalTrace | undefined
}

/**
 * Like captureGoalTraces, but keeps only the last run's recorder and makes no text: the runs
 * inside return no RunResult.goal unless they asked for trace: 'goal'.
 */
export async function captureLastGoalTrace<T>(fn: () => Promise<T> | T): Promise<CapturedLastGoal<T>> {
  let runs = 0
  let last: GoalTrace | undefined
  const add = (trace: GoalTrace): void => {
    runs++
    last = trace
  }
  const value = await active.run({ text: false, add }, fn)
  return { value, runs, last }
}

/** The sink of the innermost capture around the caller, if any (for run()). */
export function goalCaptureSink(): GoalCaptureSink | undefined {
  return active.getStore()
}
