// The NIC's per-message host events (put, send, unlink) are reused once released: after the
// endpoint's listener has handled them, or when discarded; the inbound engine reuses the record
// of every message once it is finalized, and a finished blocked-RR message's virtual HPUs; a
// sendrecv series reuses the calls and requests of its finished steps (with a host send's typed
// send and put, both sides' rendezvous phases, and its receive's status, ME options and ME); the
// rendezvous's CTS and data MEs are retired once their message is in (the NIC hands an ME out
// again when it is done with it too); released HPU memory serves the next execution context of
// its size; a transient put's header goes back to its NIC's pool once its last owner let go; an RW-CP
// receive's plan goes back to its resident state's pool once the MPI layer recorded it. A run with reuse must
// give exactly what a run gives where every released object is poisoned and never handed out
// again (a read of a released one then sees -1s, NaNs and nulls): random point-to-point traffic
// (eager and rendezvous, contiguous and strided types, wildcards, late receives that find
// unexpected messages, synchronous sends, packet loss and duplicates) plus an alltoall (the
// sendrecv series), in data and timing mode, host and RW-CP receives, host, stream and outbound
// sends. Statuses, received bytes, times, event counts, statistics and the GOAL trace are compared.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { setHostEventReuse, setHpuMemoryReuse, setInboundMessageReuse, setMatchEntryReuse, setPutRecordReuse } from '@spinmpi/nic/internal'
import { run, setReceivePlanReuse, setSeriesCallReuse, types, type Datatype, type Request } from '../src/internal.js'

const BYTE = types.BYTE
const GAPPY = types.vector(4, 3, 8, BYTE).commit()

interface Message {
  readonly src: number
  readonly dst: number
  readonly tag: number
  readonly count: number
  /** The receive names ANY_SOURCE and ANY_TAG (posted after the others, so none is starved). */
  readonly wild: boolean
  /** ssend instead of isend. */
  readonly sync: boolean
}

interface Traffic {
  readonly ranks: number
  readonly messages: readonly Message[]
  /** Each rank posts its receives after this many ns (late: its messages arrive unexpected). */
  readonly recvDelayNs: readonly number[]
  readonly gappy: boolean
  readonly alltoallCount: number
  readonly eagerLimit: number
  readonly mode: 'data' | 'timing'
  readonly strategy: 'host' | 'rw-cp'
  /** Send strategy of the strided sends (a pooled call keeps host's typed send and put). */
  readonly send: 'host' | 'stream' | 'outbound'
  /** Packet loss (retransmitted), and duplicates ('both'; a NIC that may see duplicates pools no header). */
  readonly faults: 'none' | 'loss' | 'both'
}

const MAX_COUNT = 200

async function runTraffic(t: Traffic) {
  const type: Datatype = t.gappy ? GAPPY : BYTE
  const span = (c: number) => (c === 0 ? 0 : (c - 1) * type.extent + type.ub)
  return run({
    ranks: t.ranks, mode: t.mode, strategy: t.strategy, send: t.send, trace: 'goal', overrides: { 'network.eagerLimitBytes': t.eagerLimit },
    ...(t.faults === 'none' ? {} : { faults: { loss: 0.05, dup: t.faults === 'both' ? 0.05 : 0 } }),
  }, async (comm) => {
    const r = comm.rank
    const data = t.mode === 'data'
    const sends: Request[] = []
    t.messages.forEach((m, i) => {
      if (m.src !== r) return
      const buf = data ? Uint8Array.from({ length: span(m.count) }, (_, j) => (i * 37 + j) & 255) : null
      // an ssend blocks until matched: only the non-blocking forms here, synchronous as issend
      sends.push(m.sync ? comm.issend(buf, m.count, type, m.dst, m.tag) : comm.isend(buf, m.count, type, m.dst, m.tag))
    })
    await comm.compute({ ns: t.recvDelayNs[r]! })
    const mine = t.messages.filter((m) => m.dst === r && !m.wild).concat(t.messages.filter((m) => m.dst === r && m.wild))
    const bufs = mine.map(() => (data ? new Uint8Array(span(MAX_COUNT)) : null))
    const recvs = mine.map((m, k) =>
      comm.irecv(bufs[k]!, MAX_COUNT, type, m.wild ? comm.ANY_SOURCE : m.src, m.wild ? comm.ANY_TAG : m.tag))
    const statuses = await comm.waitall(recvs)
    await comm.waitall(sends)
    const n = comm.size
    const a2aSend = data ? Uint8Array.from({ length: span(t.alltoallCount * n) }, (_, j) => (r * 11 + j) & 255) : null
    const a2aRecv = data ? new Uint8Array(span(t.alltoallCount * n)) : null
    await comm.alltoall(a2aSend, t.alltoallCount, type, a2aRecv, t.alltoallCount, type)
    return {
      statuses: statuses.map((s) => [s.source, s.tag, s.bytes]),
      bytes: bufs.map((b) => (b === null ? null : Array.from(b))),
      alltoall: a2aRecv === null ? null : Array.from(a2aRecv),
    }
  })
}

