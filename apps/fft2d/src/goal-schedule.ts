// The FFT2D GOAL schedule (time unit: ps): per rank, two phases of [row FFTs, transpose], the
// transpose being the runtime's alltoall: the own tile by a local copy, then P - 1 pairwise
// steps (send to rank + k, receive from rank - k), each a blocking sendrecv. One calc per step
// holds what follows the step's receive (NIC tail, host unpack) and the next step's pack, so a
// step is three operations (a receive is posted after the pack of its step, not before as in
// the runtime; messages are rendezvous and every rank packs in lockstep, so a message never
// arrives before its receive in either order). Every cost is a
// calc on the rank's one CPU. That includes the extra NIC time of an offloaded receive: LogGOPS
// keeps the receiving CPU busy until the last byte is in, and the blocking step waits for the
// NIC after that, so the host is idle but the step cannot end earlier.
//
// The schedule is written once (rankSchedule) against a small sink: as GOAL objects for users
// and `--goal` files (fft2dSchedule), or straight into the simulator's typed-array graph
// (fft2dGraph), which at P = 1024 (6.3 M operations) is what keeps fig19 fast and small.

import { GoalBuilder, OP_CALC, OP_RECV, OP_SEND, type GoalSchedule, type OpGraph } from '@spinmpi/goal'
import type { MessageCosts } from './message-costs.js'

const HOST_CPU = 0

/** Where rankSchedule writes: operations get consecutive indices per rank; `requires(op, on)` in declaration order. */
interface ScheduleSink {
  calc(ps: number): number
  send(bytes: number, dest: number, tag: number): number
  recv(bytes: number, src: number, tag: number): number
  requires(op: number, on: number): void
}

function rankSchedule(r: ScheduleSink, rank: number, c: MessageCosts): void {
  const p = c.ranks
  const afterReceive = c.nicExtraPs + c.unpackPs
  let last = -1
  const calcAfterLast = (ps: number): number => {
    const op = r.calc(ps)
    if (last >= 0) r.requires(op, last)
    return op
  }
  for (let phase = 0; phase < 2; phase++) {
    last = calcAfterLast(c.fftPs)
    last = calcAfterLast(c.localCopyPs)
    if (phase === 0 && c.prepPs > 0 && p > 1) last = calcAfterLast(c.prepPs)
    if (p === 1) continue
    let pack = calcAfterLast(c.packPs)
    for (let k = 1; k < p; k++) {
      const dst = (rank + k) % p, src = (rank - k + p) % p
      const recv = r.recv(c.messageBytes, src, phase)
      if (last >= 0) r.requires(recv, last)
      const send = r.send(c.messageBytes, dst, phase)
      r.requires(send, pack)
      // What the step leaves on the CPU (NIC tail, host unpack) and the next step's pack.
      const next = k + 1 < p ? c.packPs : 0
      last = r.calc(afterReceive + next)
      r.requires(last, recv)
      r.requires(last, send)
      pack = last
    }
  }
}

/** The schedule as GOAL objects (validated by the builder). */
export function fft2dSchedule(costs: MessageCosts): GoalSchedule {
  const b = new GoalBuilder(costs.ranks)
  for (let rank = 0; rank < costs.ranks; rank++) {
    const rb = b.rank(rank)
    rankSchedule({
      calc: (ps) => rb.calc(ps, { cpu: HOST_CPU }),
      send: (bytes, dest, tag) => rb.send(bytes, dest, { tag, cpu: HOST_CPU }),
      recv: (bytes, src, tag) => rb.recv(bytes, src, { tag, cpu: HOST_CPU }),
      requires: (op, on) => { rb.requires(op, on) },
    }, rank, costs)
  }
  return b.build()
}

/** Counts each rank's operations (pass 1 of fft2dGraph). */
class OpCounter implements ScheduleSink {
  ops = 0
  calc(): number { return this.ops++ }
  send(): number { return this.ops++ }
  recv(): number { return this.ops++ }
  requires(): void {}
}

/**
 * Writes operations and dependency counts (pass 2). The graph's arrays are fields of its own, so
 * that every write reads one monomorphic field instead of going through the graph object.
 */
