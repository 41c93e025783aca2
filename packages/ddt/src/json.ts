// Reading and writing types as JSON (README's "Type JSON"), validated with zod.

import { match } from 'ts-pattern'
import type { z } from 'zod'
import type { Datatype } from './datatype.js'
import type { TypeSpec } from './spec.js'
import { typeSpecSchema } from './spec.js'
import { elementary } from './elementary.js'
import { ERR_ARG, ERR_TYPE, MpiError } from './errors.js'
import { contiguous } from './constructors/contiguous.js'
import { darray } from './constructors/darray.js'
import { hindexed, hindexedBlock, indexed, indexedBlock } from './constructors/indexed.js'
import { dup, resized } from './constructors/resized.js'
import { struct } from './constructors/struct.js'
import { subarray } from './constructors/subarray.js'
import { hvector, vector } from './constructors/vector.js'

type Path = readonly PropertyKey[]

/** `types[2].oldtype.blocklength` from ['types', 2, 'oldtype', 'blocklength']. */
export function formatPath(prefix: string, path: Path): string {
  let out = prefix
  for (const key of path) {
    out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`
  }
  return out === '' ? 'type' : out
}

function valueAt(root: unknown, path: Path): unknown {
  let v = root
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<PropertyKey, unknown>)[key]
  }
  return v
}

/**
 * The issue to report. A union ("name or object") fails with one issue list per option; the
 * useful list is the one that got past the root type check, i.e. the option the input was meant for.
 */
function mostSpecific(issue: z.core.$ZodIssue, basePath: Path): { issue: z.core.$ZodIssue; path: Path } {
  const path = [...basePath, ...issue.path]
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { issue, path }
  const rootOnly = (list: readonly z.core.$ZodIssue[]) =>
    list.length === 1 && list[0].path.length === 0 && (list[0].code === 'invalid_type' || list[0].code === 'invalid_value')
  const chosen = issue.errors.find((list) => list.length > 0 && !rootOnly(list))
  if (chosen === undefined) return { issue, path }
  return mostSpecific(chosen[0], path)
}

function issueToError(issue: z.core.$ZodIssue, path: Path, input: unknown, prefix: string): MpiError {
  const where = formatPath(prefix, path)
  const value = valueAt(input, path)
  if (issue.code === 'invalid_union' && issue.path.length > 0 && issue.path[issue.path.length - 1] === 'kind') {
    if (value === undefined) return new MpiError(ERR_TYPE, `${where}: missing (a derived type needs a "kind")`)
    return new MpiError(ERR_TYPE, `${where}: unknown kind ${JSON.stringify(value)}`)
  }
  if (issue.code === 'invalid_union') {
    if (value === undefined) return new MpiError(ERR_ARG, `${where}: missing (expected a type)`)
    if (typeof value === 'string') return new MpiError(ERR_TYPE, `${where}: unknown elementary type '${value}'`)
    return new MpiError(ERR_TYPE, `${where}: expected an elementary type name or an object with "kind"`)
  }
  if (issue.code === 'unrecognized_keys') {
    return new MpiError(ERR_ARG, `${where}: unexpected field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`)
  }
  if (issue.code === 'invalid_type' && value === undefined) return new MpiError(ERR_ARG, `${where}: missing (${issue.message})`)
  return new MpiError(ERR_ARG, `${where}: ${issue.message}`)
}

/** Validates `value` against the type grammar; `prefix` names where it came from (e.g. "[3]"). */
export function parseTypeSpec(value: unknown, prefix = ''): TypeSpec {
  const result = typeSpecSchema.safeParse(value)
  if (result.success) return result.data
  const { issue, path } = mostSpecific(result.error.issues[0], [])
  throw issueToError(issue, path, value, prefix)
}

/** Builds the datatype a validated spec describes; constructor errors get the field path prepended. */
export function typeFromSpec(spec: TypeSpec, where = 'type'): Datatype {
  if (typeof spec === 'string') return located(where, () => elementary(spec))
  const at = (field: string) => (where === 'type' ? field : `${where}.${field}`)
  if (spec.kind === 'struct') {
    const types = spec.types.map((t, i) => typeFromSpec(t, `${at('types')}[${i}]`))
    return located(where, () => struct(spec.blocklengths, spec.displacements, types))
  }
  // Children first, outside `located`, so their errors keep their own (deeper) path.
  const old = typeFromSpec(spec.oldtype, at('oldtype'))
  return located(where, () => match(spec)
    .with({ kind: 'contiguous' }, (s) => contiguous(s.count, old))
    .with({ kind: 'vector' }, (s) => vector(s.count, s.blocklength, s.stride, old))
    .with({ kind: 'hvector' }, (s) => hvector(s.count, s.blocklength, s.stride, old))
    .with({ kind: 'indexed' }, (s) => indexed(s.blocklengths, s.displacements, old))
    .with({ kind: 'hindexed' }, (s) => hindexed(s.blocklengths, s.displacements, old))
    .with({ kind: 'indexedBlock' }, (s) => indexedBlock(s.blocklength, s.displacements, old))
    .with({ kind: 'hindexedBlock' }, (s) => hindexedBlock(s.blocklength, s.displacements, old))
    .with({ kind: 'subarray' }, (s) => subarray(s.sizes, s.subsizes, s.starts, s.order, old))
    .with({ kind: 'darray' }, (s) => darray(s.size, s.rank, s.gsizes, s.distribs, s.dargs, s.psizes, s.order, old))
    .with({ kind: 'resized' }, (s) => resized(old, s.lb, s.extent))
    .with({ kind: 'dup' }, () => dup(old))
    .exhaustive())
}

function located(where: string, build: () => Datatype): Datatype {
  try {
    return build()
  } catch (err) {
    throw err instanceof MpiError ? err.within(where) : err
  }
}

/** A datatype from its JSON form; errors are MpiErrors naming the offending field. */
export function typeFromJson(value: unknown, prefix = ''): Datatype {
  return typeFromSpec(parseTypeSpec(value, prefix), prefix === '' ? 'type' : prefix)
}

/** The JSON form of a type (what it was built from); typeFromJson reads it back identically. */
export function typeToJson(type: Datatype): TypeSpec {
  return type.spec
}

/** What a type file held: one type, or an array of types (`isArray` keeps the distinction). */
export interface TypeFile {
  readonly types: readonly Datatype[]
  readonly isArray: boolean
}

/** Parses the text of a type file: one type or a JSON array of types. */
export function parseTypeFile(text: string): TypeFile {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new MpiError(ERR_ARG, `type file: invalid JSON (${err instanceof Error ? err.message : String(err)})`)
  }
  if (Array.isArray(value)) return { types: value.map((v, i) => typeFromJson(v, `[${i}]`)), isArray: true }
  return { types: [typeFromJson(value)], isArray: false }
}
