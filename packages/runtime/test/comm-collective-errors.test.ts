import { describe, expect, it } from 'vitest'
import { BUILTIN_OPS, run, types, type ReduceOp } from '../src/index.js'
import { Cluster } from '@spinmpi/nic'
import { receiveStrategy } from '../src/internal.js'

const F64 = types.FLOAT64

async function failure(p: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await p
  } catch (e) {
    return { name: (e as Error).name, message: (e as Error).message }
  }
  throw new Error('expected a failure')
}

describe('errors inside collectives name the user call and the ranks', () => {
  it('a rank that skips an allreduce: the deadlock report shows allreduce, not its internal messages', async () => {
    const f = await failure(run({ ranks: 4 }, async (comm) => {
      if (comm.rank === 3) return
      await comm.allreduce(new Float64Array(4), new Float64Array(4), 4, F64, 'SUM')
    }))
    expect(f.name).toBe('DeadlockError')
    const lines = f.message.split('\n')
    expect(lines[0]).toBe('deadlock at 2145.623 ns: 3 rank(s) blocked and no event left')
    expect(lines.slice(1)).toEqual([
      '  rank 0: allreduce(count=4, float64, SUM) on COMM_WORLD',
      '  rank 1: allreduce(count=4, float64, SUM) on COMM_WORLD',
      '  rank 2: allreduce(count=4, float64, SUM) on COMM_WORLD',
      '  allreduce(count=4, float64, SUM) on COMM_WORLD, collective call #1: entered by its rank(s) 0, 1, 2, not by its rank(s) 3',
    ])
  })

  it('a deadlock inside a sub-communicator names it', async () => {
    const f = await failure(run({ ranks: 4 }, async (comm) => {
      const sub = (await comm.split(comm.rank % 2, 0))!
      if (comm.rank === 1) return
      await sub.barrier()
    }))
    expect(f.message.split('\n').slice(1)).toEqual([
      '  rank 3: barrier() on split(COMM_WORLD, color=1)', // world rank 3 is rank 1 of the odd half
      '  barrier() on split(COMM_WORLD, color=1), collective call #1: entered by its rank(s) 1, not by its rank(s) 0',
    ])
  })

  it('bcast with different roots is an error at the rank that disagrees', async () => {
    const f = await failure(run({ ranks: 3 }, async (comm) => {
      await comm.bcast(new Float64Array(4), 4, F64, comm.rank === 2 ? 1 : 0)
    }))
    expect(f.message).toBe('rank 2: collective mismatch on COMM_WORLD (collective call #1): rank 0 called bcast(count=4, float64, root=0), ' +
      'rank 2 called bcast(count=4, float64, root=1): different roots')
  })

  it('bcast with different algorithms is a mismatch, not a deadlock; auto and the algorithm it resolves to agree', async () => {
    // 8 KiB is above sc19's 2 KiB MTU: auto resolves to nic-stream; rank 1's host tree would wait forever
    const buf = () => new Float64Array(1024)
    const f = await failure(run({ ranks: 4 }, async (comm) => {
      await comm.bcast(buf(), 1024, F64, 0, { algorithm: comm.rank === 1 ? 'binomial' : 'nic-stream' })
    }))
    expect(f.message).toBe('rank 1: collective mismatch on COMM_WORLD (collective call #1): rank 0 called bcast(count=1024, float64, root=0), ' +
      'rank 1 called bcast(count=1024, float64, root=0): different algorithms (nic-stream and binomial)')
    const g = await failure(run({ ranks: 2 }, async (comm) => {
      await comm.wait(comm.ibcast(buf(), 1024, F64, 0, comm.rank === 0 ? undefined : { algorithm: 'nic-store' }))
    }))
    expect(g.message).toMatch(/^rank 1: collective mismatch .*: different algorithms \(auto = nic-stream and nic-store\)$/)
    const ok = await run({ ranks: 4 }, async (comm) => {
      const b = buf()
      if (comm.rank === 0) b.fill(3)
      await comm.bcast(b, 1024, F64, 0, comm.rank % 2 === 0 ? { algorithm: 'nic-stream' } : undefined)
      await comm.bcast(b, 1, F64, 0, comm.rank % 2 === 0 ? { algorithm: 'binomial' } : { algorithm: 'auto' })
      return b[1023]
    })
    expect(ok.results).toEqual([3, 3, 3, 3])
  })

  it('a bcast or allreduce whose ranks name different element types is a mismatch, with NIC forwarding too', async () => {
    // the same 128 B: the host tree's receive caught it, the NICs forwarded the bytes unchecked
    for (const algorithm of ['binomial', 'nic-stream', 'nic-binary'] as const) {
      const f = await failure(run({ ranks: 4 }, async (comm) => {
        await comm.bcast(new Float64Array(16), 16, comm.rank === 1 ? types.INT64 : F64, 0, { algorithm })
      }))
      expect(f.message).toBe('rank 1: collective mismatch on COMM_WORLD (collective call #1): rank 0 called bcast(count=16, float64, root=0), ' +
        'rank 1 called bcast(count=16, int64, root=0): different element types (float64 and int64)')
    }
    const a = await failure(run({ ranks: 2 }, async (comm) => {
      const t = comm.rank === 1 ? types.INT32 : types.FLOAT32
      await comm.allreduce(new Float32Array(4), new Float32Array(4), 4, t, 'SUM')
    }))
    expect(a.message).toMatch(/: different element types \(float32 and int32\)$/)
    // the same signature built differently, and bytes, still agree
    const same = await run({ ranks: 2 }, async (comm) => {
      const b = new Float64Array(16)
      if (comm.rank === 0) b.fill(5)
      await comm.bcast(b, comm.rank === 0 ? 16 : 2, comm.rank === 0 ? F64 : types.contiguous(8, F64).commit(), 0, { algorithm: 'nic-stream' })
      await comm.bcast(b, comm.rank === 0 ? 128 : 16, comm.rank === 0 ? types.BYTE : F64, 0)
      return b[15]
    })
    expect(same.results).toEqual([5, 5])
  })

  it('gatherv and its nonblocking form with different roots are errors too (MPI argument names in the label)', async () => {
    const gv = (comm: { rank: number }, root: number) => [new Float64Array(1), 1, F64, new Float64Array(3), [1, 1, 1], [0, 1, 2], F64, root] as const
    const f = await failure(run({ ranks: 3 }, async (comm) => {
      await comm.gatherv(...gv(comm, comm.rank === 2 ? 1 : 0))
    }))
    expect(f.message).toBe('rank 2: collective mismatch on COMM_WORLD (collective call #1): ' +
      'rank 0 called gatherv(count=1, float64, counts=[1,1,1], [0,1,2], float64, root=0), ' +
      'rank 2 called gatherv(count=1, float64, counts=[1,1,1], [0,1,2], float64, root=1): different roots')
    const g = await failure(run({ ranks: 3 }, async (comm) => {
      await comm.wait(comm.igatherv(...gv(comm, comm.rank === 2 ? 1 : 0)))
    }))
    expect(g.message).toMatch(/^rank 2: collective mismatch .*igatherv\(.*root=1\): different roots$/)
  })

  it('allreduce with different counts, and different collectives in the same position', async () => {
    const counts = await failure(run({ ranks: 2 }, async (comm) => {
      await comm.barrier()
      const n = comm.rank === 0 ? 4 : 8
      await comm.allreduce(new Float64Array(n), new Float64Array(n), n, F64, 'MAX')
    }))
    // rank 1 leaves the barrier first, so rank 0 is the one that finds the disagreement
    expect(counts.message).toBe('rank 0: collective mismatch on COMM_WORLD (collective call #2): rank 1 called allreduce(count=8, float64, MAX), ' +
      'rank 0 called allreduce(count=4, float64, MAX): different data sizes (64 B and 32 B)')
    const calls = await failure(run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) await comm.barrier()
      else await comm.reduce(new Float64Array(1), new Float64Array(1), 1, F64, 'SUM', 0)
    }))
    expect(calls.message).toBe('rank 1: collective mismatch on COMM_WORLD (collective call #1): rank 0 called barrier(), ' +
      'rank 1 called reduce(count=1, float64, SUM, root=0): different collectives')
  })
})