function observable(res: Awaited<ReturnType<typeof runTraffic>>) {
  const { stats } = res
  return {
    endPs: res.endTimes.ps, makespanPs: res.makespanPs, results: res.results, goal: res.goal,
    events: stats.events, messages: stats.messages, packets: stats.packets, hostBusyPs: stats.hostBusyPs, byStrategy: stats.byStrategy,
    receives: stats.receives,
  }
}

const traffic = fc.integer({ min: 1, max: 4 }).chain((ranks) => fc.record({
  ranks: fc.constant(ranks),
  messages: fc.array(fc.record({
    src: fc.integer({ min: 0, max: ranks - 1 }),
    dst: fc.integer({ min: 0, max: ranks - 1 }),
    tag: fc.integer({ min: 0, max: 2 }),
    count: fc.integer({ min: 0, max: MAX_COUNT }),
    wild: fc.boolean(),
    sync: fc.boolean(),
  }), { maxLength: 12 }),
  recvDelayNs: fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: ranks, maxLength: ranks }),
  gappy: fc.boolean(),
  // up to 400 x GAPPY (4,800 B): blocks of several packets, so a late series receive can claim
  // an unexpected message still arriving (its ME is read again when that message ends)
  alltoallCount: fc.integer({ min: 0, max: 400 }),
  eagerLimit: fc.constantFrom(0, 256, 4096, 65536),
  mode: fc.constantFrom('data' as const, 'timing' as const),
  strategy: fc.constantFrom('host' as const, 'rw-cp' as const),
  send: fc.constantFrom('host' as const, 'host' as const, 'stream' as const, 'outbound' as const),
  faults: fc.constantFrom('none' as const, 'loss' as const, 'both' as const),
}))

async function withReuse<T>(on: boolean, f: () => Promise<T>): Promise<T> {
  const events = setHostEventReuse(on)
  const calls = setSeriesCallReuse(on)
  const inbound = setInboundMessageReuse(on)
  const entries = setMatchEntryReuse(on)
  const hpuMem = setHpuMemoryReuse(on)
  const headers = setPutRecordReuse(on)
  const plans = setReceivePlanReuse(on)
  try {
    return await f()
  } finally {
    setHostEventReuse(events)
    setSeriesCallReuse(calls)
    setInboundMessageReuse(inbound)
    setMatchEntryReuse(entries)
    setHpuMemoryReuse(hpuMem)
    setPutRecordReuse(headers)
    setReceivePlanReuse(plans)
  }
}

describe('host event and series call reuse', () => {
  it('gives what fresh, poisoned objects give: statuses, bytes, times, events, stats, GOAL trace', async () => {
    await fc.assert(fc.asyncProperty(traffic, async (t) => {
      const fresh = observable(await withReuse(false, () => runTraffic(t)))
      const reused = observable(await withReuse(true, () => runTraffic(t)))
      expect(reused).toEqual(fresh)
    }), { numRuns: 80, seed: 7 })
  })
})
