// A rendezvous's CTS and data match bits carry ids of MEs (the sender's CTS ME, the receiver's
// data ME) that each rank takes from a pool and gives back once that ME has matched, so the bits
// repeat and are kept instead of being made per message (endpoint.ts, match-bits.ts). An id
// given back too early would let two linked MEs have the same bits: the message meant for the
// later one would land in the earlier one.
import { describe, expect, it } from 'vitest'
import type { PutOptions } from '@spinmpi/nic'
import { coreOf, run, setTypeAttributes, types, type Comm } from '../src/internal.js'
import { KIND_CTS, KIND_DATA } from '../src/comm/match-bits.js'

const BYTE = types.BYTE
const KIND_SHIFT = 61n

/** The puts this rank's NIC is given from now on: [kind, low 32 bits, first user-header word or -1]. */
function recordPuts(comm: Comm): [bigint, number, number][] {
  const nic = coreOf(comm).nic
  const seen: [bigint, number, number][] = []
  const put = nic.put.bind(nic)
  nic.put = (o: PutOptions) => {
    seen.push([o.matchBits >> KIND_SHIFT, Number(o.matchBits & 0xffffffffn), o.userHeader?.[1] ?? -1])
    return put(o)
  }
  return seen
}

const lowsOf = (puts: [bigint, number, number][], kind: bigint) => puts.filter(([k]) => k === kind).map(([, low]) => low)

describe('rendezvous ids', () => {
  it('are taken again once their ME has matched: a series of messages uses the same few', async () => {
    // 40 rendezvous each way, one after another: every one takes the ids the one before gave back
    const r = await run({ ranks: 2, overrides: { 'network.eagerLimitBytes': 0 } }, async (comm) => {
      const puts = recordPuts(comm)
      const peer = 1 - comm.rank
      const out = new Uint8Array(100)
      const got = new Uint8Array(100)
      for (let i = 0; i < 40; i++) {
        out.fill(i + comm.rank)
        await comm.sendrecv(out, 100, BYTE, peer, i, got, 100, BYTE, peer, i)
        if (got[0] !== i + peer || got[99] !== i + peer) throw new Error(`message ${i}: got ${got[0]}`)
      }
      return { cts: lowsOf(puts, KIND_CTS), data: lowsOf(puts, KIND_DATA) }
    })
    for (const { cts, data } of r.results) {
      expect(cts).toHaveLength(40)
      expect(data).toHaveLength(40)
      // a rank has at most its send's CTS ME and its receive's data ME linked at once
      expect(Math.max(...cts, ...data)).toBeLessThan(2)
    }
  })

  it('never give two linked MEs the same bits: a CTS or data that overtakes an earlier one lands in its own', async () => {
    // Rank 1 posts A (a new strided type each round: RW-CP prepares its NIC state first) and B
    // (host receive, no preparation) from rank 0, so B's CTS leaves before A's and B's data
    // comes first, while A's CTS ME (at rank 0) and data ME (at rank 1) are still linked. Three
    // rounds, so the later ones take ids the earlier ones gave back.
    const plain = types.contiguous(64, BYTE).commit()
    setTypeAttributes(plain, { strategy: 'host' })
    const r = await run({ ranks: 2, strategy: 'rw-cp', overrides: { 'network.eagerLimitBytes': 0 } }, async (comm) => {
      const puts = recordPuts(comm)
      const rounds: number[][] = []
      for (let round = 0; round < 3; round++) {
        if (comm.rank === 0) {
          const a = new Uint8Array(64).map((_, i) => 100 + round + i)
          const b = new Uint8Array(64).map((_, i) => 200 - round - i)
          await comm.waitall([comm.isend(a, 64, BYTE, 1, 1), comm.isend(b, 64, BYTE, 1, 2)])
          continue
        }
        const strided = types.vector(16, 4, 8 + round, BYTE).commit()
        const a = new Uint8Array(strided.extent)
        const b = new Uint8Array(64)
        await comm.waitall([comm.irecv(a, 1, strided, 0, 1), comm.irecv(b, 1, plain, 0, 2)])
        // A's blocks: 4 bytes every 8 + round
        const aBytes = Array.from({ length: 64 }, (_, i) => a[Math.floor(i / 4) * (8 + round) + (i % 4)]!)
        rounds.push([...aBytes, ...b])
      }
      return { rounds, ctsDataIds: puts.filter(([k]) => k === KIND_CTS).map(([, , dataId]) => dataId) }
    })
    const results = r.results[1]!
    for (let round = 0; round < 3; round++) {
      const want = [...Array.from({ length: 64 }, (_, i) => (100 + round + i) & 0xff), ...Array.from({ length: 64 }, (_, i) => (200 - round - i) & 0xff)]
      expect(results.rounds[round]).toEqual(want)
    }
    // The premise: in each round B's CTS, naming the data ME posted second (the higher id, A's
    // being linked), left before A's.
    const receives = r.stats.receives.filter((x) => x.tag === 1)
    expect(receives.map((x) => [x.strategy, x.prepPs > 0])).toEqual([['rw-cp', true], ['rw-cp', true], ['rw-cp', true]])
    expect(results.ctsDataIds).toEqual([1, 0, 1, 0, 1, 0])
  })
})
