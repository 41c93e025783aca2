import { describe, expect, it } from 'vitest'
import { resultJson } from '../src/launch/result-json.js'
import { resultsText } from '../src/launch/results-text.js'

// A rank's return value in `spinmpi run FILE`'s summary: JSON data even where JSON.stringify
// would throw (bigints, cycles) or garble (typed arrays inside objects). Both used to print as
// "[object Object]" or {"0":1.5,"1":2}.
describe('resultJson', () => {
  it('keeps what JSON holds as JSON would', () => {
    expect(resultJson({ a: 1, b: [1, 'x', null], c: undefined, f: () => 0 })).toEqual({ a: 1, b: [1, 'x', null] })
    expect(resultJson(undefined)).toBeNull()
    expect(resultJson([undefined, 2])).toEqual([null, 2])
    expect(resultJson(7)).toBe(7)
    expect(resultJson(new Date(0))).toBe('1970-01-01T00:00:00.000Z')
  })

  it('turns typed arrays into arrays at any depth and bigints into decimal strings', () => {
    expect(resultJson(new Float64Array([1.5, 2]))).toEqual([1.5, 2])
    expect(resultJson({ coords: [0, 1], data: new Int32Array([3, -4]) })).toEqual({ coords: [0, 1], data: [3, -4] })
    expect(resultJson({ sum: 2n ** 64n, parts: BigInt64Array.of(-1n, 5n) })).toEqual({ sum: '18446744073709551616', parts: ['-1', '5'] })
    expect(resultJson(10n)).toBe('10')
  })

  it('gives Map and Set as arrays and a cycle as "[Circular]"; a shared value twice is no cycle', () => {
    expect(resultJson(new Map([[1, 'a']]))).toEqual([[1, 'a']])
    expect(resultJson(new Set([3, 4]))).toEqual([3, 4])
    // vega-lite (loaded by the figure tests in the same worker) gives Set a toJSON of its own
    const tagged = Object.assign(new Set([3, 4]), { toJSON: () => 'Set(3,4)' })
    expect(resultJson(tagged)).toEqual([3, 4])
    const a: Record<string, unknown> = { n: 1 }
    a.self = a
    expect(resultJson(a)).toEqual({ n: 1, self: '[Circular]' })
    const shared = [1]
    expect(resultJson({ x: shared, y: shared })).toEqual({ x: [1], y: [1] })
  })

  it('is what the text summary prints', () => {
    expect(resultsText([resultJson({ big: 3n, v: new Float64Array([0.5]) })])).toBe('{"big":"3","v":[0.5]}')
  })
})
