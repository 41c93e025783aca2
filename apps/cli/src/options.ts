// zod validation of command-line options: a wrong option gets one line naming it.
import { z } from 'zod'
import { UsageError } from './cli-error.js'

export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const field = issue.path.length > 0 ? `--${issue.path.map(String).join('.')}` : 'options'
  // zod names what a value should be even when there is none; a missing option is "required".
  const missing = issue.path.length > 0 && valueAt(raw, issue.path) === undefined
  throw new UsageError(`${field}: ${missing ? 'required' : issue.message}`)
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v = raw
  for (const key of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined
  return v
}

/** A positive integer given on the command line as text. */
export const positiveInt = z.coerce.number().int('expected an integer').positive('expected a positive integer')
export const nonNegativeInt = z.coerce.number().int('expected an integer').min(0, 'expected a non-negative integer')
