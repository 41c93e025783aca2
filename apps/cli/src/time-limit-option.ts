// `--time-limit DURATION` of `spinmpi run FILE` and `spinmpi run APP`: a bound on simulated time
// (a program that polls forever otherwise runs forever). The text becomes nanoseconds, checked
// by the runtime's zod schema; a bad value is one line, e.g. "--time-limit: expected a positive time".

import { withTimeLimit } from '@spinmpi/runtime'
import { TimeLimitNsSchema } from '@spinmpi/runtime/internal'
import { z } from 'zod'
import { UsageError } from './cli-error.js'
import { durationNs } from './duration.js'

export const TIME_LIMIT_HELP = 'stop the run when simulated time passes DURATION (e.g. 10ms, 500us, 2s) and report what each unfinished rank was doing'

/** The text of --time-limit as nanoseconds of simulated time. */
export const TimeLimitText = z.string().transform((text, ctx) => {
  const n = durationNs(text)
  if (n === null) {
    ctx.addIssue({ code: 'custom', message: `expected a time like 10ms, 500us or 2s (units ns, us, ms, s), got ${JSON.stringify(text)}` })
    return z.NEVER
  }
  return n
}).pipe(TimeLimitNsSchema)

/** Splits `--time-limit DURATION` (or `--time-limit=DURATION`) out of a built-in app's words. */
export function takeTimeLimitOption(argv: readonly string[]): { readonly ns: number | undefined; readonly rest: string[] } {
  let text: string | undefined
  const rest: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    if (word !== '--time-limit' && !word.startsWith('--time-limit=')) {
      rest.push(word)
      continue
    }
    const value = word === '--time-limit' ? argv[++i] : word.slice('--time-limit='.length)
    if (value === undefined || value.startsWith('--')) throw new UsageError('--time-limit: expected a value')
    text = value
  }
  return { ns: text === undefined ? undefined : parseTimeLimit(text), rest }
}

export function parseTimeLimit(text: string): number {
  const r = TimeLimitText.safeParse(text)
  if (r.success) return r.data
  throw new UsageError(`--time-limit: ${r.error.issues[0]!.message}`)
}

/** Runs `app` with every simulation it starts limited to `ns` of simulated time (no limit when undefined). */
export function withTimeLimitOption<T>(ns: number | undefined, app: () => Promise<T>): Promise<T> {
  return ns === undefined ? app() : withTimeLimit(ns, app)
}
