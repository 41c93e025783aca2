// A retired ME (Nic.retireMe) is handed out again by a later postMe only once the NIC is done with
// it too: unlinked and released (its execution context with it), no message in flight, no event log. In
// between it is poisoned (ids -1, it matches nothing), and with reuse off it is never handed out.
import { describe, expect, it } from 'vitest'
import { Cluster, ReturnCode } from '../src/index.js'
import { setMatchEntryReuse } from '../src/internal.js'

function cluster(keepEventLog = false) {
  return new Cluster({ nodes: 2, profile: 'sc19', seed: 1, keepEventLog })
}

/** One eager message from node 0 to an ME on node 1, delivered: the ME is then unlinked and released. */
function consumed(c: Cluster, bits: bigint) {
  const me = c.nic(1).postMe({ matchBits: bits, length: 8, userPtr: 7 })
  c.nic(0).put({ target: 1, matchBits: bits, bytes: 8 })
  c.run()
  return me
}

describe('match entry reuse', () => {
  it('a retired ME is poisoned, then taken as new by the next post', () => {
    const c = cluster()
    const me = consumed(c, 1n)
    const id = me.id
    expect(me.linked).toBe(false)
    c.nic(1).retireMe(me)
    expect([me.id, me.seq, me.activeMessages, me.options.userPtr]).toEqual([-1, -1, -1, -1])
    expect(me.accepts(0, 1n)).toBe(false)
    const again = c.nic(1).postMe({ matchBits: 2n, length: 4, userPtr: 9 })
    expect(again).toBe(me)
    expect([again.id > id, again.linked, again.released, again.activeMessages, again.options.userPtr]).toEqual([true, true, false, 0, 9])
    expect(again.accepts(0, 2n)).toBe(true)
    expect(again.accepts(0, 1n)).toBe(false)
  })

  it('transient options are copied into the ME (the caller refills its object), and the copy serves its next post', () => {
    const c = cluster()
    const o = { matchBits: 5n, length: 8, userPtr: 7, transient: true }
    const me = c.nic(1).postMe(o)
    o.matchBits = 6n
    o.userPtr = 8
    expect(me.options).not.toBe(o)
    expect([me.options.matchBits, me.options.userPtr, me.options.length]).toEqual([5n, 7, 8])
    c.nic(0).put({ target: 1, matchBits: 5n, bytes: 8 })
    c.run()
    expect(c.nic(1).events.log.length).toBe(0)
    const copy = me.options
    c.nic(1).retireMe(me)
    expect(me.options.userPtr).toBe(-1)
    const again = c.nic(1).postMe(o)
    expect(again).toBe(me)
    expect(again.options).toBe(copy)
    expect([again.options.matchBits, again.options.userPtr]).toEqual([6n, 8])
    expect(again.accepts(0, 6n)).toBe(true)
    expect(again.accepts(0, 5n)).toBe(false)
  })

  it('refuses an ME still linked, with a message in flight, or with an event log', () => {
    const c = cluster()
    const linked = c.nic(1).postMe({ matchBits: 3n, length: 8 })
    c.nic(1).retireMe(linked)
    expect(linked.id).toBeGreaterThan(0)
    expect(c.nic(1).postMe({ matchBits: 4n, length: 8 })).not.toBe(linked)
    const kept = c.nic(1).postMe({ matchBits: 5n, length: 8, useOnce: false, context: { payload: () => ReturnCode.SUCCESS, hpuMemBytes: 0, hostBuffer: null } })
    c.nic(0).put({ target: 1, matchBits: 5n, bytes: 8 })
    c.run()
    c.nic(1).retireMe(kept)
    expect([kept.linked, kept.id > 0, kept.context !== null]).toEqual([true, true, true])
    const logged = cluster(true)
    const me = consumed(logged, 1n)
    logged.nic(1).retireMe(me)
    expect(me.id).toBeGreaterThan(0)
  })

  it('with reuse off, a retired ME is poisoned and never handed out again', () => {
    const was = setMatchEntryReuse(false)
    try {
      const c = cluster()
      const me = consumed(c, 1n)
      c.nic(1).retireMe(me)
      expect(me.id).toBe(-1)
      expect(c.nic(1).postMe({ matchBits: 2n, length: 4 })).not.toBe(me)
    } finally {
      setMatchEntryReuse(was)
    }
  })

  it('retires a use-once ME with an execution context once its message is done, and not before', () => {
    const c = cluster()
    const host = new Uint8Array(4096)
    const seen: number[] = []
    const me = c.nic(1).postMe({
      matchBits: 6n, length: 4096, useOnce: true, hostBuffer: host,
      context: {
        hpuMemBytes: 64, hostBuffer: host,
        payload: (ctx, pkt) => { seen.push(pkt.index); ctx.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true }); return ReturnCode.SUCCESS },
      },
    })
    c.nic(0).put({ target: 1, matchBits: 6n, bytes: 4096 })
    // the header is matched (the ME unlinked) but the message is still in flight
    while (me.linked && c.sim.step()) { /* until the header packet is matched */ }
    expect(me.linked).toBe(false)
    expect(me.activeMessages).toBe(1)
    c.nic(1).retireMe(me)
    expect(me.id).toBeGreaterThan(0)
    c.run()
    expect(seen.sort()).toEqual([0, 1])
    const ctx = me.context!
    expect([me.released, ctx.released]).toEqual([true, true])
    expect(c.nic(1).retireMe(me)).toBe(true)
    expect(me.context).toBe(null)
    // its NIC memory went back at release
    expect(c.nic(1).memory.used).toBe(0)
    expect(c.nic(1).postMe({ matchBits: 7n, length: 8 })).toBe(me)
    // the context went with it: the next ME with a context gets it as new (zeroed HPU memory,
    // its split at zero) and runs its own handlers with it
    const host2 = new Uint8Array(2048)
    const next = c.nic(1).postMe({
      matchBits: 8n, length: 2048, useOnce: true, hostBuffer: host2,
      context: {
        hpuMemBytes: 64, hostBuffer: host2,
        payload: (h, pkt) => { h.dmaToHost(pkt.offset, pkt.data, 0, pkt.length, { noEvent: true }); return ReturnCode.SUCCESS },
      },
    })
    expect(next.context).toBe(ctx)
    expect([ctx.released, ctx.hostBuffer === host2, ctx.mem.every((b) => b === 0), ctx.split.handlers]).toEqual([false, true, true, 0])
    const data = Uint8Array.from({ length: 2048 }, (_, i) => i & 255)
    c.nic(0).put({ target: 1, matchBits: 8n, bytes: 2048, data })
    c.run()
    expect(ctx.split.handlers).toBe(1)
    expect(host2).toEqual(data)
  })

  it('with reuse off, the context of a retired ME is poisoned, not taken again', () => {
    const was = setMatchEntryReuse(false)
    try {
      const c = cluster()
      const me = c.nic(1).postMe({ matchBits: 6n, length: 8, useOnce: true, context: { payload: () => ReturnCode.SUCCESS, hpuMemBytes: 0, hostBuffer: null } })
      c.nic(0).put({ target: 1, matchBits: 6n, bytes: 8 })
      c.run()
      const ctx = me.context!
      expect(c.nic(1).retireMe(me)).toBe(true)
      expect([ctx.hostLength, ctx.released, ctx.payload]).toEqual([-1, true, undefined])
      const next = c.nic(1).postMe({ matchBits: 7n, length: 8, context: { payload: () => ReturnCode.SUCCESS, hpuMemBytes: 0, hostBuffer: null } })
      expect(next.context).not.toBe(ctx)
    } finally {
      setMatchEntryReuse(was)
    }
  })
})
