// Profile files (JSON): either a whole profile, or `extends` a named one and changes some of its
// values. An optional `$schema` key points editors at schemas/profile.schema.json. Every bad field
// is named in the one-line ProfileError, not only the first.

import { z } from 'zod'
import { ProfileError } from './errors.js'
import { getPath, leafPaths } from './paths.js'
import { CostsSchema, HostSchema, NetworkSchema, NicSchema, PcieSchema, ProfileSchema, type Profile } from './schema.js'
import { getProfile, resolveProfile } from './resolve.js'

const schemaKey = z.string({ error: 'expected the URL or path of a JSON Schema' }).optional()

/** A whole profile, as `spinmpi profiles NAME --json` prints its values. */
export const FullProfileFileSchema = ProfileSchema.extend({ $schema: schemaKey })

/** A named profile with some values changed. */
export const DerivedProfileFileSchema = z.strictObject({
  $schema: schemaKey,
  extends: z.string({ error: 'expected a profile name' }).min(1, { error: 'expected a profile name' }),
  name: z.string({ error: 'expected a profile name' }).min(1, { error: 'expected a profile name' }).optional(),
  network: NetworkSchema.partial().optional(),
  nic: NicSchema.partial().optional(),
  pcie: PcieSchema.partial().optional(),
  host: HostSchema.partial().optional(),
  costs: CostsSchema.partial().optional(),
})

/** What a profile file may hold (the source of schemas/profile.schema.json). */
export const ProfileFileSchema = z.union([DerivedProfileFileSchema, FullProfileFileSchema])

/** True when `ref` names a file rather than a built-in profile (it has a path separator or ends in .json). */
export function isProfileFileRef(ref: string): boolean {
  return ref.endsWith('.json') || ref.includes('/') || ref.includes('\\')
}

/**
 * The profile a file's text describes; `label` (the file name) starts every error message.
 * Overrides (dotted paths, as `--set` gives them) apply last.
 */
export function parseProfileFile(text: string, label: string, overrides: Readonly<Record<string, unknown>> = {}): Profile {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new ProfileError(`${label}: invalid JSON (${err instanceof Error ? err.message : String(err)})`)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ProfileError(`${label}: expected a JSON object`)
  const derived = Object.hasOwn(value, 'extends')
  const schema = derived ? DerivedProfileFileSchema : FullProfileFileSchema
  const r = schema.safeParse(value)
  if (!r.success) throw new ProfileError(`${label}: ${r.error.issues.map((i) => describe(i, value)).join('; ')}`)
  const { $schema: _schema, ...data } = r.data as Record<string, unknown>
  if (!derived) return withLabel(label, () => resolveProfile(data, overrides))
  const d = r.data as z.infer<typeof DerivedProfileFileSchema>
  const base = withLabel(label, () => getProfile(d.extends))
  const changes: Record<string, unknown> = {}
  for (const path of leafPaths(base)) {
    const v = getPath(d, path)
    if (v !== undefined) changes[path] = v
  }
  const named = { ...base, name: d.name ?? `${d.extends}+${label}` }
  return withLabel(label, () => resolveProfile(named, { ...changes, ...overrides }))
}

function withLabel<T>(label: string, f: () => T): T {
  try {
    return f()
  } catch (err) {
    if (err instanceof ProfileError) throw new ProfileError(`${label}: ${err.message}`)
    throw err
  }
}

function describe(issue: z.core.$ZodIssue, value: unknown): string {
  const path = issue.path.map(String).join('.')
  if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => `unknown field ${path === '' ? k : `${path}.${k}`}`).join('; ')
  const got = getPath(value, path)
  return `${path === '' ? '(file)' : path}: ${issue.message}, got ${got === undefined ? 'nothing' : JSON.stringify(got)}`
}
