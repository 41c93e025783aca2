// What a profile file may hold (the source of schemas/profile.schema.json): a whole profile, or
// `extends` a named one and changes some values; either may say where its own values come from.

import { z } from 'zod'
import { FIELD_PATHS } from './field-paths.js'
import { CostsSchema, HostSchema, NetworkSchema, NicSchema, PcieSchema, ProfileSchema } from './schema.js'

const schemaKey = z.string({ error: 'expected the URL or path of a JSON Schema' }).optional()

/** Where the file's values come from, by field path (as `spinmpi profiles NAME --json` prints them). */
const sourcesKey = z
  .partialRecord(z.enum(FIELD_PATHS as [string, ...string[]]), z.string({ error: 'expected a source' }).min(1, { error: 'expected a source' }))
  .optional()

/** What the machine is, in the file's own words (`spinmpi profiles FILE` prints it). */
const descriptionKey = z.string({ error: 'expected a description' }).min(1, { error: 'expected a description' }).optional()

/** A whole profile, as `spinmpi profiles NAME --json` prints its values. */
export const FullProfileFileSchema = ProfileSchema.extend({ $schema: schemaKey, description: descriptionKey, sources: sourcesKey })

/** A named profile with some values changed. */
export const DerivedProfileFileSchema = z.strictObject({
  $schema: schemaKey,
  extends: z.string({ error: 'expected a profile name' }).min(1, { error: 'expected a profile name' }),
  name: z.string({ error: 'expected a profile name' }).min(1, { error: 'expected a profile name' }).optional(),
  description: descriptionKey,
  network: NetworkSchema.partial().optional(),
  nic: NicSchema.partial().optional(),
  pcie: PcieSchema.partial().optional(),
  host: HostSchema.partial().optional(),
  costs: CostsSchema.partial().optional(),
  sources: sourcesKey,
})

export const ProfileFileSchema = z.union([DerivedProfileFileSchema, FullProfileFileSchema])
