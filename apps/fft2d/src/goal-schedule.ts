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

import { GoalBuilder, type GoalRankBuilder, type GoalSchedule } from '@spinmpi/goal'
import type { MessageCosts } from './message-costs.js'

const HOST_CPU = 0

/** Adds `index` after each of `after` (GOAL `requires`). */
function after(r: GoalRankBuilder, index: number, on: readonly number[]): number {
  for (const o of on) r.requires(index, o)
  return index
}

function rankSchedule(r: GoalRankBuilder, rank: number, c: MessageCosts): void {
  const p = c.ranks
  const afterReceive = c.nicExtraPs + c.unpackPs
  let last = -1
  const prev = (): number[] => (last < 0 ? [] : [last])
  const calc = (ps: number, on: readonly number[]): number => after(r, r.calc(ps, { cpu: HOST_CPU }), on)
  for (let phase = 0; phase < 2; phase++) {
    last = calc(c.fftPs, prev())
    last = calc(c.localCopyPs, prev())
    if (phase === 0 && c.prepPs > 0 && p > 1) last = calc(c.prepPs, prev())
    if (p === 1) continue
    let pack = calc(c.packPs, prev())
    for (let k = 1; k < p; k++) {
      const dst = (rank + k) % p, src = (rank - k + p) % p
      const recv = after(r, r.recv(c.messageBytes, src, { tag: phase, cpu: HOST_CPU }), prev())
      const send = after(r, r.send(c.messageBytes, dst, { tag: phase, cpu: HOST_CPU }), [pack])
      // What the step leaves on the CPU (NIC tail, host unpack) and the next step's pack.
      const next = k + 1 < p ? c.packPs : 0
      last = calc(afterReceive + next, [recv, send])
      pack = last
    }
  }
}

export function fft2dSchedule(costs: MessageCosts): GoalSchedule {
  const b = new GoalBuilder(costs.ranks)
  for (let rank = 0; rank < costs.ranks; rank++) rankSchedule(b.rank(rank), rank, costs)
  return b.build()
}
