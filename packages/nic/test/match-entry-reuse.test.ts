// A retired ME (Nic.retireMe) is handed out again by a later postMe only once the NIC is done with
// it too: unlinked and released, no message in flight, no execution context, no event log. In
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

  it('refuses an ME still linked, with a message in flight, with a context, or with an event log', () => {
    const c = cluster()
    const linked = c.nic(1).postMe({ matchBits: 3n, length: 8 })
    c.nic(1).retireMe(linked)
    expect(linked.id).toBeGreaterThan(0)
    expect(c.nic(1).postMe({ matchBits: 4n, length: 8 })).not.toBe(linked)
    const ctx = c.nic(1).postMe({ matchBits: 5n, length: 8, context: { payload: () => ReturnCode.SUCCESS, hpuMemBytes: 0, hostBuffer: null } })
    c.nic(0).put({ target: 1, matchBits: 5n, bytes: 8 })
    c.run()
    c.nic(1).retireMe(ctx)
    expect(ctx.id).toBeGreaterThan(0)
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
})
