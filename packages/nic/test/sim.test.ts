import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Rng, Simulator, ns, transferPs, cyclesPs } from '../src/internal.js'
import { quietEvent } from '../src/sim/simulator.js'

describe('event order (EventHeap under Simulator.step)', () => {
  it('pops in (time, sequence) order for any insertion order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 300 }), (times) => {
        const sim = new Simulator()
        const out: [number, number][] = []
        times.forEach((t, i) => sim.at(t, (a: [number, number]) => out.push(a), [t, i]))
        sim.run()
        const expected = times.map((t, i) => [t, i] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
        expect(out).toEqual(expected)
      }),
    )
  })

  it('reuses slots: interleaved push/pop stays ordered past the initial capacity', () => {
    const sim = new Simulator()
    const seen: number[] = []
    for (let i = 0; i < 5000; i++) sim.at(i, (v: number) => seen.push(v), i)
    sim.run(2499)
    expect(sim.pending).toBe(2500)
    for (let i = 5000; i < 7000; i++) sim.at(i, (v: number) => seen.push(v), i)
    sim.run()
    expect(seen).toEqual(Array.from({ length: 7000 }, (_, i) => i))
  })

  it('runs events pushed back to back at one time as a group, in order; later pushes at that time go after it', () => {
    const sim = new Simulator()
    const log: string[] = []
    const note = (s: string) => log.push(s)
    sim.at(5, note, 'a1')
    sim.at(5, note, 'a2') // joins a1's group
    sim.at(3, note, 'b')
    sim.at(5, note, 'c') // same time, but not right after a2: its own node, after a1 a2
    sim.at(5, (s: string) => { log.push(s); sim.at(5, note, 'e') }, 'd') // joins c; e is pushed while d runs
    expect(sim.pending).toBe(5)
    sim.run()
    expect(log).toEqual(['b', 'a1', 'a2', 'c', 'd', 'e'])
  })

  it('runs events pushed while running, reserved numbers and events pushed under them, in (time, sequence) order', () => {
    // Each event, when it runs, pushes children at now + delay, or reserves a number and pushes
    // its event under it later in the same run (after other pushes): the trace of (time,
    // sequence, id) must be what a plain sorted list of pending events gives.
    type Act = { readonly delay: number; readonly reserved: boolean }
    const act = fc.record({ delay: fc.constantFrom(0, 0, 1, 2, 5), reserved: fc.boolean() })
    fc.assert(
      fc.property(fc.array(fc.array(act, { maxLength: 3 }), { minLength: 1, maxLength: 60 }), fc.array(fc.constantFrom(0, 1, 3), { minLength: 1, maxLength: 4 }), (script, roots) => {
        const sim = new Simulator()
        const got: [number, number, number][] = []
        let nextId = 0
        const run = (id: number): void => {
          got.push([sim.now, sim.seq, id])
          const acts: readonly Act[] = script[id % script.length]!
          if (nextId > 400) return
          const later: [number, number, number][] = []
          for (const a of acts) {
            const child = nextId++
            if (a.reserved) later.push([sim.now + a.delay, sim.reserveSeq(), child])
            else sim.at(sim.now + a.delay, run, child)
          }
          for (const [t, seq, child] of later) sim.atReserved(t, seq, run, child)
        }
        for (const t of roots) sim.at(t, run, nextId++)
        sim.run()
        // Reference: the same script against a sorted list.
        const want: [number, number, number][] = []
        const pending: [number, number, number][] = []
        let seq = 0
        let id = 0
        for (const t of roots) pending.push([t, seq++, id++])
        while (pending.length > 0) {
          pending.sort((a, b) => a[0] - b[0] || a[1] - b[1])
          const [now, s, eid] = pending.shift()!
          want.push([now, s, eid])
          if (id > 400) continue
          for (const a of script[eid % script.length]!) pending.push([now + a.delay, seq++, id++])
        }
        expect(got).toEqual(want)
      }),
    )
  })

  it('keeps the rest of a group queued when one of its events throws, each under its own number', () => {
    const sim = new Simulator()
    const log: string[] = []
    // a group of four at time 1 (numbers 0..3), the second one throws; then number 4 at time 2
    const note = (s: string) => log.push(`${s}@${sim.seq}`)
    sim.at(1, note, 'first')
    sim.at(1, () => { throw new Error('boom') }, null)
    sim.at(1, note, 'after')
    sim.at(1, note, 'after2')
    sim.at(2, note, 'later')
    expect(() => sim.run()).toThrow('boom')
    expect(sim.pending).toBe(3)
    expect(sim.step()).toBe(true)
    expect(sim.now).toBe(1)
    expect(log).toEqual(['first@0', 'after@2'])
    sim.run()
    expect(log).toEqual(['first@0', 'after@2', 'after2@3', 'later@4'])
    expect(sim.step()).toBe(false)
  })

  it('makes the queued host copies when an event throws, under run, step and runAsync', async () => {
    // A quiet event queues a copy and throws: the caller that catches sees the bytes.
    const runners: ((sim: Simulator) => Promise<unknown>)[] = [
      async (sim) => sim.run(),
      async (sim) => { while (sim.step()) { /* until the throw */ } },
      (sim) => sim.runAsync(),
    ]
    for (const go of runners) {
      const sim = new Simulator()
      const src = new Uint8Array(1024).fill(7)
      const dst = new Uint8Array(1024)
      sim.at(1, quietEvent(() => {
        sim.hostCopies.copy(dst, 0, src, 0, src.length)
        throw new Error('boom')
      }), null)
      sim.at(2, () => {}, null)
      await expect(go(sim)).rejects.toThrow('boom')
      expect(sim.hostCopies.size).toBe(0)
      expect(dst[1023]).toBe(7)
      expect(sim.pending).toBe(1)
    }
  })
})

