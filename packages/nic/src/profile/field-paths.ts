// Every field path the profile schema defines ("nic.hpus"), read from the zod shapes.

import { z } from 'zod'
import { ProfileSchema } from './schema.js'

/** The dotted path of every numeric field, in schema order. */
export const FIELD_PATHS: readonly string[] = Object.entries(ProfileSchema.shape).flatMap(([group, schema]) =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape).map((key) => `${group}.${key}`) : [],
)

/** The groups of fields ("network", "nic", ...). */
export const FIELD_GROUPS: readonly string[] = [...new Set(FIELD_PATHS.map((p) => p.split('.')[0]!))]
