// Profile files (JSON): either a whole profile, or `extends` a named one and changes some of its
// values (see profile-file-schema.ts). Every bad field is named in the one-line ProfileError, not
// only the first. A value the file sets is credited to the file (or to its own `sources`); a value
// it inherits keeps the source it has in the profile it extends.

import type { z } from 'zod'
import { describeIssue } from './describe-issue.js'
import { ProfileError } from './errors.js'
import { FIELD_PATHS } from './field-paths.js'
import { describeMissing, missingFields } from './missing-fields.js'
import { getPath, valueAt } from './paths.js'
import { DerivedProfileFileSchema, FullProfileFileSchema } from './profile-file-schema.js'
import { getNamedProfile, resolveProfile, withOverrides } from './resolve.js'
import type { NamedProfile, Profile } from './schema.js'

export { ProfileFileSchema, FullProfileFileSchema, DerivedProfileFileSchema } from './profile-file-schema.js'

/** True when `ref` names a file rather than a built-in profile (it has a path separator or ends in .json). */
export function isProfileFileRef(ref: string): boolean {
  return ref.endsWith('.json') || ref.includes('/') || ref.includes('\\')
}

/**
 * The profile a file's text describes; `label` (the file name) starts every error message.
 * Overrides (dotted paths, as `--set` gives them) apply last.
 */
export function parseProfileFile(text: string, label: string, overrides: Readonly<Record<string, unknown>> = {}): Profile {
  const file = readProfileFile(text, label)
  return withLabel(label, () => resolveProfile(file.values, overrides))
}

/** The profile a file's text describes, with the source of every value. */
export function readProfileFile(text: string, label: string): NamedProfile {
  const value = parseJson(text, label)
  const derived = Object.hasOwn(value, 'extends')
  if (!derived && looksLikeProfilesJson(value)) {
    throw new ProfileError(`${label}: this is what \`spinmpi profiles NAME --json\` prints; a profile file is its \"values\" object alone, or {\"extends\": NAME} with the fields to change`)
  }
  const r = (derived ? DerivedProfileFileSchema : FullProfileFileSchema).safeParse(value)
  if (!r.success) throw new ProfileError(`${label}: ${explain(r.error.issues, value, derived)}`)
  const credit = `profile file ${label}`
  const { sources = {} } = r.data
  const description = r.data.description === undefined ? credit : `${r.data.description} (${credit})`
  const sourceOf = (path: string) => sources[path] ?? credit
  if (!derived) {
    const { $schema: _schema, sources: _sources, description: _description, ...data } = r.data as z.infer<typeof FullProfileFileSchema>
    const values = withLabel(label, () => resolveProfile(data))
    return { name: values.name, description, values, sources: Object.fromEntries(FIELD_PATHS.map((p) => [p, sourceOf(p)])) }
  }
  const d = r.data as z.infer<typeof DerivedProfileFileSchema>
  const changes = Object.fromEntries(FIELD_PATHS.flatMap((p) => (getPath(d, p) === undefined ? [] : [[p, getPath(d, p)]])))
  const unset = Object.keys(sources).find((p) => !Object.hasOwn(changes, p))
  if (unset !== undefined) throw new ProfileError(`${label}: sources: ${unset} is not set by this file (it keeps the source of ${d.extends})`)
  const base = withLabel(label, () => getNamedProfile(d.extends))
  const name = d.name ?? `${d.extends}+${label}`
  const renamed = { ...base, name, description, values: { ...base.values, name } }
  return withLabel(label, () => withOverrides(renamed, changes, sourceOf))
}

/** Node 20's JSON.parse gives a position only ("at position 51"); an editor wants the line and column (Node 22 adds them itself). */
function withLine(message: string, text: string): string {
  const m = / at position (\d+)$/.exec(message)
  if (m === null) return message
  const at = Number(m[1])
  const before = text.slice(0, at)
  const line = before.split('\n').length
  return `${message} (line ${line}, column ${at - before.lastIndexOf('\n')})`
}

function parseJson(text: string, label: string): object {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new ProfileError(`${label}: invalid JSON (${withLine(err instanceof Error ? err.message : String(err), text)})`)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ProfileError(`${label}: expected a JSON object`)
  return value
}

/** The whole output of `profiles NAME --json` ({name, description, values, sources}), given as a file. */
function looksLikeProfilesJson(value: object): boolean {
  const v = (value as { values?: unknown }).values
  return Object.hasOwn(value, 'description') && v !== null && typeof v === 'object' && Object.hasOwn(v, 'network')
}

/** Every issue in one line; fields a whole-profile file leaves out are summed up in one clause. */
function explain(issues: readonly z.core.$ZodIssue[], value: object, derived: boolean): string {
  const missing = derived ? [] : missingFields(value)
  const isMissing = (i: z.core.$ZodIssue) => i.code !== 'unrecognized_keys' && valueAt(value, i.path) === undefined
  const rest = issues.filter((i) => missing.length === 0 || !isMissing(i)).map((i) => describeIssue(i, value, '(file)'))
  return [...rest, ...(missing.length > 0 ? [describeMissing(missing)] : [])].join('; ')
}

function withLabel<T>(label: string, f: () => T): T {
  try {
    return f()
  } catch (err) {
    if (err instanceof ProfileError) throw new ProfileError(`${label}: ${err.message}`)
    throw err
  }
}
