import { describe, expect, it } from 'vitest'
import type { Datatype, Distribution, Order } from '../src/index.js'
import {
  ERROR_CLASSES, FLOAT64, INT32, MpiError, contiguous, darray, dup, hindexed, hindexedBlock, hvector, indexed, indexedBlock,
  resized, struct, subarray, vector,
} from '../src/index.js'
import { expectMpiError } from './helpers.js'

// Calls with arguments TypeScript would reject, as a JavaScript caller could make them.
const loose = <A extends unknown[]>(f: (...args: A) => Datatype) => f as (...args: unknown[]) => Datatype

describe('MpiError', () => {
  it('carries its class and prefixes a location', () => {
    const err = new MpiError('ERR_COUNT', 'count must be >= 0')
    expect(err).toBeInstanceOf(Error)
    expect(err.errorClass).toBe('ERR_COUNT')
    expect(err.within('types[1]').message).toBe('types[1]: count must be >= 0')
    expect(ERROR_CLASSES).toEqual(['ERR_TRUNCATE', 'ERR_TYPE', 'ERR_COUNT', 'ERR_RANK', 'ERR_TAG', 'ERR_BUFFER', 'ERR_ARG', 'ERR_OTHER'])
  })
})

describe('constructor validation', () => {
  it('negative counts and blocklengths', () => {
    expectMpiError(() => contiguous(-1, INT32), 'ERR_COUNT', 'contiguous: count must be >= 0, got -1')
    expectMpiError(() => vector(-2, 1, 1, INT32), 'ERR_COUNT', 'vector: count must be >= 0, got -2')
    expectMpiError(() => vector(1, -1, 1, INT32), 'ERR_ARG', 'vector: blocklength must be >= 0, got -1')
    expectMpiError(() => hvector(1, -1, 8, INT32), 'ERR_ARG', 'hvector: blocklength must be >= 0, got -1')
    expectMpiError(() => indexed([1, -3], [0, 4], INT32), 'ERR_ARG', 'indexed: blocklengths[1] must be >= 0, got -3')
    expectMpiError(() => hindexed([-1], [0], INT32), 'ERR_ARG', 'hindexed: blocklengths[0] must be >= 0, got -1')
    expectMpiError(() => indexedBlock(-1, [0], INT32), 'ERR_ARG', 'indexedBlock: blocklength must be >= 0, got -1')
    expectMpiError(() => hindexedBlock(-4, [0], INT32), 'ERR_ARG', 'hindexedBlock: blocklength must be >= 0, got -4')
    expectMpiError(() => struct([1, -1], [0, 8], [INT32, FLOAT64]), 'ERR_ARG', 'struct: blocklengths[1] must be >= 0, got -1')
  })

  it('array length mismatches', () => {
    expectMpiError(() => indexed([1, 2], [0], INT32), 'ERR_ARG', 'indexed: blocklengths has 2 entries but displacements has 1')
    expectMpiError(() => hindexed([1], [0, 8], INT32), 'ERR_ARG', 'hindexed: blocklengths has 1 entries but displacements has 2')
    expectMpiError(() => struct([1, 1], [0, 8], [INT32]), 'ERR_ARG', 'struct: blocklengths has 2 entries but types has 1')
    expectMpiError(() => struct([1], [0, 8], [INT32]), 'ERR_ARG', 'struct: blocklengths has 1 entries but displacements has 2')
    expectMpiError(() => subarray([4, 4], [2], [0, 0], 'C', INT32), 'ERR_ARG', 'subarray: sizes has 2 entries but subsizes has 1')
    expectMpiError(() => subarray([4, 4], [2, 2], [0], 'C', INT32), 'ERR_ARG', 'subarray: sizes has 2 entries but starts has 1')
    expectMpiError(() => darray(2, 0, [4, 4], ['block'], [null, null], [2, 1], 'C', INT32), 'ERR_ARG',
      'darray: gsizes has 2 entries but distribs has 1')
    expectMpiError(() => darray(2, 0, [4], ['block'], [null, null], [2], 'C', INT32), 'ERR_ARG',
      'darray: gsizes has 1 entries but dargs has 2')
    expectMpiError(() => darray(2, 0, [4], ['block'], [null], [2, 1], 'C', INT32), 'ERR_ARG',
      'darray: gsizes has 1 entries but psizes has 2')
  })

  it('non-integer numbers and wrong kinds of argument', () => {
    expectMpiError(() => contiguous(1.5, INT32), 'ERR_ARG', 'contiguous: count must be an integer, got 1.5')
    expectMpiError(() => vector(1, 1, 0.5, INT32), 'ERR_ARG', 'vector: stride must be an integer, got 0.5')
    expectMpiError(() => hindexed([1], [Number.NaN], INT32), 'ERR_ARG', 'hindexed: displacements[0] must be an integer, got NaN')
    expectMpiError(() => resized(INT32, 0, 2.25), 'ERR_ARG', 'resized: extent must be an integer, got 2.25')
    expectMpiError(() => resized(INT32, Infinity, 2), 'ERR_ARG', 'resized: lb must be an integer, got Infinity')
    expectMpiError(() => loose(contiguous)('3', INT32), 'ERR_ARG', "contiguous: count must be an integer, got '3'")
    expectMpiError(() => loose(contiguous)(1, 'int32'), 'ERR_TYPE', 'contiguous: oldtype is not a datatype')
    expectMpiError(() => loose(struct)([1], [0], [{}]), 'ERR_TYPE', 'struct: types[0] is not a datatype')
    expectMpiError(() => loose(dup)(null), 'ERR_TYPE', 'dup: oldtype is not a datatype')
    expectMpiError(() => loose(indexed)(3, [0], INT32), 'ERR_ARG', 'indexed: blocklengths must be an array')
    expectMpiError(() => vector(2, 1, 2 ** 51, FLOAT64), 'ERR_ARG',
      `vector: stride * extent overflows the byte range, got ${2 ** 54}`)
    expectMpiError(() => hvector(2 ** 20, 1, 2 ** 40, INT32), 'ERR_ARG',
      `hvector: the type spans more bytes than can be addressed exactly (${2 ** 60 - 2 ** 40 + 4})`)
  })

  it('subarray arguments outside the array', () => {
    expectMpiError(() => subarray([4, 0], [1, 1], [0, 0], 'C', INT32), 'ERR_ARG', 'subarray: sizes[1] must be >= 1, got 0')
    expectMpiError(() => subarray([4, 4], [0, 1], [0, 0], 'C', INT32), 'ERR_ARG', 'subarray: subsizes[0] must be >= 1, got 0')
    expectMpiError(() => subarray([4, 4], [5, 1], [0, 0], 'C', INT32), 'ERR_ARG', 'subarray: subsizes[0] must be <= sizes[0] (4), got 5')
    expectMpiError(() => subarray([4, 4], [2, 2], [0, -1], 'F', INT32), 'ERR_ARG', 'subarray: starts[1] must be >= 0, got -1')
    expectMpiError(() => subarray([4, 4], [2, 2], [3, 0], 'C', INT32), 'ERR_ARG',
      'subarray: starts[0] + subsizes[0] must be <= sizes[0] (4), got 3 + 2')
    expectMpiError(() => subarray([], [], [], 'C', INT32), 'ERR_ARG', 'subarray: sizes must have at least one dimension')
    expectMpiError(() => subarray([4], [2], [0], 'X' as Order, INT32), 'ERR_ARG', "subarray: order must be one of 'C', 'F', got 'X'")
  })

  it('darray arguments', () => {
    const d = (size: number, rank: number, gsizes: number[], distribs: Distribution[], dargs: (number | null)[], psizes: number[]) =>
      () => darray(size, rank, gsizes, distribs, dargs, psizes, 'C', INT32)
    expectMpiError(d(4, 4, [8], ['block'], [null], [4]), 'ERR_RANK', 'darray: rank must be in [0, 4), got 4')
    expectMpiError(d(4, -1, [8], ['block'], [null], [4]), 'ERR_RANK', 'darray: rank must be in [0, 4), got -1')
    expectMpiError(d(0, 0, [8], ['block'], [null], [4]), 'ERR_ARG', 'darray: size must be >= 1, got 0')
    expectMpiError(d(4, 0, [8, 2], ['block', 'block'], [null, null], [2, 3]), 'ERR_ARG',
      'darray: the product of psizes (6) must equal size (4)')
    expectMpiError(d(4, 0, [10], ['block'], [2], [4]), 'ERR_ARG',
      'darray: dargs[0] * psizes[0] must be >= gsizes[0] for a block distribution, got 2 * 4 < 10')
    expectMpiError(d(4, 0, [10], ['cyclic'], [0], [4]), 'ERR_ARG', 'darray: dargs[0] must be >= 1 for a cyclic distribution, got 0')
    expectMpiError(d(4, 0, [10], ['block'], [-2], [4]), 'ERR_ARG', 'darray: dargs[0] must be >= 1 for a block distribution, got -2')
    expectMpiError(d(2, 0, [4, 4], ['none', 'block'], [null, null], [2, 1]), 'ERR_ARG',
      "darray: psizes[0] must be 1 for distribution 'none', got 2")
    expectMpiError(d(1, 0, [0], ['block'], [null], [1]), 'ERR_ARG', 'darray: gsizes[0] must be >= 1, got 0')
    expectMpiError(d(1, 0, [4], ['blocky' as Distribution], [null], [1]), 'ERR_ARG',
      "darray: distribs[0] must be one of 'block', 'cyclic', 'none', got 'blocky'")
    expectMpiError(d(1, 0, [], [], [], []), 'ERR_ARG', 'darray: gsizes must have at least one dimension')
  })

  it('valid arguments at the edges are accepted', () => {
    expect(subarray([4], [4], [0], 'C', INT32).size).toBe(16)
    expect(darray(4, 3, [10], ['block'], [3], [4], 'C', INT32).size).toBe(4)
    expect(darray(1, 0, [5], ['none'], [7], [1], 'C', INT32).size).toBe(20)
  })
})
