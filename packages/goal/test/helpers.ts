// Schedule generators shared by the simulator tests.
import { GoalBuilder } from '../src/goal-builder.js'
import type { GoalSchedule } from '../src/goal-types.js'

/** Rank 0 sends `bytes` to rank 1, which has the receive posted from the start. */
export function oneMessage(bytes: number): GoalSchedule {
  const b = new GoalBuilder(2)
  b.rank(0).send(bytes, 1, { tag: 7 })
  b.rank(1).recv(bytes, 0, { tag: 7 })
  return b.build()
}

/** Rank 0 sends to 1, rank 1 answers after its receive completes, rank 0 receives the answer. */
export function pingPong(bytes: number): GoalSchedule {
  const b = new GoalBuilder(2)
  b.rank(0).send(bytes, 1)
  b.rank(0).recv(bytes, 1)
  const r1 = b.rank(1)
  const got = r1.recv(bytes, 0)
  r1.requires(r1.send(bytes, 0), got)
  return b.build()
}

/**
 * Binomial broadcast from rank 0 on 2^k ranks: a rank that holds the data sends to
 * rank + 2^m for m from (its lowest set bit - 1, or k - 1 at the root) down to 0, largest
 * subtree first; every send of a non-root rank requires its receive.
 */
export function binomialBroadcast(k: number, bytes: number): GoalSchedule {
  const P = 1 << k
  const b = new GoalBuilder(P)
  for (let r = 0; r < P; r++) {
    const rank = b.rank(r)
    const low = r === 0 ? k : 31 - Math.clz32(r & -r)
    const got = r === 0 ? -1 : rank.recv(bytes, r - (1 << low))
    for (let m = low - 1; m >= 0; m--) {
      const s = rank.send(bytes, r + (1 << m))
      if (got >= 0) rank.requires(s, got)
    }
  }
  return b.build()
}

/** Every rank sends to rank+1, rank+2, ... (mod P), then posts receives from rank-1, rank-2, ...; no dependencies. */
export function linearAlltoall(P: number, bytes: number): GoalSchedule {
  const b = new GoalBuilder(P)
  for (let r = 0; r < P; r++) {
    for (let j = 1; j < P; j++) b.rank(r).send(bytes, (r + j) % P)
    for (let j = 1; j < P; j++) b.rank(r).recv(bytes, (r - j + P) % P)
  }
  return b.build()
}
