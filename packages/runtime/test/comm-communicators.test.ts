import { describe, expect, it } from 'vitest'
import { ANY_SOURCE, ANY_TAG, dimsCreate, PROC_NULL, run, types, UNDEFINED, type Comm } from '../src/index.js'

const I32 = types.INT32
const F64 = types.FLOAT64

describe('split', () => {
  it('orders each color by key, then by old rank; UNDEFINED gives null', async () => {
    const r = await run({ ranks: 7 }, async (comm) => {
      const color = comm.rank === 6 ? UNDEFINED : comm.rank % 2
      const key = comm.rank < 4 ? -comm.rank : 0 // ranks 4 and 5 tie at key 0: old rank decides
      const sub = await comm.split(color, key)
      return sub === null ? null : [sub.rank, sub.size, sub.group.worldRanks()]
    })
    // color 0: ranks 0 (key 0), 2 (key -2), 4 (key 0) -> order 2, 0, 4
    // color 1: ranks 1 (key -1), 3 (key -3), 5 (key 0) -> order 3, 1, 5
    expect(r.results).toEqual([
      [1, 3, [2, 0, 4]], [1, 3, [3, 1, 5]], [0, 3, [2, 0, 4]], [0, 3, [3, 1, 5]], [2, 3, [2, 0, 4]], [2, 3, [3, 1, 5]], null,
    ])
  })

  it('point-to-point and statuses use the new ranks; collectives run on each part at once', async () => {
    const r = await run({ ranks: 8 }, async (comm) => {
      const sub = (await comm.split(comm.rank % 2, comm.rank))!
      // ring inside the part, wildcard source: status.source is the sub-communicator's rank
      const right = (sub.rank + 1) % sub.size, left = (sub.rank + sub.size - 1) % sub.size
      const got = new Int32Array(1)
      const rq = sub.irecv(got, 1, I32, ANY_SOURCE, ANY_TAG)
      await sub.send(Int32Array.of(comm.rank), 1, I32, right, 3)
      const st = await sub.wait(rq)
      const sum = new Float64Array(1)
      await sub.allreduce(Float64Array.of(comm.rank), sum, 1, F64, 'SUM')
      return [sub.rank, st.source, got[0], sum[0]]
    })
    expect(r.results).toEqual([
      [0, 3, 6, 12], [0, 3, 7, 16], [1, 0, 0, 12], [1, 0, 1, 16], [2, 1, 2, 12], [2, 1, 3, 16], [3, 2, 4, 12], [3, 2, 5, 16],
    ])
  })

  it('an offloaded bcast on a sub-communicator reaches exactly its members (NICs addressed by world rank)', async () => {
    const n = 8192 // several packets: the NIC-forwarded algorithms
    for (const algorithm of ['binomial', 'nic-stream', 'nic-store', 'nic-binary'] as const) {
      const r = await run({ ranks: 6 }, async (comm) => {
        const sub = (await comm.split(comm.rank < 3 ? 0 : 1, -comm.rank))!
        const buf = new Float64Array(n)
        if (sub.rank === 1) buf.fill(100 + comm.rank)
        await sub.bcast(buf, n, F64, 1, { algorithm })
        return buf.every((v) => v === buf[0]) ? buf[0] : -1
      })
      // part 0 (ranks 2, 1, 0): sub rank 1 is world rank 1; part 1 (5, 4, 3): world rank 4
      expect(r.results, algorithm).toEqual([101, 101, 101, 104, 104, 104])
    }
  })
})

describe('communicator isolation', () => {
  it('a message on COMM_WORLD never matches a receive on its dup (same source and tag, wildcards too)', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      const dup = await comm.dup()
      const got: number[] = []
      if (comm.rank === 0) {
        await comm.send(Int32Array.of(1), 1, I32, 1, 5)
        await dup.send(Int32Array.of(2), 1, I32, 1, 5)
      } else {
        const b = new Int32Array(1)
        const s = await dup.recv(b, 1, I32, ANY_SOURCE, ANY_TAG)
        got.push(b[0]!, s.source, s.tag)
        await comm.recv(b, 1, I32, 0, 5)
        got.push(b[0]!)
      }
      return [dup.name, dup.rank, ...got]
    })
    expect(r.results).toEqual([['dup(COMM_WORLD)', 0], ['dup(COMM_WORLD)', 1, 2, 0, 5, 1]])
  })

  it('create from a rank list: members in list order, others null; free releases the context', async () => {
    const r = await run({ ranks: 4 }, async (comm) => {
      const sub = await comm.create([3, 1])
      const out: unknown[] = [sub === null ? null : [sub.rank, sub.size]]
      if (sub !== null) {
        const b = new Int32Array(1)
        if (sub.rank === 0) b[0] = 42
        await sub.bcast(b, 1, I32, 0)
        out.push(b[0])
        sub.free()
        out.push(await sub.barrier().then(() => 'ok', (e: Error) => e.message))
      }
      return out
    })
    expect(r.results).toEqual([
      [null], [[1, 2], 42, 'barrier(): communicator create(COMM_WORLD) was freed'], [null], [[0, 2], 42, 'barrier(): communicator create(COMM_WORLD) was freed'],
    ])
  })

  it('127 communicators can live beside COMM_WORLD; the next creation fails; freeing makes room again', async () => {
    const r = await run({ ranks: 2, mode: 'timing' }, async (comm) => {
      const live: Comm[] = []
      for (let i = 0; i < 127; i++) live.push(await comm.dup())
      const full = await comm.dup().then(() => 'created', (e: Error) => e.message)
      live[5]!.free()
      const again = await comm.dup()
      let worldFree = ''
      try {
        comm.free()
      } catch (e) {
        worldFree = (e as Error).message
      }
      return [full, again.size, worldFree]
    })
    const full = 'dup() on COMM_WORLD: no free communicator context (128 live communicators at a process; free some with comm.free())'
    expect(r.results).toEqual([[full, 2, 'free: COMM_WORLD cannot be freed'], [full, 2, 'free: COMM_WORLD cannot be freed']])
  })
})

