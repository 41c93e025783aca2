// Tags of the collectives on the hidden collective context. Every rank calls collectives in the
// same order and point-to-point does not overtake, so one tag per operation keeps them apart.
// Each collective's file holds its tag (its record's `tag`); the registry checks them here.

import type { CollectiveEntries } from './collective.js'

/** Tags stay below this, so each nonblocking collective can shift them into its own range. */
export const TAGS_PER_COLLECTIVE = 16

/** Returns `records` once every tag is in 1..TAGS_PER_COLLECTIVE-1 and no two records share one. */
export function checkTags<R extends CollectiveEntries>(records: R): R {
  const owner = new Map<number, string>()
  for (const [name, r] of Object.entries(records)) {
    if (r.tag === null) continue
    if (!Number.isInteger(r.tag) || r.tag < 1 || r.tag >= TAGS_PER_COLLECTIVE) {
      throw new Error(`collective ${name}: tag ${r.tag} is outside 1..${TAGS_PER_COLLECTIVE - 1}`)
    }
    const other = owner.get(r.tag)
    if (other !== undefined) throw new Error(`collectives ${other} and ${name} both claim tag ${r.tag}`)
    owner.set(r.tag, name)
  }
  return records
}
