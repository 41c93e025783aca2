// HostEventQueue.event reuses an event only once the queue has released it: discarded (when no
// log keeps it), or handled by a listener that said it keeps none. Released events are poisoned.
import { describe, expect, it } from 'vitest'
import { Cluster, HostEventQueue, ReturnCode, Simulator, makeEvent, setHostEventReuse, type HostEvent, type MessageHeader } from '../src/internal.js'

const HEADER = { source: 3, target: 4, matchBits: 9n, length: 16, remoteOffset: 0, hdrData: 0, userHeader: [], messageId: 7 } as MessageHeader

function put(q: HostEventQueue, userPtr: number): HostEvent {
  q.times[0] = 5
  q.times[1] = 4
  return q.event('put', 1, 2, userPtr, HEADER, 16, 0, 0, 0, '', null)
}

/** Lets the queued deliveries run (one microtask turn each). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('host event reuse', () => {
  it('reuses an event after a listener that keeps none has handled it, poisoned in between', async () => {
    const q = new HostEventQueue(new Simulator(), false)
    const seen: HostEvent[] = []
    const fields: unknown[] = []
    q.listen(() => true, (e) => {
      seen.push(e)
      fields.push([e.kind, e.userPtr, e.header.messageId])
    }, null, true)
    const a = put(q, 1)
    q.post(a)
    await settle()
    // released: poisoned until reused
    expect([a.kind, a.userPtr, a.meId, a.time, a.header]).toEqual(['released', -1, -1, -1, null])
    const b = put(q, 2)
    expect(b).toBe(a)
    expect([b.kind, b.userPtr, b.time, b.header]).toEqual(['put', 2, 5, HEADER])
    q.post(b)
    await settle()
    expect(fields).toEqual([['put', 1, 7], ['put', 2, 7]])
  })

  it('reuses discarded events; keeps what a log, a waiter or a listener that keeps events may hold', async () => {
    const q = new HostEventQueue(new Simulator(), false)
    q.listen((e) => e.userPtr === 1, () => {}, (e) => e.kind === 'unlink')
    q.times.fill(1)
    const u = q.event('unlink', 1, 2, 1, HEADER, 0, 0, 0, 0, '', null)
    q.post(u)
    expect(u.kind).toBe('released')
    expect(put(q, 1)).toBe(u)
    // this listener did not say it keeps none: its events are left alone
    const p = put(q, 1)
    q.post(p)
    await settle()
    expect(p.kind).toBe('put')
    expect(put(q, 1)).not.toBe(p)
    // a waiter's event is never released
    const w = q.next((e) => e.userPtr === 9)
    const x = put(q, 9)
    q.post(x)
    expect(await w).toBe(x)
    expect(x.kind).toBe('put')
    // with a log every event stays as posted
    const logged = new HostEventQueue(new Simulator(), true)
    logged.listen(() => true, () => {}, (e) => e.kind === 'unlink', true)
    logged.times.fill(1)
    const y = logged.event('unlink', 1, 2, 1, HEADER, 0, 0, 0, 0, '', null)
    logged.post(y)
    expect(y.kind).toBe('unlink')
    expect(logged.log).toEqual([y])
  })

  it('with reuse off (tests), released events are poisoned and never handed out again', () => {
    const was = setHostEventReuse(false)
    try {
      const q = new HostEventQueue(new Simulator(), false)
      q.listen(() => false, () => {}, () => true)
      const a = put(q, 1)
      q.post(a)
      expect(a.kind).toBe('released')
      expect(put(q, 1)).not.toBe(a)
    } finally {
      setHostEventReuse(was)
    }
  })
})

describe('host event pool stays bounded', () => {
  it('events made outside the pool (makeEvent) are released into it at most up to its cap', () => {
    const q = new HostEventQueue(new Simulator(), false)
    q.listen(() => false, () => {}, () => true)
    for (let i = 0; i < 3000; i++) q.post(makeEvent('dropped', i, 1, { header: HEADER, length: 16 }))
    expect(q.pooled).toBe(1024)
  })

  it('offloaded receives: the completion DMA and handler events come from the pool, which does not grow with the messages', async () => {
    // A handler ME (its completion writes a notifying DMA, as the runtime's offloaded receives do,
    // and posts a handler event) takes 2,000 puts; the host listens and keeps no event. Before the
    // per-message dma and handler events were taken from the pool, every one of them was released
    // into it, so the pool grew by two per message.
    const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 1, keepEventLog: false })
    const nic = c.nic(1)
    const host = new Uint8Array(64)
    const seen: string[] = []
    nic.events.listen(() => true, (e) => { if (e.kind !== 'put') seen.push(e.kind) }, null, true)
    nic.postMe({
      matchBits: 1n, useOnce: false, length: host.length, hostBuffer: host,
      context: {
        hpuMemBytes: 0, hostBuffer: host,
        payload: () => ReturnCode.SUCCESS,
        completion: (ctx) => {
          ctx.dmaToHost(0, null, 0, 0)
          ctx.hostEvent(7)
          return ReturnCode.SUCCESS
        },
      },
    })
    const MESSAGES = 2000
    for (let k = 0; k < MESSAGES; k++) c.sim.at(k * 1_000_000, () => { c.nic(0).put({ target: 1, matchBits: 1n, bytes: 16 }) })
    await c.sim.runAsync()
    await settle()
    expect(seen.filter((k) => k === 'dma').length).toBe(MESSAGES)
    expect(seen.filter((k) => k === 'handler').length).toBe(MESSAGES)
    // a message's events are released before the next message comes (1 µs apart)
    expect(nic.events.pooled).toBeLessThanOrEqual(4)
  })
})
