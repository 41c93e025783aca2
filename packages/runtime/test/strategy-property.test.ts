import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classify } from '@spinmpi/ddt'
import { type ReceiveStrategyName } from '../src/internal.js'
import { runUnpack } from '../src/harness.js'
import { generatedTypeArb } from '../../ddt/test/arbitraries.js'
import { overlaps, smallPacketProfile } from './strategy-helpers.js'

const profile = smallPacketProfile()
const STRATEGIES: ReceiveStrategyName[] = ['host', 'iovec', 'specialized', 'hpu-local', 'ro-cp', 'rw-cp']

const caseArb = fc.record({
  gen: generatedTypeArb({ maxDepth: 3, maxPieces: 300 }),
  count: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  window: fc.integer({ min: 1, max: 12 }),
})

describe('every strategy delivers host-unpack bytes and keeps the guard', () => {
  for (const strategy of STRATEGIES) {
    it(strategy, () => {
      fc.assert(
        fc.property(caseArb, ({ gen, count, seed, window }) => {
          const type = gen.type.commit()
          fc.pre(!overlaps(type, count))
          if (strategy === 'specialized') fc.pre(classify(type, count).kind !== 'general')
          const r = runUnpack({ type, count, strategy, profile, reorder: { seed, window } })
          expect(r.strategy).toBe(strategy)
          expect(r.fallback).toBeNull()
          expect(r.verified).toBe(true)
          expect(r.guardIntact).toBe(true)
        }),
        { numRuns: 40, seed: 4242 },
      )
    })
  }

  it('auto picks specialized when classify fits and rw-cp otherwise', () => {
    fc.assert(
      fc.property(caseArb, ({ gen, count }) => {
        const type = gen.type.commit()
        fc.pre(!overlaps(type, count))
        const r = runUnpack({ type, count, strategy: "auto", profile })
        expect(r.strategy).toBe(classify(type, count).kind === 'general' ? 'rw-cp' : 'specialized')
        expect(r.verified).toBe(true)
      }),
      { numRuns: 30, seed: 7 },
    )
  })
})
