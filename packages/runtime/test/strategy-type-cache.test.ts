import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classify, flatten, FLOAT64, Segment, vector } from '@spinmpi/ddt'
import { loopInfo, loopOfCount } from '@spinmpi/ddt/internal'
import { resolveProfile } from '@spinmpi/nic'
import {
  checkpointSlotBytes, iovecList, makeCheckpoints, receiveLayout, slotBytesOf, typeSegments, TypeCountCache,
  type ReceiveStrategyName,
} from '../src/internal.js'
import { dataloopBytes } from '../src/strategies/receive/dataloop-bytes.js'
import { runUnpack } from '../src/harness.js'
import { generatedTypeArb } from '../../ddt/test/arbitraries.js'
import { overlaps, smallPacketProfile } from './strategy-helpers.js'

const sc19 = resolveProfile('sc19')
const typeArb = fc.record({ gen: generatedTypeArb({ maxDepth: 3, maxPieces: 200 }), count: fc.integer({ min: 1, max: 3 }) })

function pieces(seg: Segment, first: number, last: number): number[] {
  const out: number[] = []
  seg.process(first, last, (b, s, l) => out.push(b, s, l))
  return out
}

describe('what receives of one (type, count) share is what a fresh computation gives', () => {
  it('layout, dataloop size, slot size and iovec list equal a fresh computation, and are made once', () => {
    fc.assert(
      fc.property(typeArb, ({ gen, count }) => {
        const type = gen.type.commit()
        const info = loopInfo(loopOfCount(type, count))
        const layout = receiveLayout(type, count)
        expect(layout).toEqual({ bytes: type.size * count, lo: info.lo, hi: info.hi })
        expect(receiveLayout(type, count)).toBe(layout)
        const shared = typeSegments(type, count)
        expect(typeSegments(type, count)).toBe(shared)
        expect(shared.dataloopBytes).toBe(dataloopBytes(type, count))
        expect(checkpointSlotBytes(type, count, sc19)).toBe(slotBytesOf(new Segment(type, count), sc19.nic))
        const runs = flatten(type, count)
        const list = iovecList(type, count)
        expect([...list.offsets]).toEqual([...runs.offsets])
        expect([...list.lengths]).toEqual([...runs.lengths])
        let s = 0
        const starts = [0]
        for (const len of runs.lengths) starts.push((s += len))
        expect([...list.starts]).toEqual(starts)
      }),
      { numRuns: 60, seed: 1414 },
    )
  })

  it('the shared scratch segment restored from a checkpoint walks as a fresh one does, whatever it did before', () => {
    fc.assert(
      fc.property(typeArb, fc.nat(), fc.nat(), ({ gen, count }, a, b) => {
        const type = gen.type.commit()
        const size = type.size * count
        fc.pre(size > 0)
        const deltaR = Math.max(1, Math.ceil(size / 4))
        const set = makeCheckpoints(type, count, deltaR, sc19)
        const scratch = typeSegments(type, count).scratch
        // leave the scratch segment somewhere else first, as another message's handler would
        scratch.process(a % size, size, () => {})
        const j = b % set.count
        scratch.loadCheckpoint(set.slots, j * set.slotBytes)
        const fresh = new Segment(type, count)
        fresh.loadCheckpoint(set.slots, j * set.slotBytes)
        expect(scratch.position).toBe(fresh.position)
        expect(pieces(scratch, scratch.position, size)).toEqual(pieces(fresh, fresh.position, size))
        expect([scratch.stackSteps, scratch.pieces]).toEqual([fresh.stackSteps, fresh.pieces])
        // the fresh segment clones start at 0 and it is never advanced
        expect(typeSegments(type, count).fresh.position).toBe(0)
      }),
      { numRuns: 60, seed: 2727 },
    )
  })

  it('a second receive of the same type (cache hit) gives the first one\'s bytes, times and counters', () => {
    const profile = smallPacketProfile()
    const strategies: ReceiveStrategyName[] = ['iovec', 'specialized', 'hpu-local', 'ro-cp', 'rw-cp']
    fc.assert(
      fc.property(typeArb, fc.integer({ min: 1, max: 1_000_000 }), ({ gen, count }, seed) => {
        const type = gen.type.commit()
        fc.pre(!overlaps(type, count))
        for (const strategy of strategies) {
          if (strategy === 'specialized' && classify(type, count).kind === 'general') continue
          const run = () => runUnpack({ type, count, strategy, profile, reorder: { seed, window: 6 } })
          const first = run()
          const second = run()
          expect(second).toEqual(first)
          expect(first.verified).toBe(true)
        }
      }),
      { numRuns: 15, seed: 3131 },
    )
  })

  it('keeps at most 8 counts per type and rebuilds an evicted one equal', () => {
    let builds = 0
    const cache = new TypeCountCache((_t, count) => ({ count, build: ++builds }))
    const type = vector(2, 1, 2, FLOAT64).commit()
    for (let c = 1; c <= 9; c++) cache.get(type, c)
    expect(builds).toBe(9)
    expect(cache.get(type, 9).build).toBe(9)
    expect(cache.get(type, 1)).toEqual({ count: 1, build: 10 })
  })
})
