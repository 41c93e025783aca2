// comm.send under each send strategy (host pack, streaming puts, outbound handlers) against
// several receive strategies, on random nested types: the receiver must hold exactly what a host
// pack on the sender and a host unpack on the receiver give, and no byte outside the typemap may
// change. Eager and rendezvous (eager limit 0), expected and unexpected, in and out of order.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classify, flatten, pack, typeFromJson, unpack, type Datatype, type TypeSpec } from '@spinmpi/ddt'
import { run, types, typeWork, SEND_STRATEGIES, type ReceiveStrategyName } from '../src/internal.js'
import { generatedTypeArb } from '../../ddt/test/arbitraries.js'
import { overlaps } from './strategy-helpers.js'

const GUARD = 0xa5
const MARGIN = 32
/** 64 B packets and 4 HPUs: the small random messages still span many packets and HPUs. */
const SMALL = { 'network.mtuBytes': 64, 'nic.hpus': 4 }
const RECEIVES: ReceiveStrategyName[] = ['host', 'rw-cp', 'specialized']

/** Two copies of the generated type with an 8 B hole between them: never one contiguous run. */
function typeOf(spec: TypeSpec, gapped: boolean): Datatype {
  const t = typeFromJson(spec)
  if (!gapped) return t.commit()
  return typeFromJson({ kind: 'hvector', count: 2, blocklength: 1, stride: t.trueUb - t.trueLb + 8, oldtype: spec }).commit()
}

/** Blocks of `lengths` elements with 1..gapMax element holes between them, in order or reversed. */
function displacementsOf(lengths: readonly number[], gaps: readonly number[], reversed: boolean): number[] {
  const out: number[] = []
  let at = 0
  for (let i = 0; i < lengths.length; i++) {
    out.push(at)
    at += lengths[i]! + gaps[i]!
  }
  return reversed ? out.reverse() : out
}

/** Random types the specialized handlers take (vector, index-block, indexed of an elementary). */
const specializedSpecArb: fc.Arbitrary<TypeSpec> = fc.constantFrom<TypeSpec>('byte', 'int32', 'float64', 'complex128').chain((e) =>
  fc.integer({ min: 1, max: 40 }).chain((n) => fc.tuple(
    fc.array(fc.integer({ min: 1, max: 6 }), { minLength: n, maxLength: n }),
    fc.array(fc.integer({ min: 1, max: 5 }), { minLength: n, maxLength: n }),
    fc.boolean(),
  )).chain(([lengths, gaps, reversed]) => fc.constantFrom<TypeSpec>(
    { kind: 'vector', count: lengths.length, blocklength: lengths[0]!, stride: lengths[0]! + gaps[0]!, oldtype: e },
    { kind: 'indexedBlock', blocklength: lengths[0]!, displacements: displacementsOf(lengths.map(() => lengths[0]!), gaps, reversed), oldtype: e },
    { kind: 'indexed', blocklengths: reversed ? [...lengths].reverse() : lengths, displacements: displacementsOf(lengths, gaps, reversed), oldtype: e },
  )))

