import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DmaEngine, DmaError, PcieModel, Simulator, resolveProfile } from '../src/internal.js'

// A run list (writeRunAt) must book exactly what one writeAt per write books: the same sequence
// numbers, every write at its own time in (time, sequence) order among the other lanes' requests
// and the events, so the same completion times (the depth series holds every booking and
// completion), depth peak, counters and events; the sink hears of a run in groups, so what it
// knows (the latest completion per tag) must be the same whenever anyone can look: at each
// handler's end and at the end. Handlers on several lanes interleave, with single writes (some
// with host events), reads and runs mixed, riding leads included.

// A small window, so that requests wait for it and the order of booking shows in the times.
const pcie = new PcieModel(resolveProfile('sc19', { 'pcie.maxOutstanding': 3 }).pcie)

type Item =
  | { readonly kind: 'run'; readonly gaps: readonly number[]; readonly sizes: readonly number[] }
  | { readonly kind: 'write'; readonly gap: number; readonly bytes: number; readonly notify: boolean }
  | { readonly kind: 'read'; readonly gap: number; readonly bytes: number }
interface Handler {
  readonly at: number
  readonly lane: number
  readonly items: readonly Item[]
  readonly tail: number
  readonly ride: boolean
}

type Entry = readonly (string | number)[]

// runs: false, one writeAt per write; true, writeRunAt; 'in-place', the times written into the
// lane's ring (beginRun/endRun, as dmaToHostRows does), with `cut` dropping the last writes of a
// run (endRun with fewer than begun, as when a row throws).
function play(handlers: readonly Handler[], runs: boolean | 'in-place', lanes: number, keepSeries = true, cut = 0): unknown {
  const sim = new Simulator()
  const trace: Entry[] = []
  // What the sink knows: the latest completion time per tag.
  const latest = new Map<number, number>()
  const hear = (tag: number, done: number) => {
    if (done > (latest.get(tag) ?? -1)) latest.set(tag, done)
  }
  const dma = new DmaEngine<number>(sim, pcie, {
    lanes,
    keepSeries,
    onWrite: (tag, done, bytes, off, notify) => {
      if (tag >= 1000) {
        // a single write: heard one by one in both
        trace.push(['write', sim.now, sim.seq, tag, done, bytes, off])
        if (notify) sim.at(done, () => trace.push(['notified', sim.now, sim.seq, tag]))
      } else {
        hear(tag, done)
      }
    },
    onWriteRun: (tag, done) => hear(tag, done),
  })
  const laneClock = new Array<number>(lanes).fill(0)
  const times = new Float64Array(128)
  const sizes = new Float64Array(3 * 128)
  let singles = 1000
  for (const [k, h] of handlers.entries()) {
    // a handler's runs share a tag (its message): a few handlers share one
    const tag = h.lane + 10 * (k % 3)
    sim.at(h.at, () => {
      trace.push(['start', sim.now, sim.seq, h.lane])
      if (h.ride) dma.beginRide(h.lane)
      let clock = Math.max(sim.now, laneClock[h.lane]!)
      for (const item of h.items) {
        if (item.kind === 'write') {
          clock += item.gap
          dma.writeAt(clock, item.bytes, h.lane, singles++, 7, item.notify)
        } else if (item.kind === 'read') {
          clock += item.gap
          dma.readAt(clock, item.bytes, h.lane)
        } else {
          for (let i = 0; i < item.gaps.length; i++) {
            clock += item.gaps[i]!
            times[i] = clock
            sizes[3 * i + 1] = item.sizes[i]!
          }
          if (runs === 'in-place') {
            const n = item.gaps.length
            const ring = dma.beginRun(h.lane, n)
            for (let i = 0; i < n; i++) ring[(dma.runAt + i) & dma.runMask] = times[i]!
            // checked (as dmaToHostRows tells) when every size is the first's: the times never go back here
            const m = Math.max(0, n - cut)
            const same = item.sizes.slice(0, m).every((b) => b === item.sizes[0])
            dma.endRun(h.lane, tag, m, sizes, 1, 3, same)
          } else if (runs) dma.writeRunAt(h.lane, tag, item.gaps.length, times, sizes, 1, 3)
          else if (cut > 0) for (let i = 0; i < item.gaps.length - cut; i++) dma.writeAt(times[i]!, sizes[3 * i + 1]!, h.lane, tag, 0, false)
          else for (let i = 0; i < item.gaps.length; i++) dma.writeAt(times[i]!, sizes[3 * i + 1]!, h.lane, tag, 0, false)
        }
      }
      const end = clock + h.tail
      laneClock[h.lane] = end
      if (h.ride) dma.endRide(Float64Array.of(end))
      sim.at(end, () => {
        if (h.ride) dma.rideDone(h.lane)
        dma.settle()
        trace.push(['end', sim.now, sim.seq, h.lane, dma.writes, dma.reads, ...[...latest].sort((a, b) => a[0] - b[0]).flat()])
      })
    })
  }
  sim.run()
  dma.finish()
  const depth = keepSeries ? dma.depth.samples() : null
  return {
    trace, executed: sim.executed, upcoming: sim.upcomingSeq,
    latest: [...latest].sort((a, b) => a[0] - b[0]),
    depth: depth === null ? null : { t: [...depth.t], v: [...depth.v] },
    counts: [dma.writes, dma.reads, dma.bytesWritten, dma.bytesRead, dma.peakDepth, dma.drainTime],
  }
}

