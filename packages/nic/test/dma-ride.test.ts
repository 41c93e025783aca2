import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DmaEngine, PcieModel, SimulationError, Simulator, resolveProfile } from '../src/internal.js'

// A handler's first DMA of a batch (its lane's lead) is booked by an event at its issue time.
// Inside a handler (beginRide .. endRide) that event is not pushed at once: when it falls at the
// handler's end, right before the end event in sequence order, the end event runs it first
// (rideDone); otherwise endRide pushes it under the number it reserved. Either way every event
// must run at the same time, with the same sequence number, in the same order as when the lead
// gets its own event at once: the traces below are compared entry for entry.

const pcie = new PcieModel(resolveProfile('sc19', { 'pcie.maxOutstanding': 3 }).pcie)

interface Req { readonly write: boolean; readonly bytes: number; readonly gap: number; readonly notify: boolean }
interface Handler {
  readonly at: number
  readonly lane: number
  readonly reqs: readonly Req[]
  /** Cycles after the last request (0: the last request is issued at the end). */
  readonly tail: number
  /** Push another event at the handler's clock after its requests (breaks the end event's adjacency). */
  readonly poke: boolean
}

type Entry = readonly [what: string, now: number, seq: number, a: number, b: number]

function play(handlers: readonly Handler[], ride: boolean): { trace: Entry[]; executed: number; projected: number[] } {
  const sim = new Simulator()
  const trace: Entry[] = []
  const projected: number[] = []
  const dma = new DmaEngine<number>(sim, pcie, {
    lanes: 4,
    onWrite: (tag, done, _bytes, _off, notify) => {
      trace.push(['write', sim.now, sim.seq, tag, done])
      if (notify) sim.at(done, () => trace.push(['notified', sim.now, sim.seq, tag, 0]))
    },
  })
  const laneClock = new Array<number>(4).fill(0)
  let nextId = 0
  for (const h of handlers) {
    sim.at(h.at, () => {
      trace.push(['start', sim.now, sim.seq, h.lane, 0])
      if (ride) dma.beginRide(h.lane)
      let clock = Math.max(sim.now, laneClock[h.lane]!)
      for (const r of h.reqs) {
        clock += r.gap
        const id = nextId++
        projected[id] = r.write ? dma.writeAt(clock, r.bytes, h.lane, id, 0, r.notify) : dma.readAt(clock, r.bytes, h.lane)
      }
      if (h.poke) {
        const at = clock
        sim.at(at, () => trace.push(['poke', sim.now, sim.seq, h.lane, at]))
      }
      const end = clock + h.tail
      laneClock[h.lane] = end
      if (ride) dma.endRide(Float64Array.of(end))
      // The end event, pushed right after endRide (as the HER scheduler does).
      sim.at(end, () => {
        if (ride) dma.rideDone(h.lane)
        dma.settle()
        trace.push(['end', sim.now, sim.seq, h.lane, dma.writes + dma.reads])
      })
    })
  }
  sim.run()
  dma.finish()
  trace.push(['final', sim.now, dma.drainTime, dma.writes + dma.reads, dma.peakDepth])
  return { trace, executed: sim.executed, projected }
}

const req = fc.record({
  write: fc.boolean(), bytes: fc.constantFrom(0, 4, 256, 2048), gap: fc.constantFrom(0, 1000, 4444), notify: fc.boolean(),
})
// Few distinct times, so that handlers and requests tie often.
const handler = fc.record({
  at: fc.constantFrom(0, 1000, 5000, 20_000), lane: fc.integer({ min: 0, max: 3 }),
  reqs: fc.array(req, { minLength: 0, maxLength: 4 }), tail: fc.constantFrom(0, 0, 1000),
  poke: fc.boolean(),
})

describe('DmaEngine riding leads', () => {
  it('give the same (event, time, sequence) trace, projections and event count as a lead event of its own', () => {
    fc.assert(
      fc.property(fc.array(handler, { minLength: 1, maxLength: 12 }), (hs) => {
        const own = play(hs, false)
        const riding = play(hs, true)
        expect(JSON.stringify(riding.trace)).toBe(JSON.stringify(own.trace))
        expect(riding.projected).toEqual(own.projected)
        expect(riding.executed).toBe(own.executed)
      }),
      { numRuns: 300 },
    )
  })

  it('ride when the lead is issued at the end, right before the end event; else take their own event', () => {
    const sim = new Simulator()
    const dma = new DmaEngine<number>(sim, pcie, { lanes: 2 })
    sim.at(0, () => {
      dma.beginRide(0)
      dma.writeAt(500, 64, 0, 1, 0, false)
      dma.endRide(Float64Array.of(500))
      sim.at(500, () => dma.rideDone(0))
      // Lane 1's lead is issued before its handler's end: its event is pushed by endRide.
      dma.beginRide(1)
      dma.writeAt(300, 64, 1, 2, 0, false)
      dma.endRide(Float64Array.of(400))
      sim.at(400, () => dma.rideDone(1))
    })
    expect(sim.pending).toBe(1)
    sim.step()
    // The two end events and lane 1's lead; lane 0's lead rides on its end event.
    expect(sim.pending).toBe(3)
    sim.run()
    expect(sim.executed).toBe(5)
    expect(dma.writes).toBe(2)
  })

  it('a rider must be the event right before the one it runs in', () => {
    const sim = new Simulator()
    sim.at(0, () => {
      const seq = sim.reserveSeq()
      sim.at(0, () => {})
      expect(() => sim.runRider(seq, () => {}, null)).toThrow(SimulationError)
    })
    sim.run()
  })
})