/** `small`: types of at most 40 pieces, 1..3 copies (the received-as-bytes cases, kept fast). */
const caseArb = (specialized: boolean, small = false) => fc.record({
  gen: specialized ? specializedSpecArb.map((spec) => ({ spec })) : generatedTypeArb({ maxDepth: 3, maxPieces: small ? 40 : 300 }),
  count: specialized ? fc.constant(1) : fc.integer({ min: 1, max: small ? 3 : 12 }),
  gapped: specialized ? fc.constant(false) : fc.boolean(),
  rendezvous: fc.boolean(),
  late: fc.boolean(),
  window: fc.integer({ min: 0, max: 8 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
})

/** A buffer holding the span of count x type with `MARGIN` bytes either side; the origin index. */
function layoutOf(type: Datatype, count: number): { length: number; origin: number } {
  const runs = flatten(type, count).toArray()
  let lo = 0
  let hi = 0
  for (const [off, len] of runs) {
    lo = Math.min(lo, off)
    hi = Math.max(hi, off + len)
  }
  return { length: hi - lo + 2 * MARGIN, origin: MARGIN - lo }
}

function sendData(length: number): Uint8Array {
  const b = new Uint8Array(length)
  for (let i = 0; i < length; i++) b[i] = (i * 131 + 7) & 0xff
  return b
}

interface Outcome {
  readonly got: Uint8Array
  readonly expected: Uint8Array
  readonly packed: Uint8Array
  /** Receive strategies that ran for rendezvous data (eager receives are host-unpacked). */
  readonly ran: readonly string[]
}

/** Rank 0 sends count x type from its data buffer, rank 1 receives it into a guarded buffer. */
async function exchange(
  type: Datatype, count: number, send: (typeof SEND_STRATEGIES)[number], strategy: ReceiveStrategyName,
  c: { rendezvous: boolean; late: boolean; window: number; seed: number }, recvAsBytes = false,
): Promise<Outcome> {
  const { length, origin } = layoutOf(type, count)
  const src = sendData(length)
  const n = type.size * count
  const packed = new Uint8Array(n)
  pack(type, count, src, origin, packed, 0)
  const expected = new Uint8Array(recvAsBytes ? n : length).fill(GUARD)
  if (recvAsBytes) expected.set(packed)
  else unpack(type, count, packed, 0, expected, origin)
  const r = await run({
    ranks: 2, send, strategy, seed: c.seed,
    overrides: { ...SMALL, 'network.eagerLimitBytes': c.rendezvous ? 0 : 1 << 20 },
    ...(c.window > 0 ? { reorder: { window: c.window } } : {}),
  }, async (comm) => {
    if (comm.rank === 0) {
      await comm.send({ data: src, byteOffset: origin }, count, type, 1, 3)
      return null
    }
    // late: the message (or its RTS) arrives before the receive is posted
    if (c.late) await comm.compute(20_000)
    const got = new Uint8Array(expected.length).fill(GUARD)
    if (recvAsBytes) await comm.recv(got, n, types.BYTE, 0, 3)
    else await comm.recv({ data: got, byteOffset: origin }, count, type, 0, 3)
    return got
  })
  return { got: r.results[1]!, expected, packed, ran: r.stats.receives.map((x) => x.strategy) }
}

describe('send strategies deliver the bytes of a host pack and unpack', () => {
  for (const send of SEND_STRATEGIES) {
    for (const strategy of RECEIVES) {
      it(`send ${send}, receive ${strategy}`, async () => {
        let offloaded = 0
        await fc.assert(
          fc.asyncProperty(caseArb(strategy === 'specialized'), async ({ gen, count, gapped, ...c }) => {
            const type = typeOf(gen.spec, gapped)
            fc.pre(!overlaps(type, count))
            if (strategy === 'specialized') fc.pre(classify(type, count).kind !== 'general')
            const { got, expected, ran } = await exchange(type, count, send, strategy, c)
            // equal buffers: every typemap byte arrived and every other byte kept the guard
            expect(got).toEqual(expected)
            if (ran[0] === strategy && typeWork(type, count, 64).blocks > 1) offloaded++
          }),
          { numRuns: 40, seed: 1907 },
        )
        // the cases did reach the strategy pair: non-contiguous rendezvous data through `strategy`
        expect(offloaded).toBeGreaterThanOrEqual(5)
      })
    }
    it(`send ${send}, received as contiguous bytes: exactly the packed stream`, async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(false, true), async ({ gen, count, gapped, ...c }) => {
          const type = typeOf(gen.spec, gapped)
          const { got, packed } = await exchange(type, count, send, 'host', c, true)
          expect(got).toEqual(packed)
        }),
        // fixed seed; 15 small cases per send strategy cover eager/rendezvous, late and reordered
        { numRuns: 15, seed: 311 },
      )
    })
  }
})
