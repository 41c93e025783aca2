// The GOAL recorder of a whole run: one RankGoalTrace per rank, turned into a validated schedule
// and GOAL text (through @spinmpi/goal's builder and writer) when the run ends.

import { GoalBuilder, type GoalSchedule } from '@spinmpi/goal'
import { GOAL_CALC, GOAL_RECV, RankGoalTrace } from './rank-goal-trace.js'

export class GoalTrace {
  private readonly ranks: RankGoalTrace[]

  constructor(readonly size: number) {
    this.ranks = Array.from({ length: size }, () => new RankGoalTrace())
  }

  rank(r: number): RankGoalTrace {
    return this.ranks[r]!
  }

  schedule(): GoalSchedule {
    return this.builder().build()
  }

  toText(): string {
    return this.builder().toText()
  }

  private builder(): GoalBuilder {
    const b = new GoalBuilder(this.size)
    for (let r = 0; r < this.size; r++) {
      const t = this.ranks[r]!
      const rb = b.rank(r)
      for (let i = 0; i < t.size; i++) {
        const kind = t.kinds[i]
        const amount = t.amounts[i]!
        if (kind === GOAL_CALC) rb.calc(amount)
        else if (kind === GOAL_RECV) rb.recv(amount, t.peers[i]!, { tag: t.tags[i]! })
        else rb.send(amount, t.peers[i]!, { tag: t.tags[i]! })
      }
      for (const d of t.deps) {
        if (d.kind === 'requires') rb.requires(d.op, d.on)
        else rb.irequires(d.op, d.on)
      }
    }
    return b
  }
}
