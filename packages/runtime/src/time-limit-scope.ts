// A simulated-time limit for runs started deep inside other code (a built-in app's CLI handler
// calls run() or runUnpack() itself): every run started within withTimeLimit(ns, fn), in fn's
// async context and without a limit of its own, stops at `ns`. Scoped by AsyncLocalStorage like
// withFaults, so concurrent scopes never see each other's runs.

import { AsyncLocalStorage } from 'node:async_hooks'
import { ERR_ARG, MpiError } from '@spinmpi/ddt'
import { z } from 'zod'

/** Simulated time is integer picoseconds, exact up to 2^53: a limit in ns must stay below that. */
const MAX_LIMIT_NS = Math.floor(Number.MAX_SAFE_INTEGER / 1000)

export const TimeLimitNsSchema = z.number({ error: 'expected a time in ns' })
  .positive({ error: 'expected a positive time' })
  .max(MAX_LIMIT_NS, { error: `expected at most ${MAX_LIMIT_NS} ns (the simulated clock's range)` })

const active = new AsyncLocalStorage<number>()

/** Calls `fn` with `ns` as the simulated-time limit of every run() and runUnpack() inside it that sets none. */
export async function withTimeLimit<T>(ns: number, fn: () => Promise<T> | T): Promise<T> {
  const r = TimeLimitNsSchema.safeParse(ns)
  if (!r.success) throw new MpiError(ERR_ARG, `withTimeLimit: timeLimitNs: ${r.error.issues[0]!.message}`)
  return active.run(r.data, fn)
}

/** The limit in ns of the innermost withTimeLimit around the caller, if any. */
export function scopedTimeLimit(): number | undefined {
  return active.getStore()
}
