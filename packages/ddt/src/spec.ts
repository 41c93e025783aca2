// The zod schema of the JSON form of a datatype (the grammar of README's "Type JSON" table,
// whose TypeScript types are in spec-types.ts).

import { z } from 'zod'
import type { ElementaryName, TypeSpec } from './spec-types.js'
import { ELEMENTARY_NAMES } from './elementary-table.js'

const msg = (error: string) => ({ error })
const INT = 'expected an integer'
const NON_NEG = 'expected a non-negative integer'
const POS = 'expected a positive integer'
const integer = z.int(msg(INT))
const nonNegative = z.int(msg(NON_NEG)).min(0, msg(NON_NEG))
const positive = z.int(msg(POS)).min(1, msg(POS))
const list = <T extends z.ZodType>(item: T) => z.array(item, msg('expected an array'))
const order = z.enum(['C', 'F'], msg("expected 'C' or 'F'"))
const distribution = z.enum(['block', 'cyclic', 'none'], msg("expected 'block', 'cyclic' or 'none'"))
const darg = z.union([positive, z.null()], msg('expected a positive integer or null'))

/** Validates an elementary type name. */
export const elementaryNameSchema = z.enum(
  ELEMENTARY_NAMES as [ElementaryName, ...ElementaryName[]],
  msg('expected an elementary type name'),
)

const contiguous = z.strictObject({
  kind: z.literal('contiguous'), count: nonNegative, get oldtype() { return typeSpecSchema },
})
const vectorLike = <K extends 'vector' | 'hvector'>(kind: K) => z.strictObject({
  kind: z.literal(kind), count: nonNegative, blocklength: nonNegative, stride: integer,
  get oldtype() { return typeSpecSchema },
})
const indexedLike = <K extends 'indexed' | 'hindexed'>(kind: K) => z.strictObject({
  kind: z.literal(kind), blocklengths: list(nonNegative), displacements: list(integer),
  get oldtype() { return typeSpecSchema },
})
const blockLike = <K extends 'indexedBlock' | 'hindexedBlock'>(kind: K) => z.strictObject({
  kind: z.literal(kind), blocklength: nonNegative, displacements: list(integer),
  get oldtype() { return typeSpecSchema },
})
const struct = z.strictObject({
  kind: z.literal('struct'), blocklengths: list(nonNegative), displacements: list(integer),
  get types() { return list(typeSpecSchema) },
})
const subarray = z.strictObject({
  kind: z.literal('subarray'), sizes: list(positive), subsizes: list(positive), starts: list(nonNegative),
  order, get oldtype() { return typeSpecSchema },
})
const darray = z.strictObject({
  kind: z.literal('darray'), size: positive, rank: nonNegative, gsizes: list(positive),
  distribs: list(distribution), dargs: list(darg), psizes: list(positive), order,
  get oldtype() { return typeSpecSchema },
})
const resized = z.strictObject({
  kind: z.literal('resized'), lb: integer, extent: integer, get oldtype() { return typeSpecSchema },
})
const dup = z.strictObject({ kind: z.literal('dup'), get oldtype() { return typeSpecSchema } })

/** Validates a derived type object in the JSON grammar. */
export const derivedSpecSchema = z.discriminatedUnion('kind', [
  contiguous, vectorLike('vector'), vectorLike('hvector'), indexedLike('indexed'), indexedLike('hindexed'),
  blockLike('indexedBlock'), blockLike('hindexedBlock'), struct, subarray, darray, resized, dup,
])

/** Validates one type in the JSON grammar: an elementary name or an object with "kind". */
export const typeSpecSchema: z.ZodType<TypeSpec> = z.union([elementaryNameSchema, derivedSpecSchema])
