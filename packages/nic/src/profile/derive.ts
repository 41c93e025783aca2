// Builds a named profile from another by changing some leaves, each with its new source.

import type { NamedProfile, Profile } from './schema.js'
import { withPath } from './paths.js'

/** Leaf changes: dotted path -> [value, source]. */
export type ProfileChanges = Record<string, readonly [number, string]>

/** A new named profile: `base` with `changes` (path -> [value, source]) applied and sourced. */
export function deriveProfile(base: NamedProfile, name: string, description: string, changes: ProfileChanges): NamedProfile {
  let values: Profile = { ...structuredClone(base.values), name }
  const sources = { ...base.sources }
  for (const [path, [value, source]] of Object.entries(changes)) {
    values = withPath(values, path, value)
    sources[path] = source
  }
  return { name, description, values, sources }
}
