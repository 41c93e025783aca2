// Overrides: dotted path -> value (`--set nic.hpus=8`). Text that spells a finite number becomes
// that number; anything else is left as typed so the error shows it.

import { describeIssue } from './describe-issue.js'
import { FIELD_PATHS } from './field-paths.js'
import { finiteNumberText } from './number-text.js'
import { withPath } from './paths.js'
import { ProfileSchema } from './schema.js'
import { sc19 } from './named/sc19.js'
import { closest } from './suggest.js'
import { ProfileError } from './errors.js'

/** Parses `path=value` strings (as given on the command line) into overrides. */
export function parseOverrides(assignments: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const a of assignments) {
    const eq = a.indexOf('=')
    if (eq <= 0) throw new ProfileError(`override "${a}": expected path=value, e.g. nic.hpus=8`)
    // One shell word per override: "nic.hpus = 8" is a quoting slip, not an assignment.
    if (/\s/.test(a)) throw new ProfileError(`override "${a}": no spaces allowed (write path=value, e.g. nic.hpus=8)`)
    out[a.slice(0, eq).trim()] = a.slice(eq + 1).trim()
  }
  return out
}

export function coerce(raw: unknown): unknown {
  return typeof raw === 'string' ? (finiteNumberText(raw) ?? raw) : raw
}

/** "unknown field nic.hpu (did you mean nic.hpus?)" for a path no profile has, else undefined. */
export function unknownField(path: string): string | undefined {
  if (FIELD_PATHS.includes(path)) return undefined
  const guess = closest(path, FIELD_PATHS)
  return `unknown field ${path}${guess === undefined ? '' : ` (did you mean ${guess}?)`}`
}

/**
 * What is wrong with one override on its own (an unknown field, or a value its field rejects),
 * or undefined. Fields are checked one by one: the schema has no rule that spans two fields.
 */
export function overrideProblem(path: string, raw: unknown): string | undefined {
  const unknown = unknownField(path)
  if (unknown !== undefined) return unknown
  const candidate = withPath(sc19.values, path, coerce(raw))
  const r = ProfileSchema.safeParse(candidate)
  return r.success ? undefined : describeIssue(r.error.issues[0]!, candidate, 'profile')
}
