// A recorded run replayed through @spinmpi/goal's GoalBuilder: an object per operation and per
// dependency, so only for schedule() (a GoalSchedule to simulate in memory) and for the tests,
// which check that the streamed text (goal-trace-text.ts) equals the builder's writeGoal text.

import { GoalBuilder } from '@spinmpi/goal'
import { DEP_REQUIRES, GOAL_CALC, GOAL_RECV, type RankGoalTrace } from './rank-goal-trace.js'

export function goalTraceBuilder(ranks: readonly RankGoalTrace[]): GoalBuilder {
  const b = new GoalBuilder(ranks.length)
  ranks.forEach((t, r) => {
    const rb = b.rank(r)
    for (let i = 0; i < t.size; i++) {
      const kind = t.kinds[i]
      const amount = t.amounts[i]!
      if (kind === GOAL_CALC) rb.calc(amount)
      else if (kind === GOAL_RECV) rb.recv(amount, t.peers[i]!, { tag: t.tags[i]! })
      else rb.send(amount, t.peers[i]!, { tag: t.tags[i]! })
    }
    for (let k = 0; k < t.depCount; k++) {
      const op = t.depOps[2 * k]!
      const on = t.depOps[2 * k + 1]!
      if (t.depKinds[k] === DEP_REQUIRES) rb.requires(op, on)
      else rb.irequires(op, on)
    }
  })
  return b
}
