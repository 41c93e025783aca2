import { parseGoal, simulateLogGops, writeGoal, type GoalSchedule } from '@spinmpi/goal'
import { describe, expect, it } from 'vitest'
import { captureGoalTraces, hostPackPs, hostUnpackPs, run, runGoalTrace, types, type Comm } from '../src/internal.js'

// LogGOPSim defaults (docs/goal.md): L=2500, o=1500, g=1000, G=6, O=0, S=65535 (ns).
const o = 1500
const L = 2500
const G = 6

/** A 2-rank ping-pong of `bytes` contiguous bytes. */
async function pingPong(comm: Comm, bytes: number): Promise<void> {
  const buf = new Uint8Array(bytes)
  if (comm.rank === 0) {
    await comm.send(buf, bytes, types.BYTE, 1, 7)
    await comm.recv(buf, bytes, types.BYTE, 1, 7)
  } else {
    await comm.recv(buf, bytes, types.BYTE, 0, 7)
    await comm.send(buf, bytes, types.BYTE, 0, 7)
  }
}

describe('GOAL export: ping-pong', () => {
  it('writes one send and one recv per message, in program order', async () => {
    const r = await runGoalTrace({ ranks: 2 }, (comm) => pingPong(comm, 1000))
    expect(r.goal).toBe([
      'num_ranks 2', '',
      'rank 0 {', 'o0: send 1000b to 1 tag 7', 'o1: recv 1000b from 1 tag 7', 'o1 requires o0', '}', '',
      'rank 1 {', 'o0: recv 1000b from 0 tag 7', 'o1: send 1000b to 0 tag 7', 'o1 requires o0', '}', '',
    ].join('\n'))
  })

  it.each([1, 1000, 65535])('LogGOPS time of the export is the closed form 2(2o + L + (s-1)G), s = %i', async (s) => {
    const r = await runGoalTrace({ ranks: 2, mode: 'timing' }, (comm) => pingPong(comm, s))
    const sim = simulateLogGops(parseGoal(r.goal))
    expect(sim.unmatched).toEqual([])
    expect(sim.ranks![0]).toBe(2 * (2 * o + L + (s - 1) * G))
  })

  it('a zero-byte message becomes 1 byte on both sides', async () => {
    const r = await runGoalTrace({ ranks: 2 }, (comm) => pingPong(comm, 0))
    expect(r.goal).toContain('o0: send 1b to 1 tag 7')
    expect(r.goal).toContain('o0: recv 1b from 0 tag 7')
    // Rank 1 handles the message at 2o + L and then spends o on its own send.
    expect(simulateLogGops(parseGoal(r.goal)).ranks).toEqual([2 * (2 * o + L), 2 * o + L + o])
  })

  it('round-trips: export -> parse -> write gives the same text', async () => {
    const r = await runGoalTrace({ ranks: 4 }, async (comm) => {
      await comm.allreduce(new Float64Array([comm.rank]), new Float64Array(1), 1, types.FLOAT64, 'SUM')
      await comm.compute({ ns: 250 * (comm.rank + 1) })
      await comm.barrier()
    })
    expect(writeGoal(parseGoal(r.goal))).toBe(r.goal)
  })

  it('is deterministic and the same in data and timing mode', async () => {
    const main = (comm: Comm) => comm.alltoall(null, 3, types.INT32, null, 3, types.INT32)
    const a = await runGoalTrace({ ranks: 5, mode: 'timing' }, main)
    const b = await runGoalTrace({ ranks: 5, mode: 'timing' }, main)
    const c = await runGoalTrace({ ranks: 5 }, (comm) =>
      comm.alltoall(new Int32Array(15), 3, types.INT32, new Int32Array(15), 3, types.INT32))
    expect(b.goal).toBe(a.goal)
    expect(c.goal).toBe(a.goal)
  })

  it('is absent without the option, and a bad trace option names the field', async () => {
    const r = await run({ ranks: 1 }, () => 1)
    expect(r.goal).toBeUndefined()
    await expect(run({ ranks: 1, trace: 'otf2' as 'goal' }, () => 1)).rejects.toThrow("run options: trace: expected 'goal'")
  })
})

