// JSON Schemas of the files users write, generated from the zod schemas that validate them (so
// they cannot drift): schemas/profile.schema.json and schemas/type-file.schema.json. Written by
// `npm run schemas`; a test checks the committed files equal what this generates.

import { z } from 'zod'
import { typeSpecSchema } from '@spinmpi/ddt'
import { ProfileFileSchema } from '@spinmpi/nic/internal'

const typeFileSchema = z.union([
  typeSpecSchema,
  z.array(typeSpecSchema).min(1),
  z.strictObject({ $schema: z.string().optional(), types: z.array(typeSpecSchema).min(1) }),
])

/** File name (under schemas/) to its text. */
export function jsonSchemaFiles(): Record<string, string> {
  return {
    'profile.schema.json': text(ProfileFileSchema, 'spinmpi machine profile file', 'A whole profile, or "extends" a named one and changes some of its values.'),
    'type-file.schema.json': text(typeFileSchema, 'spinmpi datatype file', 'One datatype, an array of them, or {"$schema", "types": [...]}.'),
  }
}

function text(schema: z.ZodType, title: string, description: string): string {
  const json = { ...z.toJSONSchema(schema, { target: 'draft-2020-12' }), title, description }
  return `${JSON.stringify(json, null, 2)}\n`
}