describe('a receive strategy that cannot serve a receive', () => {
  // 1024 structs of an int32 and a float64 (12 KiB: rendezvous): 'specialized' takes only vector /
  // index-block / indexed layouts.
  const mixed = () => types.contiguous(1024, types.struct([1, 1], [0, 8], [types.INT32, F64])).commit()

  const main = async (comm: { rank: number; send: Function; recv: Function }) => {
    const t = mixed()
    const buf = new Uint8Array(1024 * 16)
    if (comm.rank === 0) {
      for (let i = 0; i < buf.length; i++) buf[i] = i & 0xff
      await comm.send(buf, 1, t, 1, 4)
      return 'sent'
    }
    try {
      await comm.recv(buf, 1, t, 0, 4)
      return `received ${buf[17]}`
    } catch (e) {
      return `caught: ${(e as Error).message}`
    }
  }

  it('falls back to host unpack, counted as a fallback', async () => {
    const r = await run({ ranks: 2, strategy: 'specialized' }, main as never)
    expect(r.results).toEqual(['sent', 'received 17'])
    expect(r.stats.fallbacks).toBe(1)
    expect(r.stats.receives.map((x) => [x.strategy, x.fallback?.slice(0, 52)])).toEqual([
      ['host', "strategy 'specialized' cannot serve this receive: re"],
    ])
  })

  it("the record's refusal is the error its plan throws, and null where the plan succeeds", () => {
    const specialized = receiveStrategy('specialized')
    const nic = new Cluster({ nodes: 1, profile: 'sc19' }).nic(0)
    const request = (type: ReturnType<typeof mixed>) => ({ nic, type, count: 1, buffer: null, bufferOffset: 0, strategy: 'specialized' as const })
    const general = mixed()
    const refusal = specialized.refusal!(general, 1)
    expect(refusal?.message).toBe('receive.strategy: no specialized handler for contiguous (nested): specialized serves a single vector, index-block or indexed layout; use rw-cp or auto')
    // the same object at every ask (the protocol asks per message)
    expect(specialized.refusal!(general, 1)).toBe(refusal)
    expect(() => specialized.plan(request(general))).toThrow(refusal!)
    const column = types.vector(64, 1, 8, F64).commit()
    expect(specialized.refusal!(column, 1)).toBeNull()
    expect(specialized.plan(request(column)).plan.strategy).toBe('specialized')
  })

  it("without a refusal the plan's MpiError is caught: the same fallback, record and times", async () => {
    const specialized = receiveStrategy('specialized')
    const withRefusal = await run({ ranks: 2, strategy: 'specialized' }, main as never)
    const refusal = specialized.refusal
    delete specialized.refusal
    try {
      const caught = await run({ ranks: 2, strategy: 'specialized' }, main as never)
      expect(caught.results).toEqual(withRefusal.results)
      expect(caught.stats.fallbacks).toBe(1)
      expect(caught.stats.receives).toEqual(withRefusal.stats.receives)
      expect(caught.makespanPs).toBe(withRefusal.makespanPs)
      expect(caught.endTimes).toEqual(withRefusal.endTimes)
    } finally {
      specialized.refusal = refusal
    }
  })

  it('with strictStrategy: an MpiError inside the receiving rank, which its try/catch catches', async () => {
    const r = await run({ ranks: 2, strategy: 'specialized', strictStrategy: true }, main as never)
    expect(r.results[1]).toBe("caught: recv(source=0, tag=4, count=1 x contiguous) at rank 1: receive strategy 'specialized' cannot serve " +
      '1 x contiguous (receive.strategy: no specialized handler for contiguous (nested): specialized serves a single vector, index-block or indexed layout; use rw-cp or auto); ' +
      'run option strictStrategy forbids the host fallback')
  })
})

