// One zod issue of a profile or profile file as one clause: "path: what was expected, got what".

import type { z } from 'zod'
import { isNonFinite } from './number-text.js'
import { valueAt } from './paths.js'
import { FIELD_PATHS } from './field-paths.js'
import { closest } from './suggest.js'

/** `whole` names the checked value itself when the issue has no path ("profile", "(file)"). */
export function describeIssue(issue: z.core.$ZodIssue, value: unknown, whole: string): string {
  const path = issue.path.map(String).join('.')
  if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => unknownKey(path, k)).join('; ')
  const got = valueAt(value, issue.path)
  const group = issue.code === 'invalid_type' && issue.expected === 'object'
  // zod's own text for Infinity is "expected number", and JSON shows Infinity as null
  const what = isNonFinite(got) ? 'must be a finite number' : group ? 'expected an object of fields' : issue.message
  return `${path === '' ? whole : path}: ${what}, got ${shown(got)}`
}

/**
 * "unknown field nic.hpuHzz (did you mean nic.hpuHz?)": a profile file's slip gets the guess
 * --set gets (overrides.ts). Only a key under a group, or a `sources` key, is guessed at: a
 * top-level key of a file may be the file's own (extends, sources, $schema).
 */
function unknownKey(path: string, key: string): string {
  const full = path === '' ? `${key}` : `${path}.${key}`
  const typed = path === 'sources' ? key : path === '' ? undefined : full
  const guess = typed === undefined ? undefined : closest(typed, FIELD_PATHS)
  const named = guess === undefined ? '' : ` (did you mean ${path === 'sources' ? `sources.${guess}` : guess}?)`
  return `unknown field ${full}${named}`
}

function shown(got: unknown): string {
  if (got === undefined) return 'nothing'
  if (isNonFinite(got)) return String(got).trim()
  return JSON.stringify(got)
}