// Few distinct sizes and gaps, so that ties between requests of different lanes are common.
const size = fc.constantFrom(0, 16, 16, 64, 2048)
const gap = fc.constantFrom(0, 0, 700, 1000, 4444)
const item: fc.Arbitrary<Item> = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.tuple(gap, size), { minLength: 1, maxLength: 24 }).map((ws) => ({ kind: 'run' as const, gaps: ws.map((w) => w[0]), sizes: ws.map((w) => w[1]) })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('write' as const), gap, bytes: size, notify: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('read' as const), gap, bytes: size }) },
)
const handler = (lanes: number): fc.Arbitrary<Handler> => fc.record({
  at: fc.constantFrom(0, 1000, 2000, 5000, 30_000), lane: fc.integer({ min: 0, max: lanes - 1 }),
  items: fc.array(item, { minLength: 0, maxLength: 4 }), tail: fc.constantFrom(0, 0, 1, 2000), ride: fc.boolean(),
})

// Runs of one size, long (more writes in flight than the completion ring's first 64 slots) and
// short, on 9 lanes whose writes interleave unevenly (a lane's new head goes back before others'),
// with reads and single writes between (a read completes within a run of 10 ns gaps): the
// booking pass's run loop (bookRuns) and each place it stops at.
const uniformRun: fc.Arbitrary<Item> = fc.record({
  n: fc.integer({ min: 1, max: 100 }), bytes: fc.constantFrom(16, 64), gap: fc.constantFrom(0, 0, 300, 635, 1000, 10_000),
}).map(({ n, bytes, gap }) => ({ kind: 'run' as const, gaps: new Array<number>(n).fill(gap), sizes: new Array<number>(n).fill(bytes) }))
const uniformItem: fc.Arbitrary<Item> = fc.oneof(
  { weight: 6, arbitrary: uniformRun },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('write' as const), gap, bytes: size, notify: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('read' as const), gap, bytes: size }) },
)
const uniformHandler = (lanes: number): fc.Arbitrary<Handler> => fc.record({
  at: fc.constantFrom(0, 300, 1000, 5000), lane: fc.integer({ min: 0, max: lanes - 1 }),
  items: fc.array(uniformItem, { minLength: 0, maxLength: 3 }), tail: fc.constantFrom(0, 0, 1, 2000), ride: fc.boolean(),
})