describe('stats: eager receives and messages never received', () => {
  it('an eager receive is a host receive in stats; unreceived messages are listed', async () => {
    const r = await run({ ranks: 2 }, async (comm) => {
      if (comm.rank === 0) {
        await comm.send(new Float64Array(2), 2, F64, 1, 1)
        await comm.send(new Float64Array(3), 3, F64, 1, 2) // nobody receives it
      } else {
        await comm.recv(new Float64Array(2), 2, F64, 0, 1)
      }
    })
    expect(r.stats.receives.map((x) => [x.rank, x.source, x.tag, x.bytes, x.strategy])).toEqual([[1, 0, 1, 16, 'host']])
    expect(r.stats.byStrategy.host!.receives).toBe(1)
    expect(r.stats.unreceived).toEqual([{ rank: 1, source: 0, tag: 2, bytes: 24, contextId: 0, collective: false }])
  })
})

describe('reduction ops: names and the exported op objects', () => {
  it('LXOR, BXOR, MINLOC, MAXLOC by name, and BUILTIN_OPS objects, are accepted', async () => {
    const ops: ReduceOp[] = ['LXOR', 'BXOR', ...BUILTIN_OPS.filter((o) => o.name === 'BXOR' || o.name === 'SUM')]
    const r = await run({ ranks: 3 }, async (comm) => {
      const out: number[] = []
      for (const op of ops) {
        const res = new Int32Array(1)
        await comm.allreduce(Int32Array.of(comm.rank + 1), res, 1, types.INT32, op)
        out.push(res[0]!)
      }
      const loc = new Float64Array(2)
      const pair = new DataView(new ArrayBuffer(12))
      pair.setFloat64(0, [5, 9, 9][comm.rank]!, true)
      pair.setInt32(8, comm.rank, true)
      await comm.allreduce(pair, loc.buffer, 1, types.DOUBLE_INT, 'MAXLOC')
      const view = new DataView(loc.buffer)
      out.push(view.getFloat64(0, true), view.getInt32(8, true))
      return out
    })
    // LXOR of three non-zeros is 1; 1 ^ 2 ^ 3 = 0 (BXOR); BUILTIN_OPS order: SUM 6, then BXOR 0; MAXLOC: value 9 at the lower rank 1
    expect(r.results[0]).toEqual([1, 0, 6, 0, 9, 1])
  })
})

