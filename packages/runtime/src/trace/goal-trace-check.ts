// The checks GoalBuilder would make on a recorded run, without building it: the same ranges, in
// the same order (every rank's operation arguments first, then the references: peers within the
// run, dependency indices within the rank), so the first problem found and its GoalScheduleError
// are the ones the builder path threw. The recorder is valid by construction today (sizes >= 1,
// ranks in range, integer ns); this keeps a future recorder bug from writing a bad file.
// Integer compares only: a pass over the typed arrays, no allocation.

import { ANY, GoalScheduleError, MAX_TAG } from '@spinmpi/goal'
import { GOAL_CALC, GOAL_SEND, type RankGoalTrace } from './rank-goal-trace.js'

/** Throws GoalScheduleError naming the first field GoalBuilder would reject. */
export function checkGoalTrace(ranks: readonly RankGoalTrace[]): void {
  ranks.forEach(checkArguments)
  ranks.forEach((t, r) => checkReferences(t, r, ranks.length))
}

function checkArguments(t: RankGoalTrace, r: number): void {
  for (let i = 0; i < t.size; i++) {
    const amount = t.amounts[i]!
    if (t.kinds[i] === GOAL_CALC) {
      checkInt(r, i, 'duration', amount, 0, Number.MAX_SAFE_INTEGER)
      continue
    }
    const send = t.kinds[i] === GOAL_SEND
    checkInt(r, i, 'bytes', amount, 0, Number.MAX_SAFE_INTEGER)
    checkInt(r, i, send ? 'dest' : 'src', t.peers[i]!, send ? 0 : ANY, Number.MAX_SAFE_INTEGER)
    checkInt(r, i, 'tag', t.tags[i]!, ANY, MAX_TAG)
  }
  // Dependency indices are Int32Array entries the recorder took from its own operation count:
  // integers >= 0 by construction, which is all GoalRankBuilder checks of them.
}

function checkReferences(t: RankGoalTrace, r: number, numRanks: number): void {
  for (let i = 0; i < t.size; i++) {
    if (t.kinds[i] === GOAL_CALC) continue
    const peer = t.peers[i]!
    if (peer >= numRanks) {
      throw new GoalScheduleError(`ranks[${r}].ops[${i}].${t.kinds[i] === GOAL_SEND ? 'dest' : 'src'}`, `rank ${peer} does not exist (${numRanks} ranks)`)
    }
  }
  for (let k = 0; k < t.depCount; k++) {
    checkIndex(t, r, k, 'op', t.depOps[2 * k]!)
    checkIndex(t, r, k, 'on', t.depOps[2 * k + 1]!)
  }
}

function checkIndex(t: RankGoalTrace, r: number, k: number, field: string, op: number): void {
  if (op >= t.size) throw new GoalScheduleError(`ranks[${r}].deps[${k}].${field}`, `operation ${op} does not exist (rank ${r} has ${t.size})`)
}

function checkInt(r: number, i: number, name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new GoalScheduleError(`ranks[${r}].ops[${i}].${name}`, `expected an integer in ${min}..${max}, got ${value}`)
  }
}
