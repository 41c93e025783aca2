import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DmaEngine, DmaError, PcieModel, Simulator, resolveProfile } from '../src/internal.js'

// Deferred requests (writeAt/readAt) must give exactly what one simulator event per request at
// its issue time gives: the same completion times, projections, host-event order and queue-depth
// series. The reference below is that event-per-request engine, built from write/read.

const pcie = new PcieModel(resolveProfile('sc19', { 'pcie.maxOutstanding': 3 }).pcie)

interface Req { readonly write: boolean; readonly bytes: number; readonly gap: number; readonly notify: boolean }
interface Actor { readonly at: number; readonly lane: number; readonly reqs: readonly Req[]; readonly tail: number }

interface Outcome {
  readonly done: number[]
  readonly projected: number[]
  readonly posted: [number, number][]
  readonly depth: { t: number[]; v: number[] }
  readonly drain: number
  readonly counts: number[]
  /** What the write sink heard, in order: tag and completion time. */
  readonly heard: [number, number][]
}

/** Runs the actors: each issues its requests from `lane` at its own clock (start + gaps). */
function play(actors: readonly Actor[], deferred: boolean, lanes = 4, shareTags = false): Outcome {
  const sim = new Simulator()
  const done: number[] = []
  const projected: number[] = []
  const posted: [number, number][] = []
  const heard: [number, number][] = []
  // With shareTags a request's tag is its actor's lane plus 100 times a message number (a few
  // handlers' requests share one tag, as a handler's DMAs share their message); done is by id.
  const tagOf: number[] = []
  const post = (id: number, t: number) => {
    if (t <= sim.now) posted.push([sim.now, id])
    else sim.at(t, () => posted.push([sim.now, id]))
  }
  const dma = new DmaEngine<number>(sim, pcie, {
    lanes,
    onWrite: (tag, t, _bytes, _off, notify) => {
      heard.push([tag, t])
      if (!shareTags) {
        done[tag] = t
        if (notify) post(tag, t)
      }
    },
  })
  const laneClock: number[] = new Array<number>(lanes).fill(0)
  let nextId = 0
  for (const [k, a] of actors.entries()) {
    sim.at(a.at, () => {
      let clock = Math.max(sim.now, laneClock[a.lane]!)
      for (const r of a.reqs) {
        clock += r.gap
        const id = nextId++
        tagOf[id] = shareTags ? a.lane + 100 * (k % 3) : id
        if (deferred) {
          projected[id] = r.write ? dma.writeAt(clock, r.bytes, a.lane, tagOf[id]!, 0, r.notify) : dma.readAt(clock, r.bytes, a.lane)
          if (!r.write) done[id] = -1
        } else if (clock <= sim.now) {
          projected[id] = reference(dma, r, id)
        } else {
          projected[id] = r.write ? dma.projectWrite(clock, r.bytes) : dma.projectRead(clock, r.bytes)
          sim.at(clock, () => { reference(dma, r, id) })
        }
      }
      laneClock[a.lane] = clock
      // The handler's end: the NIC settles the engine then; also a direct write from another part.
      sim.at(clock + a.tail, () => {
        if (deferred) dma.settle()
        dma.write(16)
      })
    })
  }
  function reference(engine: DmaEngine<number>, r: Req, id: number): number {
    if (!r.write) {
      done[id] = -1
      return engine.read(r.bytes)
    }
    const t = engine.write(r.bytes)
    heard.push([tagOf[id]!, t])
    if (!shareTags) {
      done[id] = t
      if (r.notify) post(id, t)
    }
    return t
  }
  sim.run()
  dma.finish()
  const s = dma.depth.samples()
  return {
    done, projected, posted, depth: { t: [...s.t], v: [...s.v] }, drain: dma.drainTime,
    counts: [dma.writes, dma.reads, dma.bytesWritten, dma.bytesRead, dma.peakDepth], heard,
  }
}

// Few distinct times and gaps, so that ties between requests and events are common.
const req = fc.record({
  write: fc.boolean(), bytes: fc.constantFrom(0, 4, 256, 300, 2048), gap: fc.constantFrom(0, 1000, 4444, 50_000), notify: fc.boolean(),
})
const actor = fc.record({
  at: fc.constantFrom(0, 1000, 5000, 100_000, 300_000), lane: fc.integer({ min: 0, max: 3 }),
  reqs: fc.array(req, { minLength: 1, maxLength: 6 }), tail: fc.constantFrom(0, 1, 2000),
})

