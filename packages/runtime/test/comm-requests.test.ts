import { describe, expect, it } from 'vitest'
import {
  ERR_TRUNCATE, InStatusError, PROC_NULL, REQUEST_NULL, run, testCancelled, types, UNDEFINED, type Request,
} from '../src/index.js'

const I32 = types.INT32

describe('MPI request rules', () => {
  it('the waitany loop ends: completed requests become inactive, then UNDEFINED; waitany([]) is UNDEFINED', async () => {
    const r = await run({ ranks: 4 }, async (comm) => {
      if (comm.rank !== 0) {
        await comm.compute(1000 * (4 - comm.rank)) // rank 3 sends first, rank 1 last
        await comm.send(Int32Array.of(comm.rank * 10), 1, I32, 0, 1)
        return null
      }
      const bufs = [1, 2, 3].map(() => new Int32Array(1))
      const reqs = [1, 2, 3].map((src, i) => comm.irecv(bufs[i]!, 1, I32, src, 1))
      const order: number[] = []
      for (;;) {
        const { index, status } = await comm.waitany(reqs)
        if (index === UNDEFINED) break
        order.push(index, status.source, bufs[index]![0]!)
      }
      const again = await comm.wait(reqs[0]!)
      const none = await comm.waitany([])
      return { order, inactive: reqs.map((q) => q.active), again: [again.source, again.tag, again.bytes], none: none.index }
    })
    expect(r.results[0]).toEqual({
      order: [2, 3, 30, 1, 2, 20, 0, 1, 10], inactive: [false, false, false], again: [PROC_NULL, -1, 0], none: UNDEFINED,
    })
  })

  it('testany / testsome / waitsome / testall follow MPI: null when nothing is done, UNDEFINED when nothing is active', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 1) {
        await comm.recv(null, 0, I32, 0, 9) // go-ahead
        await comm.send(Int32Array.of(5), 1, I32, 0, 1)
        await comm.send(Int32Array.of(6), 1, I32, 0, 2)
        return null
      }
      const a = new Int32Array(1), b = new Int32Array(1)
      const reqs: Request[] = [comm.irecv(a, 1, I32, 1, 1), REQUEST_NULL, comm.irecv(b, 1, I32, 1, 2)]
      const before = [await comm.testany(reqs), (await comm.testsome(reqs)).count, await comm.testall(reqs)]
      await comm.send(null, 0, I32, 1, 9)
      const some = await comm.waitsome(reqs)
      const rest = some.count === 2 ? { count: 0, indices: [] as number[] } : await comm.waitsome(reqs)
      const after = [(await comm.testany(reqs))!.index, (await comm.testsome(reqs)).count, (await comm.waitsome(reqs)).count]
      const all = await comm.testall(reqs)
      return { before, got: [...some.indices, ...rest.indices].sort(), values: [a[0], b[0]], after, all: all!.map((s) => s.source) }
    })
    expect(r.results[0]).toEqual({
      before: [null, 0, null], got: [0, 2], values: [5, 6], after: [UNDEFINED, UNDEFINED, UNDEFINED], all: [PROC_NULL, PROC_NULL, PROC_NULL],
    })
  })

  it('waitall returns every status: a failed request does not hide the others (InStatusError)', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) {
        await comm.send(Int32Array.of(1, 2), 2, I32, 1, 1)
        await comm.send(Int32Array.of(3), 1, I32, 1, 2)
        return null
      }
      const small = new Int32Array(1), ok = new Int32Array(1)
      const reqs = [comm.irecv(small, 1, I32, 0, 1), comm.irecv(ok, 1, I32, 0, 2)]
      try {
        await comm.waitall(reqs)
        return 'no error'
      } catch (e) {
        const err = e as InStatusError
        return [err.name, err.errorClass, err.statuses.map((s) => [s.error, s.bytes]), err.errors[1], ok[0], err.message]
      }
    })
    expect(r.results[1]).toEqual([
      'InStatusError', ERR_TRUNCATE, [[ERR_TRUNCATE, 4], [null, 4]], null, 3,
      'waitall: 1 of 2 requests failed: [0] irecv(source=0, tag=1, count=1 x int32): message of 8 B from rank 0 (tag 1) truncated to the 4 B receive buffer (1 x int32)',
    ])
  })
})