describe('Cartesian topologies', () => {
  it('dimsCreate balances and keeps fixed dimensions', () => {
    expect(dimsCreate(12, [0, 0])).toEqual([4, 3])
    expect(dimsCreate(24, [0, 0, 0])).toEqual([4, 3, 2])
    expect(dimsCreate(6, [0, 3, 0])).toEqual([2, 3, 1])
    expect(dimsCreate(7, [0, 0])).toEqual([7, 1])
    expect(dimsCreate(16, [0, 0])).toEqual([4, 4])
    expect(() => dimsCreate(10, [3, 0])).toThrow('dimsCreate(10, [3,0]): the fixed dimensions (product 3) do not divide 10')
  })

  it('coords, rank and shift on a 2 x 3 grid periodic in dimension 0 only; extra ranks get null', async () => {
    const r = await run({ ranks: 7 }, async (comm) => {
      const cart = await comm.createCart([2, 3], [true, false])
      if (cart === null) return null
      return {
        coords: cart.cartCoords(cart.rank),
        down: cart.cartShift(0, 1),
        right: cart.cartShift(1, 1),
        wrapped: cart.cartRank([-1, 2]),
      }
    })
    expect(r.results[6]).toBe(null)
    expect(r.results[0]).toEqual({ coords: [0, 0], down: { source: 3, dest: 3 }, right: { source: PROC_NULL, dest: 1 }, wrapped: 5 })
    expect(r.results[2]).toEqual({ coords: [0, 2], down: { source: 5, dest: 5 }, right: { source: 1, dest: PROC_NULL }, wrapped: 5 })
    expect(r.results[4]).toEqual({ coords: [1, 1], down: { source: 1, dest: 1 }, right: { source: 3, dest: 5 }, wrapped: 5 })
  })

  it('cartSub keeps the marked dimensions: rows and columns of a 2 x 3 grid', async () => {
    const r = await run({ ranks: 6 }, async (comm) => {
      const cart = (await comm.createCart([2, 3], [false, false]))!
      const row = await cart.cartSub([false, true])
      const col = await cart.cartSub([true, false])
      const rowSum = new Int32Array(1), colSum = new Int32Array(1)
      await row.allreduce(Int32Array.of(comm.rank), rowSum, 1, I32, 'SUM')
      await col.allreduce(Int32Array.of(comm.rank), colSum, 1, I32, 'SUM')
      return [row.rank, row.size, row.topology!.dims, col.rank, col.size, rowSum[0], colSum[0]]
    })
    expect(r.results).toEqual([
      [0, 3, [3], 0, 2, 3, 3], [1, 3, [3], 0, 2, 3, 5], [2, 3, [3], 0, 2, 3, 7],
      [0, 3, [3], 1, 2, 12, 3], [1, 3, [3], 1, 2, 12, 5], [2, 3, [3], 1, 2, 12, 7],
    ])
  })

  it('PROC_NULL peers at the edges: send and receive complete at once with an empty status', async () => {
    const r = await run({ ranks: 3 }, async (comm) => {
      const line = (await comm.createCart([3], [false]))!
      const { source, dest } = line.cartShift(0, 1)
      const got = Int32Array.of(-1)
      const st = await line.sendrecv(Int32Array.of(line.rank), 1, I32, dest, 0, got, 1, I32, source, 0)
      return [got[0], st.source, st.getCount(I32)]
    })
    expect(r.results).toEqual([[-1, PROC_NULL, 0], [0, 0, 1], [1, 1, 1]])
  })
})

describe('groups and argument errors (one line, naming the call)', () => {
  it('Group: incl, excl, translateRanks', async () => {
    const r = await run({ ranks: 5 }, async (comm) => {
      const odd = comm.group.incl([3, 1])
      const rest = comm.group.excl([0, 2])
      return [odd.worldRanks(), rest.worldRanks(), odd.translateRanks([0, 1], rest), rest.translateRanks([0, 1, 2], odd)]
    })
    expect(r.results[0]).toEqual([[3, 1], [1, 3, 4], [1, 0], [1, 0, UNDEFINED]])
  })

  it('bad colors, groups, grids and coordinates', async () => {
    const r = await run({ ranks: 4 }, async (comm) => {
      const errors: string[] = []
      const catching = async (f: () => unknown) => {
        try {
          await f()
        } catch (e) {
          errors.push((e as Error).message)
        }
      }
      await catching(() => comm.split(-5, 0))
      await catching(() => comm.create([0, 9]))
      await catching(() => comm.createCart([3, 2], [false, false]))
      await catching(() => comm.cartShift(0, 1))
      const line = (await comm.createCart([4], [false]))!
      await catching(() => line.cartRank([4]))
      await catching(() => line.cartShift(1, 1))
      return errors
    })
    expect(r.results[0]).toEqual([
      'split(color=-5, key=0): color must be a non-negative integer or UNDEFINED, got -5',
      'group.incl: 9 is not a rank of this 4-process group',
      'createCart(dims=[3,2], periods=[false,false]): the grid has 6 processes but the communicator only 4',
      'cartShift: communicator COMM_WORLD has no Cartesian topology (make one with createCart)',
      'cartRank([4]): coords[0] = 4 is outside the non-periodic dimension of size 4',
      'cartShift(1, 1): direction 1 is not a dimension of the 1-d grid',
    ])
  })
})
