// GOAL text of a recorded run, written straight from the recorder's arrays in chunks: the bytes
// @spinmpi/goal's writeGoal gives for the same schedule built with GoalBuilder (goal-write.ts),
// without the schedule objects or one string of the whole file, which at 1024 ranks is
// hundreds of MB. Format, as writeGoal's: "num_ranks N", then per rank a blank line,
// "rank r {", the operations, the dependencies, "}". An operation that a dependency names gets
// the label o<index> (the recorder gives no labels, so writeGoal's o<index> never collides).

import type { TextSink } from '@spinmpi/goal'
import { DEP_REQUIRES, GOAL_CALC, GOAL_SEND, type RankGoalTrace } from './rank-goal-trace.js'

/** Characters gathered before a chunk goes to the sink: big enough that a sink's per-call cost vanishes. */
const CHUNK = 1 << 16

/** Writes the GOAL text of `ranks` (checked already: goal-trace-check.ts) to `sink`, chunk by chunk. */
export function writeGoalTraceText(ranks: readonly RankGoalTrace[], sink: TextSink): void {
  let out = `num_ranks ${ranks.length}\n`
  // labelled[i] = 1 when a dependency names op i; one buffer for all ranks, grown as needed
  let labelled = new Uint8Array(0)
  for (let r = 0; r < ranks.length; r++) {
    const t = ranks[r]!
    const n = t.size
    if (labelled.length < n) labelled = new Uint8Array(Math.max(n, 2 * labelled.length))
    else labelled.fill(0, 0, n)
    const deps = t.depOps
    for (let k = 0; k < 2 * t.depCount; k++) labelled[deps[k]!] = 1
    out += `\nrank ${r} {\n`
    for (let i = 0; i < n; i++) {
      if (labelled[i] === 1) out += `o${i}: `
      const kind = t.kinds[i]
      if (kind === GOAL_CALC) out += `calc ${t.amounts[i]}\n`
      else if (kind === GOAL_SEND) out += `send ${t.amounts[i]}b to ${t.peers[i]} tag ${t.tags[i]}\n`
      else out += `recv ${t.amounts[i]}b from ${t.peers[i]} tag ${t.tags[i]}\n`
      if (out.length >= CHUNK) {
        sink(out)
        out = ''
      }
    }
    for (let k = 0; k < t.depCount; k++) {
      out += `o${deps[2 * k]} ${t.depKinds[k] === DEP_REQUIRES ? 'requires' : 'irequires'} o${deps[2 * k + 1]}\n`
      if (out.length >= CHUNK) {
        sink(out)
        out = ''
      }
    }
    out += '}\n'
  }
  sink(out)
}
