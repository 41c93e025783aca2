// A whole-profile file (no `extends`) must give every field; when it leaves some out, one clause
// names the first few and points at `extends`, instead of one zod issue per missing field.

import { FIELD_GROUPS, FIELD_PATHS } from './field-paths.js'
import { NAMED_PROFILES } from './named/index.js'

const SHOWN = 5

/** What `value` leaves out: whole groups first ("pcie"), then fields of the groups it has ("nic.hpuHz"). */
export function missingFields(value: object): string[] {
  const has = (o: unknown, key: string) => o !== null && typeof o === 'object' && Object.hasOwn(o, key)
  const groups = FIELD_GROUPS.filter((g) => !has(value, g))
  const fields = FIELD_PATHS.filter((p) => {
    const [group, key] = p.split('.') as [string, string]
    const section = (value as Record<string, unknown>)[group]
    // a group that is there but not an object is a type error, reported as such
    return section !== null && typeof section === 'object' && !has(section, key)
  })
  return [...(has(value, 'name') ? [] : ['name']), ...groups, ...fields]
}

/** "missing network, pcie, ... and 12 more; ... add "extends": "sc19" ...". */
export function describeMissing(missing: readonly string[]): string {
  const more = missing.length - SHOWN
  const list = more > 0 ? `${missing.slice(0, SHOWN).join(', ')} and ${more} more (${missing.length} in all)` : missing.join(', ')
  const named = NAMED_PROFILES.map((p) => p.name).join(', ')
  return `missing ${list}; a profile file without "extends" must give every field: add "extends": "sc19" to inherit the rest from a named profile (${named})`
}
