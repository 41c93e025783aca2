// A transient put's header (its PutRecord) goes back to the initiator's pool once its last owner
// let go: the target's message when finalized, the send-event callback, each event naming it when
// its queue released it. With reuse off (setPutRecordReuse(false)) a released header is poisoned
// and never handed out again, so a stale read shows: a listener would see -1s, a new event made
// with it throws (holdHeader). Owners with no point where they let go keep it whole.
import { describe, expect, it } from 'vitest'
import { Cluster, setPutRecordReuse, type ClusterOptions, type HostEvent, type MessageHeader } from '../src/internal.js'

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

interface Traffic {
  readonly messages: number
  readonly bytes: number
  /** Gap between puts, ps (0: all at once). */
  readonly gapPs: number
  readonly options?: Partial<ClusterOptions>
  /** Post the target's ME late: every message lands in the overflow ME (unexpected). */
  readonly overflow?: boolean
  readonly ack?: boolean
  readonly transient?: boolean
}

/** Node 0 puts to node 1; both hosts listen and keep no event; returns the puts' headers and what the listeners read. */
async function traffic(t: Traffic) {
  const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 3, keepEventLog: false, dataMode: false, ...t.options })
  const read: string[] = []
  const note = (e: HostEvent): void => {
    if (e.kind !== 'unlink') read.push(`${e.node} ${e.kind} ${e.header.source}>${e.header.target} #${e.header.messageId} ${e.header.length} B ${e.header.hdrData}`)
  }
  c.nic(0).events.listen(() => true, note, null, true)
  c.nic(1).events.listen(() => true, note, null, true)
  c.nic(1).postMe({ matchBits: 5n, useOnce: false, length: 2 ** 40, hostBuffer: null, manageLocal: true, list: t.overflow ? 'overflow' : 'priority' })
  const headers: MessageHeader[] = []
  for (let k = 0; k < t.messages; k++) {
    c.sim.at(k * t.gapPs, () => {
      headers.push(c.nic(0).put({ target: 1, matchBits: 5n, bytes: t.bytes, hdrData: k, transient: t.transient ?? true, ack: t.ack }))
    })
  }
  await c.sim.runAsync()
  await settle()
  return { headers, read: read.sort() }
}

async function withReuse<T>(on: boolean, f: () => Promise<T>): Promise<T> {
  const was = setPutRecordReuse(on)
  try {
    return await f()
  } finally {
    setPutRecordReuse(was)
  }
}

const poisoned = (h: MessageHeader): boolean => h.messageId === -1 && h.source === -1 && h.length === -1

describe('transient put headers', () => {
  it('are reused once released, and every reader read them before: eager, multi-packet, lost packets, reordered', async () => {
    const cases: Traffic[] = [
      { messages: 40, bytes: 100, gapPs: 5_000_000 },
      { messages: 40, bytes: 100, gapPs: 0 },
      { messages: 30, bytes: 9000, gapPs: 1_000_000 },
      { messages: 60, bytes: 5000, gapPs: 200_000, options: { faults: { drop: 0.2, duplicate: 0 }, reorder: { window: 3 } } },
    ]
    for (const t of cases) {
      const fresh = await withReuse(false, () => traffic(t))
      const reused = await withReuse(true, () => traffic(t))
      // what the hosts read does not depend on reuse, and names every message from both sides
      expect(reused.read).toEqual(fresh.read)
      expect(fresh.read.length).toBe(2 * t.messages)
      expect(fresh.read.some((s) => s.includes('#-1'))).toBe(false)
      // without reuse, every header was released (poisoned) by its last owner; with it, records came back
      expect(fresh.headers.every(poisoned)).toBe(true)
      expect(new Set(fresh.headers).size).toBe(t.messages)
      // (puts all issued at once are all alive together: nothing to reuse yet)
      if (t.gapPs > 0) expect(new Set(reused.headers).size).toBeLessThan(t.messages)
    }
  })

  it('are kept whole where an owner never lets go: logs, unexpected messages, acks, duplicates, non-transient puts', async () => {
    const cases: Traffic[] = [
      { messages: 10, bytes: 100, gapPs: 1_000_000, options: { keepEventLog: true } },
      { messages: 10, bytes: 100, gapPs: 1_000_000, overflow: true },
      { messages: 10, bytes: 100, gapPs: 1_000_000, ack: true },
      { messages: 10, bytes: 5000, gapPs: 1_000_000, options: { faults: { drop: 0, duplicate: 0.3 } } },
      { messages: 10, bytes: 100, gapPs: 1_000_000, transient: false },
    ]
    for (const t of cases) {
      const { headers, read } = await withReuse(false, () => traffic(t))
      expect(headers.some(poisoned)).toBe(false)
      expect(headers.map((h) => h.hdrData)).toEqual([...Array(t.messages).keys()])
      expect(read.length).toBeGreaterThanOrEqual(t.messages)
    }
  })

  it('a queue that hands an event to a waiter never releases it, nor its header', async () => {
    const was = setPutRecordReuse(false)
    try {
      const c = new Cluster({ nodes: 2, profile: 'sc19', seed: 3, keepEventLog: false, dataMode: false })
      c.nic(1).events.listen((e) => e.kind !== 'put', () => {}, null, true)
      c.nic(0).events.listen(() => true, () => {}, null, true)
      c.nic(1).postMe({ matchBits: 5n, useOnce: false, length: 1024, hostBuffer: null })
      const got = c.nic(1).events.next((e) => e.kind === 'put')
      const h = c.nic(0).put({ target: 1, matchBits: 5n, bytes: 64, hdrData: 9, transient: true })
      await c.sim.runAsync()
      const e = await got
      expect(e.header).toBe(h)
      expect([h.messageId, h.hdrData, h.length]).toEqual([0, 9, 64])
    } finally {
      setPutRecordReuse(was)
    }
  })
})
