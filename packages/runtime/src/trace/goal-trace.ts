// The GOAL recorder of a whole run: one RankGoalTrace per rank. When the run ends it is checked
// as GoalBuilder would check it (goal-trace-check.ts) and written as GOAL text in chunks
// (goal-trace-text.ts), so a big run's file never exists as one string; toText() joins the
// chunks for the library's RunResult.goal.

import type { GoalSchedule, TextSink } from '@spinmpi/goal'
import { checkGoalTrace } from './goal-trace-check.js'
import { goalTraceBuilder } from './goal-trace-builder.js'
import { writeGoalTraceText } from './goal-trace-text.js'
import { RankGoalTrace } from './rank-goal-trace.js'

export class GoalTrace {
  private readonly ranks: RankGoalTrace[]

  constructor(readonly size: number) {
    this.ranks = Array.from({ length: size }, () => new RankGoalTrace())
  }

  rank(r: number): RankGoalTrace {
    return this.ranks[r]!
  }

  /** Throws GoalScheduleError where GoalBuilder would reject the recorded schedule. */
  check(): void {
    checkGoalTrace(this.ranks)
  }

  /** The GOAL text, chunk by chunk: writeGoal's bytes for the schedule() below. */
  writeGoalText(sink: TextSink): void {
    this.check()
    writeGoalTraceText(this.ranks, sink)
  }

  toText(): string {
    const chunks: string[] = []
    this.writeGoalText((chunk) => chunks.push(chunk))
    return chunks.join('')
  }

  /** The validated schedule (an object per operation: for simulating in memory and tests). */
  schedule(): GoalSchedule {
    return goalTraceBuilder(this.ranks).build()
  }
}
