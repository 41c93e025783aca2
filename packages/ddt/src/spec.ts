// The JSON form of a datatype (the grammar of README's "Type JSON" table) and its zod schema.

import { z } from 'zod'
import type { ElementaryName } from './datatype.js'
import { ELEMENTARY_NAMES } from './elementary-table.js'

export type Order = 'C' | 'F'
export type Distribution = 'block' | 'cyclic' | 'none'

export interface ContiguousSpec { readonly kind: 'contiguous'; readonly count: number; readonly oldtype: TypeSpec }
/** `stride` in extents of oldtype. */
export interface VectorSpec {
  readonly kind: 'vector'; readonly count: number; readonly blocklength: number; readonly stride: number; readonly oldtype: TypeSpec
}
/** `stride` in bytes. */
export interface HvectorSpec {
  readonly kind: 'hvector'; readonly count: number; readonly blocklength: number; readonly stride: number; readonly oldtype: TypeSpec
}
/** `displacements` in extents of oldtype. */
export interface IndexedSpec {
  readonly kind: 'indexed'; readonly blocklengths: readonly number[]; readonly displacements: readonly number[]; readonly oldtype: TypeSpec
}
/** `displacements` in bytes. */
export interface HindexedSpec {
  readonly kind: 'hindexed'; readonly blocklengths: readonly number[]; readonly displacements: readonly number[]; readonly oldtype: TypeSpec
}
export interface IndexedBlockSpec {
  readonly kind: 'indexedBlock'; readonly blocklength: number; readonly displacements: readonly number[]; readonly oldtype: TypeSpec
}
export interface HindexedBlockSpec {
  readonly kind: 'hindexedBlock'; readonly blocklength: number; readonly displacements: readonly number[]; readonly oldtype: TypeSpec
}
/** `displacements` in bytes. */
export interface StructSpec {
  readonly kind: 'struct'; readonly blocklengths: readonly number[]; readonly displacements: readonly number[]; readonly types: readonly TypeSpec[]
}
export interface SubarraySpec {
  readonly kind: 'subarray'; readonly sizes: readonly number[]; readonly subsizes: readonly number[]; readonly starts: readonly number[]
  readonly order: Order; readonly oldtype: TypeSpec
}
/** `dargs[i] = null` asks for MPI's default distribution argument. */
export interface DarraySpec {
  readonly kind: 'darray'; readonly size: number; readonly rank: number; readonly gsizes: readonly number[]
  readonly distribs: readonly Distribution[]; readonly dargs: readonly (number | null)[]; readonly psizes: readonly number[]
  readonly order: Order; readonly oldtype: TypeSpec
}
export interface ResizedSpec { readonly kind: 'resized'; readonly lb: number; readonly extent: number; readonly oldtype: TypeSpec }
export interface DupSpec { readonly kind: 'dup'; readonly oldtype: TypeSpec }

export type DerivedSpec =
  | ContiguousSpec | VectorSpec | HvectorSpec | IndexedSpec | HindexedSpec | IndexedBlockSpec
  | HindexedBlockSpec | StructSpec | SubarraySpec | DarraySpec | ResizedSpec | DupSpec

export type TypeSpec = ElementaryName | DerivedSpec

export type TypeKind = DerivedSpec['kind']

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

export const derivedSpecSchema = z.discriminatedUnion('kind', [
  contiguous, vectorLike('vector'), vectorLike('hvector'), indexedLike('indexed'), indexedLike('hindexed'),
  blockLike('indexedBlock'), blockLike('hindexedBlock'), struct, subarray, darray, resized, dup,
])

/** Validates one type in the JSON grammar: an elementary name or an object with "kind". */
export const typeSpecSchema: z.ZodType<TypeSpec> = z.union([elementaryNameSchema, derivedSpecSchema])
