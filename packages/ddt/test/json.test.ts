import { describe, expect, it } from 'vitest'
import {
  FLOAT64, INT32, contiguous, parseTypeFile, resized, struct, subarray, typeFromJson, typeSpecSchema, typeToJson, vector,
} from '../src/index.js'
import { boundsOf, expectMpiError, runs } from './helpers.js'

describe('typeFromJson', () => {
  it('builds every kind of the grammar', () => {
    const t = typeFromJson({
      kind: 'struct', blocklengths: [1, 2, 1], displacements: [0, 8, 40],
      types: [
        'double_int',
        { kind: 'vector', count: 2, blocklength: 1, stride: -2, oldtype: 'int32' },
        { kind: 'resized', lb: 0, extent: 4, oldtype: { kind: 'dup', oldtype: 'int16' } },
      ],
    })
    // double_int [0, 12); vector at 8: {8, 0}, second copy one extent (12) later: {20, 12};
    // the resized int16 is sticky: lb 40, ub 44 -> the struct's bounds are those markers.
    expect(runs(t)).toEqual([[0, 12], [8, 4], [0, 4], [20, 4], [12, 4], [40, 2]])
    expect(boundsOf(t)).toEqual({ size: 30, lb: 40, ub: 44, extent: 4, trueLb: 0, trueUb: 42, trueExtent: 42 })
  })

  it('gives the same type as the constructors', () => {
    const spec = { kind: 'subarray', sizes: [4, 5], subsizes: [2, 3], starts: [1, 1], order: 'F', oldtype: 'float64' }
    const fromJson = typeFromJson(spec)
    const built = subarray([4, 5], [2, 3], [1, 1], 'F', FLOAT64)
    expect(boundsOf(fromJson)).toEqual(boundsOf(built))
    expect(runs(fromJson)).toEqual(runs(built))
    expect(typeToJson(built)).toEqual(spec)
  })

  it('typeToJson returns the spec a type was built from', () => {
    const t = contiguous(2, struct([1, 1], [0, 8], [resized(INT32, -4, 8), vector(2, 1, 3, FLOAT64)]))
    expect(typeToJson(t)).toEqual({
      kind: 'contiguous', count: 2,
      oldtype: {
        kind: 'struct', blocklengths: [1, 1], displacements: [0, 8],
        types: [
          { kind: 'resized', lb: -4, extent: 8, oldtype: 'int32' },
          { kind: 'vector', count: 2, blocklength: 1, stride: 3, oldtype: 'float64' },
        ],
      },
    })
    expect(typeSpecSchema.safeParse(typeToJson(t)).success).toBe(true)
  })
})