describe('GOAL export: dependencies and host work', () => {
  it('isend/irecv overlap later work (irequires); a wait makes later work require them', async () => {
    const r = await runGoalTrace({ ranks: 2 }, async (comm) => {
      const peer = 1 - comm.rank
      const rq = comm.irecv(new Uint8Array(8), 8, types.BYTE, peer, 1)
      const sq = comm.isend(new Uint8Array(8), 8, types.BYTE, peer, 1)
      await comm.compute({ ns: 4000 })
      await comm.waitall([rq, sq])
      await comm.compute(500)
    })
    const s = parseGoal(r.goal)
    for (const rank of s.ranks) {
      expect(rank.ops.map((op) => op.kind)).toEqual(['recv', 'send', 'calc', 'calc'])
      expect(rank.ops[2]).toMatchObject({ kind: 'calc', duration: 4000 })
      expect(rank.ops[3]).toMatchObject({ kind: 'calc', duration: 500 })
      expect(rank.deps).toEqual([
        { kind: 'irequires', op: 1, on: 0 },
        { kind: 'irequires', op: 2, on: 1 },
        { kind: 'requires', op: 3, on: 2 },
        // waitall completes in completion order: the eager send first, then the receive.
        { kind: 'requires', op: 3, on: 1 },
        { kind: 'requires', op: 3, on: 0 },
      ])
    }
    // LogGOPS: posting the receive takes no CPU; the send holds the CPU for o (0..1500); the
    // first calc may start once the send started but runs when the CPU is free (1500..5500); the
    // peer's message arrives at o + L = 4000 and is handled when the CPU is free, for
    // o + 7G (5500..7042); the last calc requires the receive: 7042..7542.
    const sim = simulateLogGops(s)
    expect(sim.ranks).toEqual([7542, 7542])
  })

  it('host pack before a non-contiguous send and host unpack after its receive are calcs (ns)', async () => {
    const vec = types.vector(16, 1, 4, types.FLOAT64).commit()
    const r = await runGoalTrace({ ranks: 2, mode: 'timing' }, async (comm) => {
      if (comm.rank === 0) await comm.send(null, 1, vec, 1, 2)
      else await comm.recv(null, 1, vec, 0, 2)
    })
    const s = parseGoal(r.goal)
    const packNs = Math.round(hostPackPs(r.profile, vec, 1) / 1000)
    const unpackNs = Math.round(hostUnpackPs(r.profile, vec, 1) / 1000)
    expect(packNs).toBeGreaterThan(0)
    expect(s.ranks[0]!.ops).toEqual([
      { kind: 'calc', duration: packNs, cpu: 0, label: 'o0' },
      { kind: 'send', bytes: 128, dest: 1, tag: 2, cpu: 0, nic: 0, label: 'o1' },
    ])
    expect(s.ranks[0]!.deps).toEqual([{ kind: 'requires', op: 1, on: 0 }])
    expect(s.ranks[1]!.ops).toEqual([
      { kind: 'recv', bytes: 128, src: 0, tag: 2, cpu: 0, nic: 0, label: 'o0' },
      { kind: 'calc', duration: unpackNs, cpu: 0, label: 'o1' },
    ])
    expect(s.ranks[1]!.deps).toEqual([{ kind: 'requires', op: 1, on: 0 }])
  })

  it('a wildcard receive records the source and tag it matched, and the sent size', async () => {
    const r = await runGoalTrace({ ranks: 3 }, async (comm) => {
      if (comm.rank === 0) {
        const buf = new Uint8Array(64)
        await comm.recv(buf, 64, types.BYTE, comm.ANY_SOURCE, comm.ANY_TAG)
        await comm.recv(buf, 64, types.BYTE, comm.ANY_SOURCE, comm.ANY_TAG)
      } else {
        await comm.compute(comm.rank * 10_000)
        await comm.send(new Uint8Array(10 * comm.rank), 10 * comm.rank, types.BYTE, 0, 30 + comm.rank)
      }
    })
    const ops = parseGoal(r.goal).ranks[0]!.ops
    expect(ops[0]).toMatchObject({ kind: 'recv', bytes: 10, src: 1, tag: 31 })
    expect(ops[1]).toMatchObject({ kind: 'recv', bytes: 20, src: 2, tag: 32 })
  })
})

/** Sends and receives of a schedule as multisets of "from>to:bytes:tag". */
function messages(s: GoalSchedule): { sends: string[]; recvs: string[] } {
  const sends: string[] = []
  const recvs: string[] = []
  s.ranks.forEach((rank, r) => {
    for (const op of rank.ops) {
      if (op.kind === 'send') sends.push(`${r}>${op.dest}:${op.bytes}:${op.tag}`)
      if (op.kind === 'recv') recvs.push(`${op.src}>${r}:${op.bytes}:${op.tag}`)
    }
  })
  return { sends: sends.sort(), recvs: recvs.sort() }
}

