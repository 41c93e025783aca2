import { describe, expect, it } from 'vitest'
import { KIND_CTS, KIND_DATA, KIND_EAGER, KIND_RTS, KIND_USER, matchBits, rendezvousBits } from '../src/comm/match-bits.js'

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

  it('rendezvous bits equal matchBits, whichever ids, kinds and fields share a sender\'s slot', () => {
    // ids 64 apart share a slot, as do both sides' asks of one rendezvous: each ask must still
    // get its own fields' bits, asked first or again, after another id took the slot or not
    const asks: [bigint, number, number, number, number][] = []
    for (const sender of [0, 3, 2 ** 21 - 1]) for (const rv of [0, 1, 63, 64, 65, 127, 128, 2 ** 31, 2 ** 32 - 1]) {
      for (const context of [0, 1]) {
        asks.push([KIND_CTS, context, 7, rv, sender], [KIND_DATA, context, sender, rv, sender], [KIND_CTS, context, 8, rv, sender])
      }
    }
    for (let round = 0; round < 3; round++) {
      const order = round === 1 ? [...asks].reverse() : asks
      for (const [kind, context, field, rv, sender] of order) {
        expect(rendezvousBits(kind, context, field, rv, sender)).toBe(reference(kind, context, field, rv))
      }
    }
    // the same id and fields under another sender, and fields outside their ranges: not cached under another
    expect(rendezvousBits(KIND_DATA, 0, 3, 65, 4)).toBe(reference(KIND_DATA, 0, 3, 65))
    expect(rendezvousBits(KIND_CTS, 300, 5, 65, 3)).toBe(reference(KIND_CTS, 300, 5, 65))
    expect(rendezvousBits(KIND_CTS, 44, 5, 65, 3)).toBe(reference(KIND_CTS, 44, 5, 65))
    expect(rendezvousBits(KIND_DATA, 1, 2 ** 21, 65, 3)).toBe(reference(KIND_DATA, 1, 2 ** 21, 65))
    expect(rendezvousBits(KIND_DATA, 1, 5, 65, -1)).toBe(reference(KIND_DATA, 1, 5, 65))
  })
})