// Many lanes (an odd count, so the lanes' tournament has empty leaves) and longer batches.
const manyLaneActor = fc.record({
  at: fc.constantFrom(0, 1000, 2000, 5000, 100_000), lane: fc.integer({ min: 0, max: 10 }),
  reqs: fc.array(req, { minLength: 1, maxLength: 20 }), tail: fc.constantFrom(0, 1, 2000),
})

describe('DmaEngine deferred requests', () => {
  it('book exactly as one event per request at its issue time would', () => {
    fc.assert(fc.property(fc.array(actor, { minLength: 1, maxLength: 12 }), (actors) => {
      expect(play(actors, true)).toEqual(play(actors, false))
    }), { numRuns: 300 })
  })

  it('book exactly as one event per request would, with 11 lanes interleaving', () => {
    fc.assert(fc.property(fc.array(manyLaneActor, { minLength: 1, maxLength: 30 }), (actors) => {
      expect(play(actors, true, 11)).toEqual(play(actors, false, 11))
    }), { numRuns: 150 })
  })

  it("hand each write its own tag when many requests in a row share one (as a handler's DMAs share their message)", () => {
    fc.assert(fc.property(fc.array(manyLaneActor, { minLength: 1, maxLength: 30 }), (actors) => {
      expect(play(actors, true, 11, true)).toEqual(play(actors, false, 11, true))
    }), { numRuns: 150 })
  })

  it('a handler issuing ahead gets the projection; the write is booked at its issue time', () => {
    const sim = new Simulator()
    const seen: number[] = []
    const dma = new DmaEngine<string>(sim, pcie, { lanes: 2, onWrite: (tag, t) => seen.push(t) })
    // At t=0 a handler on lane 0 issues two 256 B writes at 10 ns and 20 ns.
    expect(dma.writeAt(10_000, 256, 0, 'a', 0, false)).toBe(10_000 + 4444 + 250_000)
    expect(dma.writeAt(20_000, 256, 0, 'b', 256, false)).toBe(20_000 + 4444 + 250_000)
    expect(dma.writes).toBe(0) // nothing is booked before its issue time
    sim.at(15_000, () => {
      expect(dma.writes).toBe(1) // the 10 ns write is booked by now
      expect(dma.depthNow).toBe(1)
    })
    sim.run()
    // The run stopped at 15 ns; the second write waits for its time, or for finish().
    expect(dma.writes).toBe(1)
    dma.finish()
    expect(dma.writes).toBe(2)
    expect(seen).toEqual([264_444, 274_444])
  })

  it('finish() books what is still waiting, leads included, in issue order', () => {
    const sim = new Simulator()
    const seen: [string, number][] = []
    const dma = new DmaEngine<string>(sim, pcie, { lanes: 2, onWrite: (tag, t) => seen.push([tag, t]) })
    dma.writeAt(30_000, 256, 0, 'a', 0, false) // lane 0
    dma.writeAt(50_000, 256, 0, 'c', 0, false) // behind a on lane 0
    dma.writeAt(40_000, 256, 1, 'b', 0, false) // lane 1
    dma.finish() // the simulator never ran: nothing was booked yet
    expect(seen).toEqual([['a', 30_000 + 4444 + 250_000], ['b', 40_000 + 4444 + 250_000], ['c', 50_000 + 4444 + 250_000]])
    sim.run() // the leads' events find nothing left to book
    expect(dma.writes).toBe(3)
  })

  it('without its series (keepSeries: false) books the same and keeps the peak', () => {
    const run = (keepSeries: boolean) => {
      const sim = new Simulator()
      const dma = new DmaEngine<number>(sim, pcie, { lanes: 2, keepSeries })
      for (let i = 0; i < 6; i++) dma.writeAt(1000 * (i + 1), 256, i % 2, i, 0, false)
      sim.at(2500, () => dma.write(64))
      sim.run()
      dma.finish()
      return { writes: dma.writes, bytes: dma.bytesWritten, peak: dma.peakDepth, drain: dma.drainTime, depth: keepSeries ? dma.depth.peak : null }
    }
    const kept = run(true)
    const { depth, ...rest } = kept
    expect(depth).toBe(kept.peak)
    expect(run(false)).toEqual({ ...rest, depth: null })
    const dma = new DmaEngine(new Simulator(), pcie, { keepSeries: false })
    expect(() => dma.depth).toThrow('not kept')
  })

  it('rejects a lane whose issue times go back, and unknown lanes', () => {
    const sim = new Simulator()
    const dma = new DmaEngine(sim, pcie, { lanes: 1 })
    dma.writeAt(20_000, 8, 0, null, 0, false)
    expect(() => dma.writeAt(10_000, 8, 0, null, 0, false)).toThrow(DmaError)
    expect(() => dma.readAt(30_000, 8, 1)).toThrow('no such lane')
  })
})
