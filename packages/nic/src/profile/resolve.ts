// Looking profiles up by name and applying overrides. Overrides are dotted path -> value; strings
// (from the command line) that look like numbers become numbers. Every failure is a ProfileError
// with one line naming the profile and the field.

import { ProfileError } from './errors.js'
import { describeIssue } from './describe-issue.js'
import { FIELD_PATHS } from './field-paths.js'
import { coerce, unknownField } from './overrides.js'
import { getPath, withPath } from './paths.js'
import { ProfileSchema, type NamedProfile, type Profile, type ProfileSources } from './schema.js'
import { NAMED_PROFILES } from './named/index.js'

export { parseOverrides } from './overrides.js'

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
 * A field `sources` does not name is credited to `description`.
 */
export function registerProfile(values: Profile, description: string, sources: Readonly<ProfileSources> = {}): string {
  const taken = (n: string) => NAMED_PROFILES.some((p) => p.name === n) || registered.has(n)
  let name = values.name
  for (let i = 2; taken(name); i++) name = `${values.name}+custom${i === 2 ? '' : i}`
  const copy = { ...structuredClone(validate(values, values.name)), name }
  const all = Object.fromEntries(FIELD_PATHS.map((p) => [p, sources[p] ?? description]))
  registered.set(name, { name, description, values: copy, sources: all })
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
  for (const [path, raw] of Object.entries(overrides)) {
    const unknown = unknownField(path)
    if (unknown !== undefined) throw new ProfileError(`profile ${label}: ${unknown}`)
    candidate = withPath(candidate, path, coerce(raw))
  }
  return validate(candidate, label)
}

/** `base` with overrides applied and validated; each overridden field's source is `sourceOf(path)`. */
export function withOverrides(base: NamedProfile, overrides: ProfileOverrides, sourceOf: (path: string) => string): NamedProfile {
  const values = resolveProfile(base.values, overrides)
  const sources = { ...base.sources }
  for (const path of Object.keys(overrides)) sources[path] = sourceOf(path)
  return { ...base, values, sources }
}

function validate(candidate: unknown, label: string): Profile {
  const result = ProfileSchema.safeParse(candidate)
  if (!result.success) throw new ProfileError(`profile ${label}: ${describeIssue(result.error.issues[0]!, candidate, 'profile')}`)
  // A full packet must fit the packet buffer, or the first one waits for room forever (the run
  // ends in a deadlock that no program caused).
  const { mtuBytes } = result.data.network
  const { pktBufBytes } = result.data.nic
  if (mtuBytes > pktBufBytes) {
    throw new ProfileError(`profile ${label}: network.mtuBytes: packets of ${mtuBytes} B do not fit the packet buffer (nic.pktBufBytes ${pktBufBytes} B)`)
  }
  return result.data
}

function profileLabel(base: unknown): string {
  const name = getPath(base, 'name')
  return typeof name === 'string' && name !== '' ? name : '<custom>'
}
