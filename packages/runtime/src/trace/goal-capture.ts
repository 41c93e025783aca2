// Recording GOAL schedules of runs started deep inside other code (an app's CLI handler calls
// run() itself): every run() started within captureGoalTraces(fn), in fn's async context,
// records its schedule and hands the text here, as if it had been given trace: 'goal'. Scoped by
// AsyncLocalStorage, so concurrent captures never see each other's runs.

import { AsyncLocalStorage } from 'node:async_hooks'

const active = new AsyncLocalStorage<string[]>()

/** What captureGoalTraces returns: fn's value and the GOAL text of each run inside it. */
export interface CapturedGoals<T> {
  readonly value: T
  /** GOAL text of each run that finished inside fn, in the order they finished. */
  readonly goals: readonly string[]
}

/** Calls `fn` and collects the GOAL trace of every run() it makes (also runs that did not ask for one). */
export async function captureGoalTraces<T>(fn: () => Promise<T> | T): Promise<CapturedGoals<T>> {
  const goals: string[] = []
  const value = await active.run(goals, fn)
  return { value, goals }
}

/** The sink of the innermost capture around the caller, if any (for run()). */
export function goalCaptureSink(): string[] | undefined {
  return active.getStore()
}