describe('Simulator', () => {
  it('advances time to each event and refuses events in the past', () => {
    const sim = new Simulator()
    const log: number[] = []
    sim.at(ns(5), () => {
      log.push(sim.now)
      sim.after(ns(1), () => log.push(sim.now))
    })
    sim.at(ns(2), () => log.push(sim.now))
    sim.run()
    expect(log).toEqual([2000, 5000, 6000])
    expect(() => sim.at(10, () => {})).toThrow(/before now/)
  })

  it('atStaged schedules at the time staged before it, in the order at would, with at\'s checks', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.boolean()), { maxLength: 200 }), (events) => {
        // times past 2^31 ps, where V8 holds them as doubles (what atStaged is for)
        const base = 2 ** 33
        const sim = new Simulator()
        const out: number[] = []
        events.forEach(([t, staged], i) => {
          if (staged) {
            sim.staged[0] = base + t
            sim.atStaged((k: number) => out.push(k), i)
          } else {
            sim.at(base + t, (k: number) => out.push(k), i)
          }
        })
        sim.run()
        expect(out).toEqual(events.map(([t], i) => [t, i]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!).map(([, i]) => i))
      }),
    )
    const sim = new Simulator()
    sim.at(100, () => {})
    sim.run()
    sim.staged[0] = 50
    expect(() => sim.atStaged(() => {})).toThrow(/event scheduled at 50 ps, before now \(100 ps\)/)
  })

  it('runs async processes deterministically, continuations at the instant they wake', async () => {
    const sim = new Simulator()
    const log: string[] = []
    const proc = async (name: string, delays: number[]) => {
      for (const d of delays) {
        await sim.sleep(d)
        log.push(`${name}@${sim.now}`)
      }
    }
    const done = Promise.all([proc('a', [10, 10, 5]), proc('b', [15, 5, 5])])
    await sim.runAsync()
    await done
    expect(log).toEqual(['a@10', 'b@15', 'a@20', 'b@20', 'a@25', 'b@25'])
  })

  it('lets woken processes run between two events of one group', async () => {
    const sim = new Simulator()
    const log: string[] = []
    const s = sim.signal()
    void s.promise.then(() => log.push(`woken@${sim.now}`))
    // Both pushed back to back for 7 ps: one group; the continuation still runs between them.
    sim.at(7, () => { log.push('fire'); s.fire() })
    sim.at(7, () => log.push('next'))
    await sim.runAsync()
    expect(log).toEqual(['fire', 'woken@7', 'next'])
    expect(sim.executed).toBe(2)
  })

  it('runs a woken chain of any number of microtask turns before the next event, and lets macrotasks run', async () => {
    const sim = new Simulator()
    const log: string[] = []
    // 3000 wake-ups, each followed by a chain of turns longer than any fixed count of hops
    const deep = async (depth: number): Promise<void> => {
      for (let i = 0; i < depth; i++) await null
    }
    let immediates = 0
    const tick = (): void => {
      immediates++
      if (sim.pending > 0) setImmediate(tick)
    }
    setImmediate(tick)
    const proc = async (): Promise<void> => {
      for (let k = 0; k < 3000; k++) {
        const woken = sim.sleep(1)
        sim.after(1, () => log.push(`event@${sim.now}`))
        await woken
        await deep(k % 7 === 0 ? 200 : 3)
        log.push(`${k}@${sim.now}`)
      }
    }
    const done = proc()
    await sim.runAsync()
    await done
    // each continuation ran at its instant, before the event scheduled just after its sleep
    for (let k = 0; k < 3000; k++) expect(log.slice(2 * k, 2 * k + 2)).toEqual([`${k}@${k + 1}`, `event@${k + 1}`])
    // the loop went back to the event loop during the run (every 1024 wake-ups), so a
    // setImmediate chain ran beside it
    expect(immediates).toBeGreaterThan(1)
  })

  it('runs resumed continuations in the order and at the instants microtasks would run them', async () => {
    // An action: resume a continuation, or wake a promise (noted, as Signal.fire does) whose
    // continuation takes one or more microtask turns; continuations do actions of their own.
    type Action = { kind: 'resume' | 'wake'; turns: number; then: Action[] }
    const action: fc.Arbitrary<Action> = fc.letrec<{ a: Action }>((tie) => ({
      a: fc.record({
        kind: fc.constantFrom<'resume' | 'wake'>('resume', 'wake'),
        turns: fc.integer({ min: 1, max: 3 }),
        then: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constant<Action[]>([]), fc.array(tie('a') as fc.Arbitrary<Action>, { maxLength: 3 })),
      }),
    })).a
    const script = fc.array(fc.record({ t: fc.integer({ min: 0, max: 4 }), actions: fc.array(action, { maxLength: 4 }) }), { maxLength: 12 })
    /** The reference: every resume is a microtask queued with its wake-up noted. */
    class MicrotaskSimulator extends Simulator {
      override resume(fn: () => void): void {
        this.noteWakeup()
        void Promise.resolve().then(fn)
      }
    }
    const runScript = async (sim: Simulator, events: { t: number; actions: Action[] }[]): Promise<string[]> => {
      const log: string[] = []
      let next = 0
      const perform = (actions: Action[]): void => {
        for (const a of actions) {
          const id = next++
          const body = (): void => {
            log.push(`${a.kind} ${id} @${sim.now}`)
            perform(a.then)
          }
          if (a.kind === 'resume') {
            sim.resume(body)
          } else {
            sim.noteWakeup()
            void (async () => {
              for (let i = 0; i < a.turns; i++) await null
              body()
            })()
          }
        }
      }
      events.forEach((e, i) => sim.at(e.t, () => {
        log.push(`event ${i} @${sim.now}`)
        perform(e.actions)
      }))
      await sim.runAsync()
      return log
    }
    await fc.assert(fc.asyncProperty(script, async (events) => {
      expect(await runScript(new Simulator(), events)).toEqual(await runScript(new MicrotaskSimulator(), events))
    }), { numRuns: 300 })
  })

  it('goes back to the event loop every 1,024 resumed turns', async () => {
    const sim = new Simulator()
    let immediates = 0
    const tick = (): void => {
      immediates++
      if (sim.pending > 0) setImmediate(tick)
    }
    setImmediate(tick)
    let resumed = 0
    const step = (k: number): void => {
      sim.resume(() => {
        resumed++
        if (k < 5000) sim.after(1, step, k + 1)
      })
    }
    sim.at(0, step, 0)
    await sim.runAsync()
    expect(resumed).toBe(5001)
    expect(immediates).toBeGreaterThan(1)
  })

  it('leaves a process parked when nothing will wake it (deadlock is observable)', async () => {
    const sim = new Simulator()
    const never = sim.signal<number>()
    let finished = false
    void never.promise.then(() => (finished = true))
    sim.after(5, () => {})
    await sim.runAsync()
    expect(finished).toBe(false)
    expect(sim.pending).toBe(0)
  })
})

