import { describe, expect, it } from 'vitest'
import { KIND_CTS, KIND_DATA, KIND_EAGER, KIND_RTS, KIND_USER, matchBits } from '../src/comm/match-bits.js'

// matchBits keeps shifted parts (kind, context and source together; small low values; whole
// bits of small tags) so that most calls allocate one BigInt or none. Cached or not, the bits
// must be the fields shifted into place, asked in any order and again.
const reference = (kind: bigint, context: number, source: number, low: number): bigint =>
  (kind << 61n) | (BigInt(context) << 53n) | (BigInt(source) << 32n) | BigInt(low >>> 0)

describe('matchBits', () => {
  it('equals the fields shifted into place, for cached and uncached parts alike', () => {
    const kinds = [KIND_EAGER, KIND_RTS, KIND_CTS, KIND_DATA, KIND_USER]
    const lows = [0, 1, 63, 64, 16_383, 16_384, 70_000, 2 ** 32 - 1]
    const sources = [0, 1, 255, 1023, 2 ** 21 - 1]
    for (let round = 0; round < 2; round++) {
      for (const kind of kinds) for (const context of [0, 1, 255]) for (const source of sources) for (const low of lows) {
        expect(matchBits(kind, context, source, low)).toBe(reference(kind, context, source, low))
      }
    }
  })

  it('a context or source outside its field is still or-ed in, never cached under another', () => {
    expect(matchBits(KIND_RTS, 300, 5, 7)).toBe(reference(KIND_RTS, 300, 5, 7))
    expect(matchBits(KIND_DATA, 1, 2 ** 21, 100_000)).toBe(reference(KIND_DATA, 1, 2 ** 21, 100_000))
    expect(matchBits(KIND_DATA, 1, 5, 100_000)).toBe(reference(KIND_DATA, 1, 5, 100_000))
  })
})
