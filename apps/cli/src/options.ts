// zod validation of command-line options: a wrong option gets one line naming it.
import { z } from 'zod'
import { UsageError } from './cli-error.js'

export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  // commander's keys are camelCase (maxRuns); the user typed --max-runs
  const kebab = (key: PropertyKey) => String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
  const field = issue.path.length > 0 ? `--${issue.path.map(kebab).join('.')}` : 'options'
  // zod names what a value should be even when there is none; a missing option is "required".
  const missing = issue.path.length > 0 && valueAt(raw, issue.path) === undefined
  throw new UsageError(`${field}: ${missing ? 'required' : issue.message}`)
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v = raw
  for (const key of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined
  return v
}

/**
 * An integer typed on the command line. Stricter than z.coerce: '' and '  ' are not 0, and
 * 'Infinity', '0x10' or '1e400' are refused instead of becoming numbers nobody typed.
 */
const integerText = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const text = String(value).trim()
  const n = /^[+-]?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text) ? Number(text) : NaN
  if (!Number.isInteger(n)) {
    ctx.addIssue({ code: 'custom', message: `expected an integer, got ${JSON.stringify(String(value))}` })
    return z.NEVER
  }
  if (!Number.isSafeInteger(n)) {
    ctx.addIssue({ code: 'custom', message: `expected an integer up to ${Number.MAX_SAFE_INTEGER}, got ${text}` })
    return z.NEVER
  }
  return n
})

/** A positive integer given on the command line as text. */
export const positiveInt = integerText.pipe(z.number().min(1, 'expected a positive integer'))
export const nonNegativeInt = integerText.pipe(z.number().min(0, 'expected a non-negative integer'))
