// A user's sendrecv takes its send and receive calls (with their requests, the receive's ME
// options and rendezvous data phase) from its communicator's pools and gives them back once both
// are observed (p2p.ts). Nothing of one call may show in another: each status the user keeps
// names its own message, each receive gets its own bytes, and a run with reuse gives exactly
// what a run gives where released calls are poisoned and never taken again.
import { describe, expect, it } from 'vitest'
import { ANY_SOURCE, ANY_TAG, run, setSeriesCallReuse, types, type Status } from '../src/internal.js'

const BYTE = types.BYTE
const STRIDED = types.vector(8, 2, 4, BYTE).commit()

/** Round k's message from rank r: its size (eager and rendezvous alternate) and its bytes. */
const sizeOf = (k: number) => [3, 200, 16, 64, 120][k % 5]!
const byteOf = (k: number, r: number, i: number) => (k * 31 + r * 7 + i) & 0xff

async function ring(reuse: boolean) {
  const was = setSeriesCallReuse(reuse)
  try {
    return await run({ ranks: 3, strategy: 'rw-cp', overrides: { 'network.eagerLimitBytes': 64 } }, async (comm) => {
      const r = comm.rank
      const next = (r + 1) % 3
      const prev = (r + 2) % 3
      const kept: Status[] = []
      const got: number[][] = []
      for (let k = 0; k < 12; k++) {
        const n = sizeOf(k)
        const out = new Uint8Array(n).map((_, i) => byteOf(k, r, i))
        // every third round receives with a strided type (an offloaded rendezvous) into a
        // larger buffer, every fourth with wildcards
        const strided = k % 3 === 2 && n % 16 === 0
        const inBuf = new Uint8Array(strided ? (n / 16) * STRIDED.extent : n + 8).fill(0xee)
        const wild = k % 4 === 3
        const st = strided
          ? await comm.sendrecv(out, n, BYTE, next, k, inBuf, n / 16, STRIDED, wild ? ANY_SOURCE : prev, wild ? ANY_TAG : k)
          : await comm.sendrecv(out, n, BYTE, next, k, inBuf, n + 8, BYTE, wild ? ANY_SOURCE : prev, wild ? ANY_TAG : k)
        kept.push(st)
        const bytes = strided
          ? Array.from({ length: n }, (_, i) => inBuf[Math.floor(i / 16) * STRIDED.extent + Math.floor((i % 16) / 2) * 4 + (i % 2)]!)
          : Array.from(inBuf.subarray(0, n))
        got.push(bytes)
      }
      // read only now: a status reused by a later call would name that call's message
      return { statuses: kept.map((s) => [s.source, s.tag, s.getCount(BYTE)]), got }
    })
  } finally {
    setSeriesCallReuse(was)
  }
}

describe("a user's sendrecv with pooled calls", () => {
  it('keeps every status and receive its own, and gives what fresh, poisoned calls give', async () => {
    const reused = await ring(true)
    for (const [r, res] of reused.results.entries()) {
      const prev = (r + 2) % 3
      for (let k = 0; k < 12; k++) {
        expect(res.statuses[k]).toEqual([prev, k, sizeOf(k)])
        expect(res.got[k]).toEqual(Array.from({ length: sizeOf(k) }, (_, i) => byteOf(k, prev, i)))
      }
    }
    const fresh = await ring(false)
    expect(reused.results).toEqual(fresh.results)
    expect(reused.endTimes.ps).toEqual(fresh.endTimes.ps)
    expect(reused.stats.receives).toEqual(fresh.stats.receives)
  })
})
