// Fuzz: seeded random types of depth up to 4 (every constructor, darray included) through every
// receive strategy with packets delivered in random orders; each must give the host-unpack bytes
// and leave every byte outside the typemap untouched. `npm run fuzz` raises FUZZ_TYPES.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classify } from '@spinmpi/ddt'
import { type ReceiveStrategyName } from '../src/internal.js'
import { runUnpack } from '../src/harness.js'
import { generatedTypeArb } from '../../ddt/test/arbitraries.js'
import { overlaps, smallPacketProfile } from './strategy-helpers.js'

const profile = smallPacketProfile()
const STRATEGIES: ReceiveStrategyName[] = ['host', 'iovec', 'specialized', 'hpu-local', 'ro-cp', 'rw-cp']
const TYPES = Math.max(8, Math.round(Number(process.env.FUZZ_TYPES ?? 120) / 10))
const SEED = Number(process.env.FUZZ_SEED ?? 15)

const caseArb = fc.record({
  gen: generatedTypeArb({ maxDepth: 4, maxPieces: 200 }),
  count: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  window: fc.integer({ min: 1, max: 16 }),
})

describe('fuzz: depth-4 types through every strategy under random packet orders', () => {
  for (const strategy of STRATEGIES) {
    it(strategy, () => {
      fc.assert(fc.property(caseArb, ({ gen, count, seed, window }) => {
        const type = gen.type.commit()
        fc.pre(!overlaps(type, count))
        if (strategy === 'specialized') fc.pre(classify(type, count).kind !== 'general')
        const r = runUnpack({ type, count, strategy, profile, reorder: { seed, window } })
        expect({ verified: r.verified, guardIntact: r.guardIntact, fallback: r.fallback }).toEqual({ verified: true, guardIntact: true, fallback: null })
      }), { numRuns: TYPES, seed: SEED + STRATEGIES.indexOf(strategy) })
    })
  }
})