describe('a collective most members entered, at more than 8 ranks', () => {
  it('lists the members that entered as ranges (it used to say "entered by its rank(s) 11 ranks")', async () => {
    const f = await failure(run({ ranks: 12 }, async (comm) => {
      if (comm.rank === 1) return
      await comm.barrier()
    }))
    expect(f.name).toBe('DeadlockError')
    expect(f.message.split('\n').at(-1)).toBe('  barrier() on COMM_WORLD, collective call #1: entered by its rank(s) 0, 2-11, not by its rank(s) 1')
  })
})

describe('per-rank counts every member must give alike', () => {
  it('allgatherv with a recvcounts entry that differs at one rank is a mismatch naming the block (it used to fill recvbuf with garbage)', async () => {
    const f = await failure(run({ ranks: 3 }, async (comm) => {
      const counts = comm.rank === 2 ? [1, 1, 1] : [1, 2, 1]
      await comm.allgatherv(new Float64Array(counts[comm.rank]!), counts[comm.rank]!, F64, new Float64Array(4), counts, [0, 1, 3], F64)
    }))
    expect(f.message).toBe('rank 2: collective mismatch on COMM_WORLD (collective call #1): ' +
      'rank 0 called allgatherv(count=1, float64, counts=[1,2,1], [0,1,3], float64), ' +
      'rank 2 called allgatherv(count=1, float64, counts=[1,1,1], [0,1,3], float64): different recvcounts (block of rank 1: 16 B and 8 B)')
  })

  it('reduceScatter too; equal bytes through different types agree', async () => {
    const f = await failure(run({ ranks: 2 }, async (comm) => {
      const counts = comm.rank === 0 ? [1, 1] : [1, 2]
      await comm.reduceScatter(new Float64Array(3), new Float64Array(2), counts, F64, 'SUM')
    }))
    expect(f.message).toBe('rank 1: collective mismatch on COMM_WORLD (collective call #1): rank 0 called reduceScatter(counts=[1,1], float64, SUM), ' +
      'rank 1 called reduceScatter(counts=[1,2], float64, SUM): different recvcounts (block of rank 1: 8 B and 16 B)')
    const pair = types.contiguous(2, F64).commit()
    const r = await run({ ranks: 2 }, async (comm) => {
      const out = new Float64Array(4)
      const [counts, type] = comm.rank === 0 ? [[2, 2], F64] as const : [[1, 1], pair] as const
      await comm.allgatherv(Float64Array.of(comm.rank, comm.rank + 0.5), counts[comm.rank]!, type, out, counts, comm.rank === 0 ? [0, 2] : [0, 1], type)
      return Array.from(out)
    })
    expect(r.results).toEqual([[0, 0.5, 1, 1.5], [0, 0.5, 1, 1.5]])
  })
})