describe('synchronous send', () => {
  it('ssend completes only after the receive is posted; send of the same eager message does not wait', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 1) {
        await comm.compute(20_000) // 20 us before posting either receive
        const postedAt = comm.nowPs()
        await comm.recv(new Int32Array(1), 1, I32, 0, 1)
        await comm.recv(new Int32Array(1), 1, I32, 0, 2)
        return postedAt
      }
      await comm.send(Int32Array.of(1), 1, I32, 1, 1)
      const sendDone = comm.nowPs()
      await comm.ssend(Int32Array.of(2), 1, I32, 1, 2)
      return [sendDone, comm.nowPs()]
    })
    const [sendDone, ssendDone] = r.results[0] as number[]
    const postedAt = r.results[1] as number
    expect(sendDone).toBeLessThan(postedAt)
    expect(ssendDone).toBeGreaterThan(postedAt)
    expect(r.stats.rendezvousMessages).toBe(1) // the 4-byte ssend used the handshake
  })

  it('issend with test: not complete while no receive matched it', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 1) {
        await comm.recv(null, 0, I32, 0, 9)
        await comm.recv(new Int32Array(1), 1, I32, 0, 1)
        return null
      }
      const q = comm.issend(Int32Array.of(7), 1, I32, 1, 1)
      await comm.compute(50_000)
      const early = await comm.test(q)
      await comm.send(null, 0, I32, 1, 9)
      await comm.wait(q)
      return [early, q.done, q.active]
    })
    expect(r.results[0]).toEqual([null, true, false])
  })
})

describe('sendrecvReplace and cancel', () => {
  it('sendrecvReplace shifts a ring in place', async () => {
    const r = await run({ ranks: 4 }, async (comm) => {
      const buf = Int32Array.of(comm.rank * 10, comm.rank * 10 + 1)
      const st = await comm.sendrecvReplace(buf, 2, I32, (comm.rank + 1) % 4, 0, (comm.rank + 3) % 4, 0)
      return [...buf, st.source]
    })
    expect(r.results).toEqual([[30, 31, 3], [0, 1, 0], [10, 11, 1], [20, 21, 2]])
  })

  it('a pending receive is cancelled; a matched one is not; sends cannot be', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) {
        await comm.send(Int32Array.of(8), 1, I32, 1, 3)
        return null
      }
      const never = comm.irecv(new Int32Array(1), 1, I32, 0, 99)
      comm.cancel(never)
      const st = await comm.wait(never)
      await comm.probe(0, 3) // the message is here: the receive below matches it at once
      const b = new Int32Array(1)
      const matched = comm.irecv(b, 1, I32, 0, 3)
      comm.cancel(matched)
      const st2 = await comm.wait(matched)
      let sendCancel = ''
      try {
        comm.cancel(comm.isend(null, 0, I32, PROC_NULL, 0))
        comm.cancel(comm.isend(Int32Array.of(1), 1, I32, 0, 5))
      } catch (e) {
        sendCancel = (e as Error).message
      }
      return [st.cancelled, testCancelled(st), st2.cancelled, b[0], sendCancel]
    })
    expect(r.results[1]).toEqual([
      true, true, false, 8, 'cancel(isend(dest=0, tag=5, count=1 x int32)): only receives can be cancelled (MPI-4 deprecates cancelling sends)',
    ])
    expect(r.stats.unreceived).toEqual([{ rank: 0, source: 1, tag: 5, bytes: 4, contextId: 0, collective: false }])
    // the cancelled receive is not left over; nothing else was posted unmatched
    expect(r.stats.unmatchedReceives).toEqual([])
  })

  it('receives no message matched by the end are listed by rank with their call; matched, cancelled and collective ones are not', async () => {
    const r = await run({ ranks: 3 }, async (comm) => {
      if (comm.rank === 2) {
        comm.irecv(new Int32Array(2), 2, I32, 0, 7)
        comm.irecv(new Int32Array(1), 1, I32, comm.ANY_SOURCE, comm.ANY_TAG)
        comm.cancel(comm.irecv(new Int32Array(1), 1, I32, 1, 1))
      }
      if (comm.rank === 1) await comm.recv(new Int32Array(1), 1, I32, 0, 3)
      if (comm.rank === 0) await comm.send(Int32Array.of(5), 1, I32, 1, 3)
      await comm.allreduce(Int32Array.of(1), new Int32Array(1), 1, I32, 'SUM')
      return comm.rank
    })
    expect(r.stats.unmatchedReceives).toEqual([
      { rank: 2, call: 'irecv(source=0, tag=7, count=2 x int32)' },
      { rank: 2, call: 'irecv(source=ANY_SOURCE, tag=ANY_TAG, count=1 x int32)' },
    ])
    const clean = await run({ ranks: 2 }, (comm) => comm.barrier())
    expect(clean.stats.unmatchedReceives).toEqual([])
  })
})