describe('DmaEngine run lists (writeRunAt)', () => {
  it('book exactly as one writeAt per write, 4 lanes interleaving', () => {
    fc.assert(fc.property(fc.array(handler(4), { minLength: 1, maxLength: 16 }), (hs) => {
      expect(play(hs, true, 4)).toEqual(play(hs, false, 4))
    }), { numRuns: 300 })
  })

  it('book exactly as one writeAt per write, 11 lanes (an odd count), without the series', () => {
    fc.assert(fc.property(fc.array(handler(11), { minLength: 1, maxLength: 30 }), (hs) => {
      expect(play(hs, true, 11, false)).toEqual(play(hs, false, 11, false))
    }), { numRuns: 150 })
  })

  it('book runs written in place in the lane (beginRun/endRun) exactly as one writeAt per write', () => {
    fc.assert(fc.property(fc.array(handler(4), { minLength: 1, maxLength: 16 }), fc.constantFrom(0, 0, 1, 3), (hs, cut) => {
      expect(play(hs, 'in-place', 4, true, cut)).toEqual(play(hs, false, 4, true, cut))
    }), { numRuns: 300 })
    fc.assert(fc.property(fc.array(handler(11), { minLength: 1, maxLength: 30 }), (hs) => {
      expect(play(hs, 'in-place', 11, false)).toEqual(play(hs, false, 11, false))
    }), { numRuns: 100 })
  })

  it('book runs of one size exactly as one writeAt per write, 9 lanes interleaving unevenly, without the series', () => {
    fc.assert(fc.property(fc.array(uniformHandler(9), { minLength: 1, maxLength: 40 }), (hs) => {
      expect(play(hs, true, 9, false)).toEqual(play(hs, false, 9, false))
      expect(play(hs, 'in-place', 9, false)).toEqual(play(hs, false, 9, false))
    }), { numRuns: 100 })
  })

  it('book a run written in place whose first writes are due at once while its lane still queues requests', () => {
    // B starts at 1000 before A's requests at 1000 (numbered later) are booked: B's first two
    // writes (at 1000) are booked at once, the third goes into the lane behind A's queued ones.
    const a: Handler = { at: 0, lane: 0, items: [{ kind: 'run', gaps: [1000, 0, 0], sizes: [16, 16, 16] }], tail: 0, ride: false }
    const b: Handler = { at: 1000, lane: 0, items: [{ kind: 'run', gaps: [0, 0, 700, 0], sizes: [16, 64, 16, 2048] }], tail: 0, ride: false }
    for (const hs of [[a, b], [a, b, { ...a, lane: 1 }]]) {
      expect(play(hs, 'in-place', 2)).toEqual(play(hs, false, 2))
      expect(play(hs, true, 2)).toEqual(play(hs, false, 2))
    }
  })

  it('book nothing early for a run written in place and then cut to nothing (a first row that throws)', () => {
    // A run begun and ended with no write must not book what waits (writeRunAt of 0 writes does
    // not): the single write's sink would hear of it at another event (found by the property).
    const hs: Handler[] = [
      { at: 1000, lane: 0, items: [{ kind: 'write', gap: 0, bytes: 0, notify: false }, { kind: 'run', gaps: [4444], sizes: [0] }], tail: 0, ride: false },
      { at: 5000, lane: 0, items: [{ kind: 'run', gaps: [0], sizes: [0] }], tail: 0, ride: false },
      { at: 0, lane: 0, items: [{ kind: 'read', gap: 1000, bytes: 0 }], tail: 0, ride: false },
      { at: 0, lane: 0, items: [], tail: 2000, ride: false },
    ]
    expect(play(hs, 'in-place', 1, true, 1)).toEqual(play(hs, false, 1, true, 1))
  })

  it('hear of a run in one call when nothing interleaves, with the last completion', () => {
    const sim = new Simulator()
    const heard: [number, number][] = []
    const dma = new DmaEngine<number>(sim, pcie, { lanes: 2, onWriteRun: (tag, done) => heard.push([tag, done]) })
    const times = Float64Array.of(10_000, 20_000, 30_000)
    const sizes = Float64Array.of(16, 16, 16)
    dma.writeRunAt(0, 5, 3, times, sizes, 0, 1)
    sim.run()
    dma.finish()
    // 16 B take 635 ps on the link; the latency is 250 ns; the link is idle for each
    const done = 30_000 + pcie.wirePs(16) + pcie.writeLatencyPs
    // the first write leads (its own event); the other two are booked together
    expect(heard).toEqual([[5, 10_000 + pcie.wirePs(16) + pcie.writeLatencyPs], [5, done]])
    expect(dma.writes).toBe(3)
  })

  it('stop at the bound, not at a read completing before it, when the next write comes after the bound', () => {
    // A read completes at about 0.5 us; at 10 us the run's second write (2 ns, before the read's
    // completion) is due, its third (1 ms) is not: the pass books the second and must end there
    // (retiring the read is for a later pass). Handing the third to the general pass, which books
    // nothing after the bound, would repeat forever: the engine throws then.
    const sim = new Simulator()
    const heard: [number, number][] = []
    const dma = new DmaEngine<number>(sim, pcie, { lanes: 1, keepSeries: false, onWriteRun: (tag, done) => heard.push([tag, done]) })
    const readDone = dma.read(64)
    expect(readDone).toBeLessThan(10_000_000)
    dma.writeRunAt(0, 5, 4, Float64Array.of(1_000, 2_000, 1e9, 2e9), Float64Array.of(16, 16, 16, 16), 0, 1)
    let booked = -1
    sim.at(10_000_000, () => {
      dma.settle()
      booked = dma.writes
    })
    sim.run()
    dma.finish()
    const wire = pcie.wirePs(16) + pcie.writeLatencyPs
    expect(booked).toBe(2)
    expect(heard).toEqual([[5, 1_000 + wire], [5, 2_000 + wire], [5, 2e9 + wire]])
  })

  it('rejects a run booked after finish(), with the series and without', () => {
    for (const keepSeries of [true, false]) {
      const dma = new DmaEngine<number>(new Simulator(), pcie, { lanes: 1, keepSeries })
      dma.write(2048)
      dma.finish()
      // the first write leads; finish() queues it before the other two and books them
      dma.writeRunAt(0, 1, 3, Float64Array.of(10, 20, 30), Float64Array.of(16, 16, 16), 0, 1)
      expect(() => dma.finish()).toThrow('DMA issued after finish()')
    }
  })

  it('rejects times that go back, bad sizes and unknown lanes', () => {
    const dma = new DmaEngine<number>(new Simulator(), pcie, { lanes: 1 })
    dma.writeAt(20_000, 8, 0, 1, 0, false)
    expect(() => dma.writeRunAt(0, 1, 2, Float64Array.of(30_000, 10_000), Float64Array.of(8, 8), 0, 1)).toThrow(DmaError)
    expect(() => dma.writeRunAt(0, 1, 1, Float64Array.of(10_000), Float64Array.of(8), 0, 1)).toThrow('before the lane')
    expect(() => dma.writeRunAt(0, 1, 1, Float64Array.of(40_000), Float64Array.of(1.5), 0, 1)).toThrow('non-negative integer')
    expect(() => dma.writeRunAt(3, 1, 1, Float64Array.of(40_000), Float64Array.of(8), 0, 1)).toThrow('no such lane')
  })
})
