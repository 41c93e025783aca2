import { describe, expect, it } from 'vitest'
import { IN_PLACE, run, types, type Comm } from '../src/index.js'

// A collective's buffer too small for what the call moves is ERR_BUFFER naming the collective, the
// argument and the peer whose block does not fit, found before any message is posted; it used to
// surface from an internal message ("coll.irecv(source=2, tag=5): ..."), a call the user never made.

const I32 = types.INT32

async function failure(p: Promise<unknown>): Promise<{ cls: string; message: string }> {
  try {
    await p
  } catch (e) {
    const err = e as Error & { errorClass?: string }
    return { cls: err.errorClass ?? '', message: err.message }
  }
  throw new Error('expected a failure')
}

const ints = (n: number) => new Int32Array(n)
const counts = [2, 2, 2, 2], displs = [0, 2, 4, 6]

describe('collective buffers too small name the call, the argument and the peer', () => {
  const cases: [string, (c: Comm) => Promise<unknown>, string][] = [
    ['gather root recvbuf', (c) => c.gather(ints(2), 2, I32, ints(4), 2, I32, 0),
      'rank 0: gather(root=0) recvbuf (block of rank 2): buffer of 16 B at byte offset 16 is too small for 2 x int32 (needs bytes [16, 24))'],
    ['gather non-root sendbuf', (c) => c.gather(ints(c.rank === 1 ? 1 : 2), 2, I32, ints(8), 2, I32, 0),
      'rank 1: gather(root=0) sendbuf: buffer of 4 B at byte offset 0 is too small for 2 x int32 (needs bytes [0, 8))'],
    ['scatter root sendbuf', (c) => c.scatter(ints(4), 2, I32, ints(2), 2, I32, 0),
      'rank 0: scatter(root=0) sendbuf (block of rank 2): buffer of 16 B at byte offset 16 is too small for 2 x int32 (needs bytes [16, 24))'],
    ['scatter non-root recvbuf', (c) => c.scatter(ints(8), 2, I32, ints(c.rank === 1 ? 1 : 2), 2, I32, 0),
      'rank 1: scatter(root=0) recvbuf: buffer of 4 B at byte offset 0 is too small for 2 x int32 (needs bytes [0, 8))'],
    ['gatherv root recvbuf', (c) => c.gatherv(ints(2), 2, I32, ints(4), counts, displs, I32, 0),
      'rank 0: gatherv(root=0) recvbuf (block of rank 2): buffer of 16 B at byte offset 16 is too small for 2 x int32 (needs bytes [16, 24))'],
    ['scatterv root sendbuf', (c) => c.scatterv(ints(2), counts, displs, I32, ints(2), 2, I32, 0),
      'rank 0: scatterv(root=0) sendbuf (block of rank 1): buffer of 8 B at byte offset 8 is too small for 2 x int32 (needs bytes [8, 16))'],
    ['allgather recvbuf of rank 0', (c) => c.allgather(ints(2), 2, I32, ints(c.rank === 0 ? 2 : 8), 2, I32),
      'rank 0: allgather recvbuf (block of rank 1): buffer of 8 B at byte offset 8 is too small for 2 x int32 (needs bytes [8, 16))'],
    ['allgatherv recvbuf of rank 0', (c) => c.allgatherv(ints(2), 2, I32, ints(c.rank === 0 ? 2 : 8), counts, displs, I32),
      'rank 0: allgatherv recvbuf (block of rank 1): buffer of 8 B at byte offset 8 is too small for 2 x int32 (needs bytes [8, 16))'],
    ['alltoall sendbuf', (c) => c.alltoall(ints(c.rank === 0 ? 2 : 8), 2, I32, ints(8), 2, I32),
      'rank 0: alltoall sendbuf (block of rank 1): buffer of 8 B at byte offset 8 is too small for 2 x int32 (needs bytes [8, 16))'],
    ['alltoallv recvbuf', (c) => c.alltoallv(ints(8), counts, displs, I32, ints(c.rank === 0 ? 2 : 8), counts, displs, I32),
      'rank 0: alltoallv recvbuf (block of rank 1): buffer of 8 B at byte offset 8 is too small for 2 x int32 (needs bytes [8, 16))'],
    ['in-place alltoall recvbuf', (c) => c.alltoall(IN_PLACE, 0, I32, ints(c.rank === 0 ? 6 : 8), 2, I32),
      'rank 0: alltoall recvbuf (block of rank 3): buffer of 24 B at byte offset 24 is too small for 2 x int32 (needs bytes [24, 32))'],
    ['reduceScatter sendbuf', (c) => c.reduceScatter(ints(c.rank === 0 ? 2 : 8), ints(2), counts, I32, 'SUM'),
      'rank 0: reduceScatter sendbuf: buffer of 8 B at byte offset 0 is too small for 8 x int32 (needs bytes [0, 32))'],
    ['igather non-root sendbuf (named after its blocking form, as other nonblocking errors)',
      (c) => c.wait(c.igather(ints(c.rank === 1 ? 1 : 2), 2, I32, ints(8), 2, I32, 0)),
      'rank 1: igather(root=0): gather(root=0) sendbuf: buffer of 4 B at byte offset 0 is too small for 2 x int32 (needs bytes [0, 8))'],
  ]
  for (const [label, call, message] of cases) {
    it(label, async () => {
      expect(await failure(run({ ranks: 4 }, (comm) => call(comm)))).toEqual({ cls: 'ERR_BUFFER', message })
    })
  }

  it('a block at an offset of a bufferAt is checked from that offset; blocks that fit run as before', async () => {
    const f = await failure(run({ ranks: 2 }, (c) => c.gather(ints(1), 1, I32, { data: ints(2), byteOffset: 4 }, 1, I32, 0)))
    expect(f).toEqual({ cls: 'ERR_BUFFER', message:
      'rank 0: gather(root=0) recvbuf (block of rank 1): buffer of 8 B at byte offset 8 is too small for 1 x int32 (needs bytes [8, 12))' })
    const r = await run({ ranks: 2 }, async (c) => {
      const all = ints(3).fill(-1)
      await c.gather(Int32Array.of(c.rank + 5), 1, I32, c.rank === 0 ? { data: all, byteOffset: 4 } : null, 1, I32, 0)
      return Array.from(all)
    })
    expect(r.results).toEqual([[-1, 5, 6], [-1, -1, -1]])
  })

  it('timing mode checks no sizes (null buffers carry no bytes)', async () => {
    const r = await run({ ranks: 3, mode: 'timing' }, async (c) => {
      await c.gather(null, 2, I32, null, 2, I32, 0)
      await c.alltoallv(null, [1, 1, 1], [0, 1, 2], I32, ints(1), [1, 1, 1], [0, 1, 2], I32)
      return c.rank
    })
    expect(r.results).toEqual([0, 1, 2])
  })

  it('a send side larger than the receive side names both counts and types (ERR_TRUNCATE)', async () => {
    const F64 = types.FLOAT64
    expect(await failure(run({ ranks: 2 }, (c) => c.alltoall(new Float64Array(8), 4, F64, new Float64Array(6), 3, F64)))).toEqual({
      cls: 'ERR_TRUNCATE', message: 'rank 0: alltoall own block: sendcount 4 x float64 (32 B) does not fit recvcount 3 x float64 (24 B)',
    })
    expect(await failure(run({ ranks: 2 }, (c) => c.gather(ints(3), 3, I32, ints(4), 2, I32, 0)))).toEqual({
      cls: 'ERR_TRUNCATE', message: 'rank 0: gather(root=0): sendcount 3 x int32 (12 B) does not fit recvcount 2 x int32 (8 B)',
    })
  })
})
