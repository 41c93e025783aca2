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

import type { GoalCalc, GoalDependency, GoalOp, GoalRank, GoalSchedule } from '@spinmpi/goal'
import type { MessageCosts } from './message-costs.js'

const HOST_CPU = 0

class RankOps {
  readonly ops: GoalOp[] = []
  readonly deps: GoalDependency[] = []

  add(op: GoalOp, after: readonly number[]): number {
    const index = this.ops.push(op) - 1
    for (const on of after) this.deps.push({ kind: 'requires', op: index, on })
    return index
  }

  calc(ps: number, cpu: number, after: readonly number[]): number {
    const op: GoalCalc = { kind: 'calc', duration: ps, cpu }
    return this.add(op, after)
  }
}

function rankSchedule(rank: number, c: MessageCosts): GoalRank {
  const p = c.ranks
  const r = new RankOps()
  const afterReceive = c.nicExtraPs + c.unpackPs
  let last = -1
  const after = (): number[] => (last < 0 ? [] : [last])
  for (let phase = 0; phase < 2; phase++) {
    last = r.calc(c.fftPs, HOST_CPU, after())
    last = r.calc(c.localCopyPs, HOST_CPU, after())
    if (phase === 0 && c.prepPs > 0 && p > 1) last = r.calc(c.prepPs, HOST_CPU, after())
    if (p === 1) continue
    let pack = r.calc(c.packPs, HOST_CPU, after())
    for (let k = 1; k < p; k++) {
      const dst = (rank + k) % p, src = (rank - k + p) % p
      const recv = r.add({ kind: 'recv', bytes: c.messageBytes, src, tag: phase, cpu: HOST_CPU, nic: 0 }, after())
      const send = r.add({ kind: 'send', bytes: c.messageBytes, dest: dst, tag: phase, cpu: HOST_CPU, nic: 0 }, [pack])
      // What the step leaves on the CPU (NIC tail, host unpack) and the next step's pack.
      const next = k + 1 < p ? c.packPs : 0
      last = r.calc(afterReceive + next, HOST_CPU, [recv, send])
      pack = last
    }
  }
  return { ops: r.ops, deps: r.deps }
}

export function fft2dSchedule(costs: MessageCosts): GoalSchedule {
  const ranks: GoalRank[] = []
  for (let rank = 0; rank < costs.ranks; rank++) ranks.push(rankSchedule(rank, costs))
  return { ranks }
}
