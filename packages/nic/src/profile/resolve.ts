// Looking profiles up by name and applying overrides. Overrides are dotted path -> value; strings
// (from the command line) that look like numbers become numbers. Every failure is a ProfileError
// with one line naming the profile and the field.

import type { z } from 'zod'
import { ProfileError } from './errors.js'
import { getPath, leafPaths, withPath } from './paths.js'
import { ProfileSchema, type NamedProfile, type Profile } from './schema.js'
import { NAMED_PROFILES } from './named/index.js'

/** Overrides by dotted path (e.g. `nic.hpus`); string values that look like numbers are coerced. */
export type ProfileOverrides = Readonly<Record<string, unknown>>

/** The profile used when none is named: sc19. */
export const DEFAULT_PROFILE = 'sc19'

/** The named profiles, default first. */
export function listProfiles(): readonly NamedProfile[] {
  return NAMED_PROFILES
}

/** Profiles added at run time (a profile file or --set on the command line), by name. */
const registered = new Map<string, NamedProfile>()

/**
 * Makes `values` reachable by name for code that takes profile names (figures, apps), under a
 * name no built-in or earlier profile has (values.name, else with a suffix); returns that name.
 */
export function registerProfile(values: Profile, description: string): string {
  const taken = (n: string) => NAMED_PROFILES.some((p) => p.name === n) || registered.has(n)
  let name = values.name
  for (let i = 2; taken(name); i++) name = `${values.name}+custom${i === 2 ? '' : i}`
  const copy = { ...structuredClone(validate(values, values.name)), name }
  const sources = Object.fromEntries(leafPaths(copy).map((p) => [p, description]))
  registered.set(name, { name, description, values: copy, sources })
  return name
}

/** A named profile with its sources; ProfileError when there is none by that name. */
export function getNamedProfile(name: string): NamedProfile {
  const found = NAMED_PROFILES.find((p) => p.name === name) ?? registered.get(name)
  if (found === undefined) {
    const known = NAMED_PROFILES.map((p) => p.name).join(', ')
    throw new ProfileError(`unknown profile "${name}" (known: ${known})`)
  }
  return found
}

/** A copy of a named profile's values. */
export function getProfile(name: string = DEFAULT_PROFILE): Profile {
  return structuredClone(getNamedProfile(name).values)
}

/**
 * A validated profile: a name (or a full profile object) with overrides applied. The result is a
 * fresh object; named profiles are never mutated.
 */
export function resolveProfile(nameOrObject: string | unknown = DEFAULT_PROFILE, overrides: ProfileOverrides = {}): Profile {
  const base: unknown = typeof nameOrObject === 'string' ? getProfile(nameOrObject) : nameOrObject
  const label = profileLabel(base)
  let candidate = base
  const known = new Set(leafPaths(getProfile(DEFAULT_PROFILE)))
  for (const [path, raw] of Object.entries(overrides)) {
    if (!known.has(path)) throw new ProfileError(`profile ${label}: unknown field ${path}`)
    candidate = withPath(candidate, path, coerce(raw))
  }
  return validate(candidate, label)
}

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

function validate(candidate: unknown, label: string): Profile {
  const result = ProfileSchema.safeParse(candidate)
  if (result.success) return result.data
  throw new ProfileError(`profile ${label}: ${describeIssue(result.error.issues[0]!, candidate)}`)
}

function describeIssue(issue: z.core.$ZodIssue, candidate: unknown): string {
  const path = issue.path.map(String).join('.')
  if (issue.code === 'unrecognized_keys') {
    const field = [path, issue.keys[0]].filter((s) => s !== '' && s !== undefined).join('.')
    return `unknown field ${field}`
  }
  const got = getPath(candidate, path)
  const shown = got === undefined ? 'nothing' : JSON.stringify(got)
  return `${path === '' ? 'profile' : path}: ${issue.message}, got ${shown}`
}

function coerce(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  const s = raw.trim()
  // A number too large for a double (1e400) stays text, so the error shows what was typed.
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(s) && Number.isFinite(Number(s))) return Number(s)
  return raw
}

function profileLabel(base: unknown): string {
  const name = getPath(base, 'name')
  return typeof name === 'string' && name !== '' ? name : '<custom>'
}
