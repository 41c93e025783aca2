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

import { allocRankIds, GoalBuilder, MAX_NARROW_SIZE, OP_CALC, OP_RECV, OP_SEND, type GoalSchedule, type OpGraph } from '@spinmpi/goal'
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

/**
 * Rank 0's schedule, recorded as the template of every rank's: rankSchedule uses the rank only
 * for peers, (rank + k) mod P, so rank r's is the same with every peer moved on by r.
 */
class TemplateRecorder implements ScheduleSink {
  readonly type: number[] = []
  readonly size: number[] = []
  /** Rank 0's peer (-1 for a calc). */
  readonly peer: number[] = []
  readonly tag: number[] = []
  /** requires(op, on) calls in order: op, on, op, on, ... */
  readonly deps: number[] = []

  calc(ps: number): number {
    if (!Number.isSafeInteger(ps) || ps < 0) throw new RangeError(`fft2d schedule: a calc of ${ps} ps is not a non-negative integer`)
    return this.op(OP_CALC, ps, -1, 0)
  }

  send(bytes: number, dest: number, tag: number): number { return this.op(OP_SEND, bytes, dest, tag) }
  recv(bytes: number, src: number, tag: number): number { return this.op(OP_RECV, bytes, src, tag) }
  requires(op: number, on: number): void { this.deps.push(op, on) }

  private op(type: number, size: number, peer: number, tag: number): number {
    this.type.push(type)
    this.size.push(size)
    this.peer.push(peer)
    this.tag.push(tag)
    return this.type.length - 1
  }
}

/**
 * The same schedule as fft2dSchedule, written straight into the LogGOPS simulator's operation
 * graph with the ranks interleaved (OpGraph.interleaved): the ranks step through their
 * transposes in lockstep, so the operations of one step sit together in memory (at P = 1,024 the
 * simulation took 18% less time than rank by rank, docs/goal.md). Arrays are written in id order.
 */
export function fft2dGraph(costs: MessageCosts): OpGraph {
  const p = costs.ranks
  const t = new TemplateRecorder()
  rankSchedule(t, 0, costs)
  const m = t.type.length
  const numOps = m * p
  // the template's dependents lists (CSR), each in the order of its requires calls
  const depCountOf = new Uint32Array(m)
  const listStart = new Int32Array(m + 1)
  for (let k = 0; k < t.deps.length; k += 2) {
    depCountOf[t.deps[k]!]!++
    listStart[t.deps[k + 1]! + 1]!++
  }
  for (let i = 0; i < m; i++) listStart[i + 1]! += listStart[i]!
  const list = new Int32Array(listStart[m]!)
  const cursor = listStart.slice(0, m)
  for (let k = 0; k < t.deps.length; k += 2) list[cursor[t.deps[k + 1]!]!++] = t.deps[k]!
  const narrow = t.size.every((s) => s <= MAX_NARROW_SIZE)
  const rankStart = new Int32Array(p + 1)
  for (let r = 0; r <= p; r++) rankStart[r] = r * m
  const rankOf = allocRankIds(p, numOps)
  const type = new Uint8Array(numOps)
  const size = narrow ? new Uint32Array(numOps) : new Float64Array(numOps)
  const peer = new Int32Array(numOps)
  const tag = new Int32Array(numOps)
  const depCount = new Uint32Array(numOps)
  const doneStart = new Int32Array(numOps + 1)
  const doneList = new Int32Array(listStart[m]! * p)
  let id = 0
  let at = 0
  for (let i = 0; i < m; i++) {
    const ty = t.type[i]!, sz = t.size[i]!, pe = t.peer[i]!, tg = t.tag[i]!, deps = depCountOf[i]!
    const first = listStart[i]!, end = listStart[i + 1]!
    for (let r = 0; r < p; r++, id++) {
      rankOf[id] = r
      type[id] = ty
      size[id] = sz
      peer[id] = pe < 0 ? pe : (pe + r) % p
      tag[id] = tg
      depCount[id] = deps
      doneStart[id] = at
      for (let k = first; k < end; k++) doneList[at++] = list[k]! * p + r
    }
  }
  doneStart[numOps] = at
  return {
    numRanks: p, numOps, rankStart, rankOf, interleaved: true, type, size, peer, tag,
    cpu: new Uint8Array(numOps), nic: new Uint8Array(numOps), depCount, doneStart, doneList,
    startStart: new Int32Array(numOps + 1), startList: new Int32Array(0), maxCpu: HOST_CPU, maxNic: 0,
  }
}