class GraphWriter implements ScheduleSink {
  base = 0
  next = 0
  rankNow = 0
  private readonly type: Uint8Array
  private readonly size: Float64Array
  private readonly peer: Int32Array
  private readonly tag: Int32Array
  private readonly depCount: Uint32Array
  /** Counts of dependents per operation, at index op + 1 (summed into list starts afterwards). */
  private readonly doneStart: Int32Array

  constructor(
    g: { readonly type: Uint8Array; readonly size: Float64Array; readonly peer: Int32Array; readonly tag: Int32Array; readonly depCount: Uint32Array; readonly doneStart: Int32Array },
    private readonly rank: Int32Array,
  ) {
    this.type = g.type
    this.size = g.size
    this.peer = g.peer
    this.tag = g.tag
    this.depCount = g.depCount
    this.doneStart = g.doneStart
  }

  calc(ps: number): number {
    if (!Number.isSafeInteger(ps) || ps < 0) throw new RangeError(`fft2d schedule: a calc of ${ps} ps is not a non-negative integer`)
    return this.op(OP_CALC, ps, -1, 0)
  }

  send(bytes: number, dest: number, tag: number): number { return this.op(OP_SEND, bytes, dest, tag) }
  recv(bytes: number, src: number, tag: number): number { return this.op(OP_RECV, bytes, src, tag) }

  requires(op: number, on: number): void {
    this.depCount[this.base + op]!++
    this.doneStart[this.base + on + 1]!++
  }

  private op(type: number, size: number, peer: number, tag: number): number {
    const i = this.next++
    const id = this.base + i
    this.type[id] = type
    this.size[id] = size
    this.peer[id] = peer
    this.tag[id] = tag
    this.rank[id] = this.rankNow
    return i
  }
}

/** Fills the dependents lists (pass 3), using each list's start as its fill cursor. */
class ListFiller implements ScheduleSink {
  base = 0
  next = 0

  constructor(private readonly doneStart: Int32Array, private readonly doneList: Int32Array) {}

  calc(): number { return this.next++ }
  send(): number { return this.next++ }
  recv(): number { return this.next++ }

  requires(op: number, on: number): void {
    // doneStart[on] is the fill cursor of `on`'s list, shifted back afterwards
    const at = this.doneStart[this.base + on]!
    this.doneList[at] = this.base + op
    this.doneStart[this.base + on] = at + 1
  }
}

/** The same schedule as fft2dSchedule, written straight into the LogGOPS simulator's operation graph. */
export function fft2dGraph(costs: MessageCosts): OpGraph {
  const p = costs.ranks
  const rankStart = new Int32Array(p + 1)
  const counter = new OpCounter()
  for (let r = 0; r < p; r++) {
    rankStart[r] = counter.ops
    rankSchedule(counter, r, costs)
  }
  const numOps = counter.ops
  rankStart[p] = numOps
  const rankOf = new Int32Array(numOps)
  const doneStart = new Int32Array(numOps + 1)
  const partial = {
    numRanks: p, numOps, rankStart, rankOf,
    type: new Uint8Array(numOps), size: new Float64Array(numOps), peer: new Int32Array(numOps), tag: new Int32Array(numOps),
    cpu: new Uint8Array(numOps), nic: new Uint8Array(numOps), depCount: new Uint32Array(numOps),
    doneStart, doneList: new Int32Array(0), startStart: new Int32Array(numOps + 1), startList: new Int32Array(0),
    maxCpu: HOST_CPU, maxNic: 0,
  }
  const w = new GraphWriter(partial, rankOf)
  for (let r = 0; r < p; r++) {
    w.base = rankStart[r]!
    w.next = 0
    w.rankNow = r
    rankSchedule(w, r, costs)
  }
  for (let i = 0; i < numOps; i++) doneStart[i + 1]! += doneStart[i]!
  const graph: OpGraph = { ...partial, doneList: new Int32Array(doneStart[numOps]!) }
  const filler = new ListFiller(doneStart, graph.doneList)
  for (let r = 0; r < p; r++) {
    filler.base = rankStart[r]!
    filler.next = 0
    rankSchedule(filler, r, costs)
  }
  for (let i = numOps; i > 0; i--) doneStart[i] = doneStart[i - 1]!
  doneStart[0] = 0
  return graph
}
