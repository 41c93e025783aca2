// Reading and writing types as JSON (README's "Type JSON"), validated with zod.

import { match } from 'ts-pattern'
import type { z } from 'zod'
import type { Datatype } from './datatype.js'
import type { TypeSpec } from './spec-types.js'
import { typeSpecSchema } from './spec.js'
import { findUnknownFields } from './json-keys.js'
import { elementary } from './elementary.js'
import { ERR_ARG, ERR_TYPE, MpiError } from './errors.js'
import { MAX_TYPE_DEPTH } from './type.js'
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
  const rootOnly = ([only, ...rest]: readonly z.core.$ZodIssue[]) =>
    rest.length === 0 && only !== undefined && only.path.length === 0 && (only.code === 'invalid_type' || only.code === 'invalid_value')
  const chosen = issue.errors.find((list) => list.length > 0 && !rootOnly(list))?.[0]
  if (chosen === undefined) return { issue, path }
  return mostSpecific(chosen, path)
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
    // typeFromJson('{"kind": ...}'): the text of a type, not its value; say so rather than quote it back as a name
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
      return new MpiError(ERR_TYPE, `${where}: a string holding JSON text, not a type (JSON.parse it first, or use parseTypeFile)`)
    }
    if (typeof value === 'string') return new MpiError(ERR_TYPE, `${where}: unknown elementary type '${value}'`)
    return new MpiError(ERR_TYPE, `${where}: expected an elementary type name or an object with "kind"`)
  }
  if (issue.code === 'invalid_type' && value === undefined) return new MpiError(ERR_ARG, `${where}: missing (${issue.message})`)
  return new MpiError(ERR_ARG, `${where}: ${issue.message}`)
}

/**
 * Refuses nesting past MAX_TYPE_DEPTH before zod sees the value: the schema is recursive, and a
 * type nested 10,000 deep would overflow its stack. Iterative, following oldtype and types[i].
 */
function checkNesting(value: unknown, prefix: string): void {
  const stack: [unknown, number, Path][] = [[value, 0, []]]
  while (stack.length > 0) {
    const [node, depth, path] = stack.pop()!
    if (node === null || typeof node !== 'object') continue
    if (depth > MAX_TYPE_DEPTH) {
      throw new MpiError(ERR_TYPE, `${formatPath(prefix, path.slice(0, 8))}…: types nest at most ${MAX_TYPE_DEPTH} constructors deep`)
    }
    const fields = node as Record<string, unknown>
    if ('oldtype' in fields) stack.push([fields.oldtype, depth + 1, [...path.slice(0, 8), 'oldtype']])
    if (Array.isArray(fields.types)) {
      fields.types.forEach((t, i) => stack.push([t, depth + 1, [...path.slice(0, 8), 'types', i]]))
    }
  }
}

/** Validates `value` against the type grammar; `prefix` names where it came from (e.g. "[3]"). */
export function parseTypeSpec(value: unknown, prefix = ''): TypeSpec {
  checkNesting(value, prefix)
  const result = typeSpecSchema.safeParse(value)
  if (result.success) return result.data
  const unknown = findUnknownFields(value)
  if (unknown !== undefined) throw new MpiError(ERR_ARG, `${formatPath(prefix, unknown.path)}: ${unknown.kind}: ${unknown.message}`)
  const { issue, path } = mostSpecific(result.error.issues[0]!, []) // a failed parse has an issue
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

/**
 * A datatype from its JSON form, the parsed value (an elementary name or an object with "kind");
 * for the text of a type file use {@link parseTypeFile}. Errors are MpiErrors naming the offending field.
 */
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

/**
 * Parses the text of a type file: one type, a JSON array of types, or `{"$schema"?, "types": [...]}`
 * (the form that names schemas/type-file.schema.json). A `$schema` key on a single type object is
 * ignored too.
 */
export function parseTypeFile(text: string): TypeFile {
  // RFC 8259 lets a parser ignore a leading byte-order mark; editors on Windows write one.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const nul = body.indexOf('\0')
  if (nul >= 0) throw new MpiError(ERR_ARG, `type file: NUL byte at line ${lineOf(body, nul)} (not a JSON text file)`)
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch (err) {
    // V8 quotes the text around the error; for binary input that quote is noise.
    const why = (err instanceof Error ? err.message : String(err)).replace(/, ".*" is not valid JSON$/s, '')
    throw new MpiError(ERR_ARG, `type file: invalid JSON (${withLine(why, body)})`)
  }
  if (Array.isArray(value) && value.length === 0) throw new MpiError(ERR_TYPE, 'type file: the array holds no types')
  if (Array.isArray(value)) return { types: value.map((v, i) => typeFromJson(v, `[${i}]`)), isArray: true }
  if (value !== null && typeof value === 'object' && Object.hasOwn(value, '$schema')) {
    const { $schema, ...rest } = value as Record<string, unknown>
    if (typeof $schema !== 'string') throw new MpiError(ERR_ARG, 'type file: $schema: expected the URL or path of a JSON Schema')
    value = rest
  }
  if (value !== null && typeof value === 'object' && !Object.hasOwn(value, 'kind') && Object.hasOwn(value, 'types')) {
    const { types, ...extra } = value as Record<string, unknown>
    const unknown = Object.keys(extra)
    if (unknown.length > 0) throw new MpiError(ERR_ARG, `type file: unknown field ${unknown.join(', ')}`)
    if (!Array.isArray(types)) throw new MpiError(ERR_ARG, 'type file: types: expected an array')
    // as for a bare [] above: the commands take the first type, and there is none
    if (types.length === 0) throw new MpiError(ERR_TYPE, 'type file: types: the array holds no types')
    return { types: types.map((v, i) => typeFromJson(v, `types[${i}]`)), isArray: true }
  }
  return { types: [typeFromJson(value)], isArray: false }
}

/** Node 20's JSON.parse gives a position only ("at position 51"); an editor wants the line and column (Node 22 adds them itself). */
function withLine(message: string, text: string): string {
  const m = / at position (\d+)$/.exec(message)
  if (m === null) return message
  const at = Number(m[1])
  return `${message} (line ${lineOf(text, at)}, column ${at - text.lastIndexOf('\n', at - 1)})`
}

function lineOf(text: string, index: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++
  return line
}
