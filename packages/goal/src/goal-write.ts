// Schedule -> GOAL text that LogGOPSim's txt2bin reads. Operations come first (with labels
// where a dependency needs one), then the dependencies in their order, so every label is
// defined before it is used and txt2bin builds the same graph the schedule describes.
import { ANY, type GoalOp, type GoalRank, type GoalSchedule } from './goal-types.js'
import { validateSchedule } from './goal-validate.js'

/**
 * The schedule with a label on every operation a dependency refers to: the label it has, or
 * `o<index>` (suffixed with `_` until it is unused in its rank). Deterministic; `writeGoal`
 * writes exactly these labels, so `parseGoal(writeGoal(s))` equals `assignLabels(s)`.
 */
export function assignLabels(schedule: GoalSchedule): GoalSchedule {
  return { ranks: schedule.ranks.map(labelRank) }
}

function labelRank(rank: GoalRank): GoalRank {
  const needed = new Set<number>()
  for (const d of rank.deps) {
    needed.add(d.op)
    needed.add(d.on)
  }
  if (needed.size === 0) return rank
  const used = new Set<string>()
  for (const op of rank.ops) if (op.label !== undefined) used.add(op.label)
  const ops = rank.ops.map((op, i): GoalOp => {
    if (op.label !== undefined || !needed.has(i)) return op
    let name = `o${i}`
    while (used.has(name)) name += '_'
    used.add(name)
    return { ...op, label: name }
  })
  return { ops, deps: rank.deps }
}

function opText(op: GoalOp): string {
  const prefix = op.label !== undefined ? `${op.label}: ` : ''
  if (op.kind === 'calc') return `${prefix}calc ${op.duration}${op.cpu !== 0 ? ` cpu ${op.cpu}` : ''}`
  const peer = op.kind === 'send' ? `to ${op.dest}` : `from ${op.src === ANY ? '-1' : op.src}`
  const tag = op.tag === ANY ? '-1' : String(op.tag)
  const cpu = op.cpu !== 0 ? ` cpu ${op.cpu}` : ''
  const nic = op.nic !== 0 ? ` nic ${op.nic}` : ''
  return `${prefix}${op.kind} ${op.bytes}b ${peer} tag ${tag}${cpu}${nic}`
}

/** GOAL text for a (validated) schedule. */
export function writeGoal(schedule: GoalSchedule): string {
  const labelled = assignLabels(validateSchedule(schedule))
  const lines: string[] = [`num_ranks ${labelled.ranks.length}`]
  labelled.ranks.forEach((rank, r) => {
    lines.push('', `rank ${r} {`)
    for (const op of rank.ops) lines.push(opText(op))
    for (const d of rank.deps) lines.push(`${rank.ops[d.op]!.label} ${d.kind} ${rank.ops[d.on]!.label}`)
    lines.push('}')
  })
  return `${lines.join('\n')}\n`
}
