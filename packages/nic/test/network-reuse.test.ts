// The network reuses its message, chunk and packet objects. These tests run random traffic twice,
// once with reuse and once with every object fresh (and every released one poisoned: ids and
// nodes set to -1), and require the same deliveries, bytes, times and injection callbacks.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Network, Simulator, getProfile, type NetworkOptions, type Packet } from '../src/internal.js'

const net19 = getProfile('sc19').network
const MTU = net19.mtuBytes

interface Msg {
  src: number
  dst: number
  /** Chunk sizes: one chunk is a plain send, several a stream (the last one ends it). */
  chunks: number[]
  /** Simulated time of the first chunk; later chunks follow `gap` ps apart. */
  at: number
  gap: number
  notify: boolean
}

interface Traffic {
  nodes: number
  msgs: Msg[]
  reorder: number
  drop: number
  duplicate: number
  data: boolean
}

function pattern(seed: number, n: number): Uint8Array {
  const a = new Uint8Array(n)
  for (let i = 0; i < n; i++) a[i] = (seed * 31 + i * 7) & 255
  return a
}

/** Every delivery and injection callback of one run, as plain values. */
function run(t: Traffic, reuseObjects: boolean): string[] {
  const sim = new Simulator()
  const options: NetworkOptions = { reuseObjects }
  if (t.reorder > 1) options.reorder = { seed: 7, window: t.reorder }
  if (t.drop > 0 || t.duplicate > 0) options.faults = { seed: 11, drop: t.drop, duplicate: t.duplicate }
  const net = new Network(sim, net19, options)
  const log: string[] = []
  for (let n = 0; n < t.nodes; n++) {
    net.attach(n, (p: Packet) => {
      const d = p.data
      log.push(`deliver ${n} ${p.src}->${p.dst} m${p.msgId} s${p.seq} o${p.offset} l${p.length} f${p.flags} ` +
        `u${String(p.user)} ${p.injectedAt}/${p.arrivedAt}@${sim.now} ${d === null ? '-' : Array.from(d).join(',')}`)
      net.release(p)
    })
  }
  t.msgs.forEach((m, k) => {
    const user = `msg${k}`
    const onInjected = m.notify ? (id: number, u: unknown) => log.push(`injected m${id} @${sim.now} ${String(u)}`) : undefined
    const datas = m.chunks.map((b, c) => (t.data ? pattern(k * 10 + c, b) : null))
    sim.at(m.at, () => {
      if (m.chunks.length === 1) {
        net.send({ src: m.src, dst: m.dst, bytes: m.chunks[0]!, data: datas[0], user, onInjected })
        return
      }
      const id = net.openStream({ src: m.src, dst: m.dst, user, onInjected })
      m.chunks.forEach((b, c) => {
        const send = (): void => net.stream(id, b, datas[c]!, c === m.chunks.length - 1)
        if (c === 0) send()
        else sim.at(m.at + c * m.gap, send)
      })
    })
  })
  sim.run()
  log.push(JSON.stringify(net.counters))
  return log
}

const traffic: fc.Arbitrary<Traffic> = fc.integer({ min: 2, max: 4 }).chain((nodes) =>
  fc.record({
    nodes: fc.constant(nodes),
    msgs: fc.array(
      fc.record({
        src: fc.integer({ min: 0, max: nodes - 1 }),
        dst: fc.integer({ min: 0, max: nodes - 1 }),
        chunks: fc.array(fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 0, max: 5 * MTU + 3 })), { minLength: 1, maxLength: 3 }),
        at: fc.integer({ min: 0, max: 2_000_000 }),
        gap: fc.integer({ min: 1, max: 500_000 }),
        notify: fc.boolean(),
      }),
      { minLength: 1, maxLength: 25 },
    ),
    reorder: fc.integer({ min: 1, max: 4 }),
    drop: fc.constantFrom(0, 0, 0.1),
    duplicate: fc.constantFrom(0, 0, 0.1),
    data: fc.boolean(),
  }),
)

describe('Network object reuse', () => {
  it('reused messages, chunks and packets give the same deliveries as fresh ones (random traffic, faults, reordering)', () => {
    fc.assert(
      fc.property(traffic, (t) => {
        const fresh = run(t, false)
        expect(run(t, true)).toEqual(fresh)
        // no released (poisoned) object reached a callback
        for (const line of fresh) expect(line).not.toMatch(/ m-1 | -1->|->-1 /)
      }),
      { numRuns: 150 },
    )
  })

  it('a finished message and its chunks are poisoned when released, and the next message reuses them', () => {
    const sim = new Simulator()
    const net = new Network(sim, net19)
    const users: unknown[] = []
    net.attach(0, (p) => net.release(p))
    net.attach(1, (p) => {
      users.push(p.user)
      net.release(p)
    })
    const pools = net as unknown as { messagePool: { id: number; src: number; user: unknown; chunks: unknown[] }[]; chunkPool: { data: unknown; npkts: number }[] }
    net.send({ src: 0, dst: 1, bytes: 3 * MTU, data: new Uint8Array(3 * MTU), user: 'a' })
    sim.run()
    expect(pools.messagePool).toHaveLength(1)
    const released = pools.messagePool[0]!
    expect([released.id, released.src, released.user, released.chunks.length]).toEqual([-1, -1, null, 0])
    expect(pools.chunkPool.map((c) => [c.data, c.npkts])).toEqual([[null, -1]])
    net.send({ src: 0, dst: 1, bytes: 10, user: 'b', onInjected: () => users.push('injected') })
    expect(pools.messagePool).toHaveLength(0)
    // held until its onInjected event has run
    sim.run()
    expect(pools.messagePool[0]).toBe(released)
    // the last bit leaves (onInjected) before it arrives
    expect(users).toEqual(['a', 'a', 'a', 'injected', 'b'])
  })
})
