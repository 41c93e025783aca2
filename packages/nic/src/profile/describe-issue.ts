// One zod issue of a profile or profile file as one clause: "path: what was expected, got what".

import type { z } from 'zod'
import { isNonFinite } from './number-text.js'
import { valueAt } from './paths.js'

/** `whole` names the checked value itself when the issue has no path ("profile", "(file)"). */
export function describeIssue(issue: z.core.$ZodIssue, value: unknown, whole: string): string {
  const path = issue.path.map(String).join('.')
  if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => `unknown field ${path === '' ? k : `${path}.${k}`}`).join('; ')
  const got = valueAt(value, issue.path)
  const group = issue.code === 'invalid_type' && issue.expected === 'object'
  // zod's own text for Infinity is "expected number", and JSON shows Infinity as null
  const what = isNonFinite(got) ? 'must be a finite number' : group ? 'expected an object of fields' : issue.message
  return `${path === '' ? whole : path}: ${what}, got ${shown(got)}`
}

function shown(got: unknown): string {
  if (got === undefined) return 'nothing'
  if (isNonFinite(got)) return String(got).trim()
  return JSON.stringify(got)
}

