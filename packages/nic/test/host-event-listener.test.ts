import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HostEventQueue, Simulator, makeEvent, type HostEvent, type MessageHeader } from '../src/internal.js'

/** The tests look at meId (event id), userPtr (1: passes the filter) and value only. */
const NO_HEADER = {} as MessageHeader
const idOf = (e: HostEvent): number => e.meId
const repostOf = (e: HostEvent): number => (e.kind === 'handler' ? e.value : 0)

/** Events at random times (ties included); half pass the filter; some handlers post another event at once. */
const scripts = fc.array(fc.record({ t: fc.integer({ min: 0, max: 5 }), mine: fc.boolean(), repost: fc.boolean() }), { maxLength: 40 })

type Step = { t: number; mine: boolean; repost: boolean }

/** Runs the script; `attach` installs the consumer. The log shows the order of handler calls and other microtasks. */
async function runScript(script: readonly Step[], attach: (q: HostEventQueue, f: (e: HostEvent) => boolean, h: (e: HostEvent) => void) => void): Promise<string[]> {
  const sim = new Simulator()
  const q = new HostEventQueue(sim, false)
  const log: string[] = []
  const isMine = (e: HostEvent): boolean => e.userPtr === 1
  let next = 0
  const post = (mine: boolean, repost: boolean): void => {
    q.post(makeEvent('handler', sim.now, 0, { meId: next++, userPtr: mine ? 1 : 0, value: repost ? 1 : 0, header: NO_HEADER }))
  }
  attach(q, isMine, (e) => {
    log.push(`handle ${idOf(e)} @${sim.now}`)
    // a microtask the handler starts, as a rank continuation would be: noted as a woken promise
    // is (the simulator's contract: a delivery may run in the event loop itself, see resume)
    sim.noteWakeup()
    queueMicrotask(() => log.push(`after ${idOf(e)}`))
    if (repostOf(e) === 1) post(true, false)
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
    q.post(makeEvent('handler', 0, 0, { meId: 1, userPtr: 1, value: 0, header: NO_HEADER }))
    q.post(makeEvent('handler', 0, 0, { meId: 2, userPtr: 0, value: 0, header: NO_HEADER }))
    const seen: number[] = []
    q.listen((e) => e.userPtr === 1, (e) => seen.push(idOf(e)))
    expect(() => q.listen(() => true, () => {})).toThrow(/already/)
    sim.at(3, () => q.post(makeEvent('handler', 3, 0, { meId: 3, userPtr: 1, value: 0, header: NO_HEADER })))
    await sim.runAsync()
    expect(seen).toEqual([1, 3])
    expect(q.size).toBe(1)
  })

  it('with a discard filter, logs those events but neither queues them nor wakes anyone (a waiter still gets them)', async () => {
    const sim = new Simulator()
    const q = new HostEventQueue(sim, true)
    const seen: number[] = []
    q.listen(() => true, (e) => seen.push(idOf(e)), (e) => e.kind === 'unlink')
    const got = q.next((e) => e.kind === 'unlink' && e.meId === 5)
    sim.at(1, () => {
      q.post(makeEvent('unlink', 1, 0, { meId: 4, header: NO_HEADER }))
      q.post(makeEvent('unlink', 1, 0, { meId: 5, header: NO_HEADER }))
      q.post(makeEvent('handler', 1, 0, { meId: 6, userPtr: 1, value: 0, header: NO_HEADER }))
    })
    let woken = 0
    sim.at(1, () => queueMicrotask(() => woken++))
    await sim.runAsync()
    expect(seen).toEqual([6])
    expect((await got).meId).toBe(5)
    expect(q.size).toBe(0)
    expect(q.log.map(idOf)).toEqual([4, 5, 6])
    expect(woken).toBe(1)
  })
})
