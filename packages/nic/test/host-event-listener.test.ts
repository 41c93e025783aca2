import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HostEventQueue, Simulator, makeEvent, type HostEvent } from '../src/internal.js'

/** Events at random times (ties included); half pass the filter; some handlers post another event at once. */
const scripts = fc.array(fc.record({ t: fc.integer({ min: 0, max: 5 }), mine: fc.boolean(), repost: fc.boolean() }), { maxLength: 40 })

type Step = { t: number; mine: boolean; repost: boolean }

/** Runs the script; `attach` installs the consumer. The log shows the order of handler calls and other microtasks. */
async function runScript(script: readonly Step[], attach: (q: HostEventQueue, f: (e: HostEvent) => boolean, h: (e: HostEvent) => void) => void): Promise<string[]> {
  const sim = new Simulator()
  const q = new HostEventQueue(sim, false)
  const log: string[] = []
  const isMine = (e: HostEvent): boolean => e.value % 2 === 1
  let next = 0
  const post = (mine: boolean, repost: boolean): void => {
    const id = next++
    q.post(makeEvent('handler', sim.now, 0, { value: 2 * id + (mine ? 1 : 0), length: repost ? 1 : 0 }))
  }
  attach(q, isMine, (e) => {
    log.push(`handle ${e.value >> 1} @${sim.now}`)
    // a microtask the handler starts, as a rank continuation would be
    queueMicrotask(() => log.push(`after ${e.value >> 1}`))
    if (e.length === 1) post(true, false)
  })
  for (const s of script) sim.at(s.t, () => { post(s.mine, s.repost); post(s.mine, false) })
  await sim.runAsync()
  log.push(`left ${q.size}`)
  return log
}

describe('HostEventQueue.listen', () => {
  it('delivers in the same order and microtask turns as a loop awaiting next(filter)', async () => {
    await fc.assert(fc.asyncProperty(scripts, async (script) => {
      const viaListener = await runScript(script, (q, f, h) => q.listen(f, h))
      const viaLoop = await runScript(script, (q, f, h) => {
        void (async () => {
          for (;;) h(await q.next(f))
        })()
      })
      expect(viaListener).toEqual(viaLoop)
    }), { numRuns: 200 })
  })

  it('takes events queued before it was set, and only one listener', async () => {
    const sim = new Simulator()
    const q = new HostEventQueue(sim, false)
    q.post(makeEvent('put', 0, 0, { value: 1 }))
    q.post(makeEvent('ack', 0, 0, { value: 2 }))
    const seen: number[] = []
    q.listen((e) => e.kind === 'put', (e) => seen.push(e.value))
    expect(() => q.listen(() => true, () => {})).toThrow(/already/)
    sim.at(3, () => q.post(makeEvent('put', 3, 0, { value: 3 })))
    await sim.runAsync()
    expect(seen).toEqual([1, 3])
    expect(q.size).toBe(1)
  })
})