describe('JSON errors name the offending field', () => {
  const vec = (blocklength: unknown) => ({ kind: 'vector', count: 1, blocklength, stride: 1, oldtype: 'int32' })
  it('shape errors from zod', () => {
    expectMpiError(() => typeFromJson({ kind: 'struct', blocklengths: [1, 1, 1], displacements: [0, 4, 8], types: ['int32', 'int32', { kind: 'contiguous', count: 1, oldtype: vec(-1) }] }),
      'ERR_ARG', 'types[2].oldtype.blocklength: expected a non-negative integer')
    expectMpiError(() => typeFromJson(vec(1.5)), 'ERR_ARG', 'blocklength: expected a non-negative integer')
    expectMpiError(() => typeFromJson(vec('2')), 'ERR_ARG', 'blocklength: expected a non-negative integer')
    expectMpiError(() => typeFromJson({ kind: 'contiguous', oldtype: 'int32' }), 'ERR_ARG', 'count: missing (expected a non-negative integer)')
    expectMpiError(() => typeFromJson({ kind: 'dup' }), 'ERR_ARG', 'oldtype: missing (expected a type)')
    expectMpiError(() => typeFromJson({ kind: 'hvector', count: 1, blocklength: 1, stride: 0.5, oldtype: 'int8' }), 'ERR_ARG', 'stride: expected an integer')
    expectMpiError(() => typeFromJson({ kind: 'indexed', blocklengths: 3, displacements: [0], oldtype: 'int8' }), 'ERR_ARG', 'blocklengths: expected an array')
    expectMpiError(() => typeFromJson({ kind: 'subarray', sizes: [4], subsizes: [0], starts: [0], order: 'C', oldtype: 'int8' }),
      'ERR_ARG', 'subsizes[0]: expected a positive integer')
    expectMpiError(() => typeFromJson({ kind: 'subarray', sizes: [4], subsizes: [1], starts: [0], order: 'X', oldtype: 'int8' }),
      'ERR_ARG', "order: expected 'C' or 'F'")
    expectMpiError(() => typeFromJson({ kind: 'contiguous', count: 1, oldtype: 'int32', cnt: 2 }), 'ERR_ARG',
      'type: contiguous: unknown field "cnt"')
  })

  it('names unknown fields, at any depth, before the fields they leave missing', () => {
    const msg = (v: unknown) => { try { typeFromJson(v); return '' } catch (e) { return (e as Error).message } }
    expect(msg({ kind: 'vector', count: 2, blocklen: 1, stride: 4, oldtype: 'float64' }))
      .toBe('type: vector: unknown field "blocklen" (did you mean "blocklength"?)')
    expect(msg({ kind: 'contiguous', count: 2, oldtype: { kind: 'vector', count: 2, blocklen: 1, stride: 4, oldtype: 'int8' } }))
      .toBe('oldtype: vector: unknown field "blocklen" (did you mean "blocklength"?)')
    expect(msg({ kind: 'struct', blocklengths: [1, 1], displacements: [0, 8], types: ['int8',
      { kind: 'resized', lb: 0, extnt: 4, oldtype: 'int8', colour: 'red' }] }))
      .toBe('types[1]: resized: unknown fields "extnt" (did you mean "extent"?), "colour"')
    expect(msg({ kind: 'indexed', BlockLengths: [1], displacements: [0], oldtype: 'int8' }))
      .toBe('type: indexed: unknown field "BlockLengths" (did you mean "blocklengths"?)')
    // a field the object already has is not suggested again
    expect(msg({ kind: 'vector', count: 1, blocklength: 1, blocklengths: [1], stride: 1, oldtype: 'int8' }))
      .toBe('type: vector: unknown field "blocklengths"')
    expect(msg({ kind: 'dup', oldtype: 'int8', zzz: 1 })).toBe('type: dup: unknown field "zzz"')
    expect(msg({ kind: 'dup', oldtype: 'int8', cnt: 1 })).toBe('type: dup: unknown field "cnt"')
    expect(() => parseTypeFile('[{"kind":"dup","oldtype":"int8"},{"kind":"vector","Count":1,"blocklength":1,"stride":1,"oldtype":"int8"}]'))
      .toThrow('[1]: vector: unknown field "Count" (did you mean "count"?)')
  })

  it('unknown names and kinds are ERR_TYPE', () => {
    expectMpiError(() => typeFromJson('int33'), 'ERR_TYPE', "type: unknown elementary type 'int33'")
    // the text of a type instead of its value is named as such, not quoted back as a type name
    expectMpiError(() => typeFromJson(' {"kind": "dup", "oldtype": "int32"}'), 'ERR_TYPE',
      'type: a string holding JSON text, not a type (JSON.parse it first, or use parseTypeFile)')
    expectMpiError(() => typeFromJson({ kind: 'vectro' }), 'ERR_TYPE', 'kind: unknown kind "vectro"')
    expectMpiError(() => typeFromJson({ kind: 'contiguous', count: 2, oldtype: { kind: 'resized', lb: 0, extent: 4, oldtype: 'float16' } }),
      'ERR_TYPE', "oldtype.oldtype: unknown elementary type 'float16'")
    expectMpiError(() => typeFromJson(42), 'ERR_TYPE', 'type: expected an elementary type name or an object with "kind"')
    expectMpiError(() => typeFromJson({ count: 1 }), 'ERR_TYPE', 'kind: missing (a derived type needs a "kind")')
  })

  it('semantic errors from the constructors carry the path of the type', () => {
    expectMpiError(() => typeFromJson({ kind: 'struct', blocklengths: [1, 1], displacements: [0], types: ['int8', 'int8'] }),
      'ERR_ARG', 'type: struct: blocklengths has 2 entries but displacements has 1')
    expectMpiError(() => typeFromJson({
      kind: 'struct', blocklengths: [1, 1], displacements: [0, 8],
      types: ['int8', { kind: 'contiguous', count: 2, oldtype: { kind: 'subarray', sizes: [3], subsizes: [2], starts: [2], order: 'C', oldtype: 'int8' } }],
    }), 'ERR_ARG', 'types[1].oldtype: subarray: starts[0] + subsizes[0] must be <= sizes[0] (3), got 2 + 2')
    expectMpiError(() => typeFromJson({
      kind: 'darray', size: 4, rank: 4, gsizes: [8], distribs: ['block'], dargs: [null], psizes: [4], order: 'C', oldtype: 'int32',
    }), 'ERR_RANK', 'type: darray: rank must be in [0, 4), got 4')
    expectMpiError(() => typeFromJson({
      kind: 'darray', size: 4, rank: 0, gsizes: [8], distribs: ['cyclic'], dargs: [0], psizes: [4], order: 'C', oldtype: 'int32',
    }), 'ERR_ARG', 'dargs[0]: expected a positive integer')
  })
})

describe('parseTypeFile', () => {
  it('reads one type', () => {
    const file = parseTypeFile('{"kind":"vector","count":3,"blocklength":1,"stride":4,"oldtype":"float64"}')
    expect(file.isArray).toBe(false)
    expect(file.types.map((t) => runs(t))).toEqual([[[0, 8], [32, 8], [64, 8]]])
  })

  it('reads an array of types and names the element in errors', () => {
    const file = parseTypeFile('["int32", {"kind":"contiguous","count":2,"oldtype":"short_int"}]')
    expect(file.isArray).toBe(true)
    expect(file.types.map((t) => t.size)).toEqual([4, 12])
    expectMpiError(() => parseTypeFile('["int32", {"kind":"contiguous","count":-2,"oldtype":"int8"}]'),
      'ERR_ARG', '[1].count: expected a non-negative integer')
    expectMpiError(() => parseTypeFile('["int32", "quad"]'), 'ERR_TYPE', "[1]: unknown elementary type 'quad'")
  })

  it('rejects text that is not JSON', () => {
    expect(() => parseTypeFile('{"kind":')).toThrow(/^type file: invalid JSON \(/)
    expect(() => parseTypeFile('[1, 2')).toThrow(`type file: invalid JSON (${jsonParseMessage('[1, 2')}`)
  })

  it('gives the line and column of a JSON syntax error (Node 20 gives the position only)', () => {
    // a trailing comma on line 2: the error is at the `}` of line 3, column 1
    expect(() => parseTypeFile('{\n  "kind": "contiguous", "count": 2, "oldtype": "int8",\n}')).toThrow(/ \(line 3,? column 1\)\)$/)
  })
})

function jsonParseMessage(text: string): string {
  try {
    JSON.parse(text)
  } catch (err) {
    return (err as Error).message
  }
  return ''
}