const COLLECTIVES: Record<string, (comm: Comm) => Promise<void>> = {
  barrier: (c) => c.barrier(),
  'bcast binomial': (c) => c.bcast(null, 5, types.FLOAT64, c.size - 1, { algorithm: 'binomial' }),
  'bcast nic-stream': (c) => c.bcast(null, 3000, types.FLOAT64, 0, { algorithm: 'nic-stream' }),
  'bcast nic-binary': (c) => c.bcast(null, 100, types.FLOAT64, 1 % c.size, { algorithm: 'nic-binary' }),
  reduce: (c) => c.reduce(null, null, 4, types.FLOAT64, 'SUM', 0),
  allreduce: (c) => c.allreduce(null, null, 4, types.INT32, 'MAX'),
  gather: (c) => c.gather(null, 2, types.INT64, null, 2, types.INT64, 0),
  scatter: (c) => c.scatter(null, 2, types.INT64, null, 2, types.INT64, c.size >> 1),
  allgather: (c) => c.allgather(null, 3, types.INT16, null, 3, types.INT16),
  alltoall: (c) => c.alltoall(null, 2, types.FLOAT32, null, 2, types.FLOAT32),
}

describe('GOAL export: collectives', () => {
  for (const [name, op] of Object.entries(COLLECTIVES)) {
    it(`${name}: every send has its receive and LogGOPS matches them all, P = 1..9`, async () => {
      for (let p = 1; p <= 9; p++) {
        const r = await runGoalTrace({ ranks: p, mode: 'timing' }, op)
        const s = parseGoal(r.goal)
        const m = messages(s)
        expect(m.recvs, `P = ${p}`).toEqual(m.sends)
        const sim = simulateLogGops(s)
        expect(sim.unmatched, `P = ${p}`).toEqual([])
        expect(sim.neverStarted).toBe(0)
        expect(sim.ranks).toHaveLength(p)
      }
    })
  }

  it('alltoall of 4 ranks: 12 messages, one per ordered pair, same size and tag on both sides', async () => {
    const r = await runGoalTrace({ ranks: 4, mode: 'timing' }, (c) => c.alltoall(null, 2, types.FLOAT32, null, 2, types.FLOAT32))
    const m = messages(parseGoal(r.goal))
    const pairs: string[] = []
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (i !== j) pairs.push(`${i}>${j}:8:${(1 << 22) + 8}`)
    expect(m.sends).toEqual(pairs.sort())
    expect(m.recvs).toEqual(pairs.sort())
  })

  it('user and collective traffic with equal MPI tags stay apart (separate tag bands)', async () => {
    const r = await runGoalTrace({ ranks: 2 }, async (c) => {
      await c.sendrecv(new Uint8Array(4), 4, types.BYTE, 1 - c.rank, 1, new Uint8Array(4), 4, types.BYTE, 1 - c.rank, 1)
      await c.barrier()
    })
    expect(r.goal).toContain('send 4b to 1 tag 1\n')
    expect(r.goal).toContain(`send 1b to 1 tag ${(1 << 22) + 1}\n`)
  })
})

describe('GOAL export: capture around code that calls run()', () => {
  it('records every run started inside, in order, and none outside', async () => {
    const outside = await run({ ranks: 2 }, (comm) => pingPong(comm, 8))
    const { value, goals } = await captureGoalTraces(async () => {
      const a = await run({ ranks: 2 }, (comm) => pingPong(comm, 8))
      const b = await run({ ranks: 3 }, (comm) => comm.barrier())
      return [a.goal, b.goal]
    })
    expect(outside.goal).toBeUndefined()
    expect(goals).toHaveLength(2)
    expect(goals).toEqual(value)
    expect(goals[0]).toContain('send 8b to 1 tag 7')
    expect(goals[1]!.startsWith('num_ranks 3\n')).toBe(true)
  })
})

describe('GOAL export: sub-communicators', () => {
  it('messages of split and Cartesian communicators are recorded with world ranks and all match in LogGOPS', async () => {
    const r = await runGoalTrace({ ranks: 6, mode: 'timing' }, async (comm) => {
      const half = (await comm.split(comm.rank % 2, -comm.rank))!
      await half.allreduce(null, null, 4, types.FLOAT64, 'SUM')
      await half.bcast(null, 2000, types.BYTE, 1, { algorithm: 'nic-stream' })
      const cart = (await comm.createCart([3, 2], [true, false]))!
      const { source, dest } = cart.cartShift(0, 1)
      await cart.sendrecv(null, 8, types.BYTE, dest, 3, null, 8, types.BYTE, source, 3)
    })
    const sim = simulateLogGops(parseGoal(r.goal))
    expect(sim.unmatched).toEqual([])
    expect(writeGoal(parseGoal(r.goal))).toBe(r.goal)
  })
})