describe('time helpers', () => {
  it('converts transfers and cycles to whole picoseconds, rounding up', () => {
    expect(transferPs(2048, 200)).toBe(81920) // 2 KiB at 200 Gbit/s = 81.92 ns
    expect(cyclesPs(1, 800e6)).toBe(1250) // one 800 MHz cycle
    expect(cyclesPs(3, 3e9)).toBe(1000)
  })
})

describe('cycles at a whole number of ps per cycle', () => {
  it('a product gives what cyclesPs divides out, for whole cycle counts below 2^25 (HpuContext.now)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 25 - 1 }), fc.constantFrom(8e8, 1e9, 2e9, 2.5e9, 5e8, 1e8, 4e9, 1.25e9), (c, hz) => {
        expect(c * (1e12 / hz)).toBe(cyclesPs(c, hz))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('Rng', () => {
  it('gives the same stream for the same seed and purpose, different for another purpose', () => {
    const a = new Rng(42, 'reorder')
    const b = new Rng(42, 'reorder')
    const c = new Rng(42, 'faults')
    const sa = Array.from({ length: 8 }, () => a.nextU32())
    expect(Array.from({ length: 8 }, () => b.nextU32())).toEqual(sa)
    expect(Array.from({ length: 8 }, () => c.nextU32())).not.toEqual(sa)
  })

  it('draws integers in range with a roughly uniform spread', () => {
    const r = new Rng(7)
    const counts = new Array(10).fill(0)
    for (let i = 0; i < 10000; i++) counts[r.int(10)]++
    for (const c of counts) expect(c).toBeGreaterThan(850)
    expect(counts.reduce((s, c) => s + c, 0)).toBe(10000)
  })
})
