// Validation of kernel parameters: zod schemas, errors that name the kernel and the field.

import { ERR_ARG, MpiError } from '@spinmpi/ddt'
import { z } from 'zod'

export const positiveInt = z.number().int().positive()
export const nonNegativeInt = z.number().int().nonnegative()

export function parseInput<T>(where: string, schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  // a failed parse has at least one issue; the first names the field
  const issue = r.error.issues[0]
  const field = issue !== undefined && issue.path.length > 0 ? issue.path.join('.') : 'input'
  throw new MpiError(ERR_ARG, `ddtbench ${where}: ${field}: ${issue?.message ?? 'invalid'}`)
}
