// Checks a schedule built in code (not read from text) before it is written or simulated:
// shapes with zod, then what zod cannot see (peers within num_ranks, dependency indices,
// unique labels). Errors name the field, e.g. "ranks[1].ops[3].dest: ...".
import { z } from 'zod'
import { GoalScheduleError } from './goal-errors.js'
import { ANY, LABEL_PATTERN, MAX_CPU_NIC, MAX_TAG, RESERVED_LABELS, type GoalSchedule } from './goal-types.js'

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const unit = z.number().int().min(0).max(MAX_CPU_NIC)
const tag = z.number().int().min(ANY).max(MAX_TAG)
const label = z
  .string()
  .regex(LABEL_PATTERN, 'a label is a letter followed by letters, digits or _')
  .refine((s) => !RESERVED_LABELS.has(s), 'a label cannot be a GOAL keyword (send, recv, calc, rank, num_ranks)')
  .optional()

const sendSchema = z.strictObject({ kind: z.literal('send'), bytes: count, dest: count, tag, cpu: unit, nic: unit, label })
const recvSchema = z.strictObject({ kind: z.literal('recv'), bytes: count, src: z.number().int().min(ANY), tag, cpu: unit, nic: unit, label })
const calcSchema = z.strictObject({ kind: z.literal('calc'), duration: count, cpu: unit, label })
const depSchema = z.strictObject({ kind: z.enum(['requires', 'irequires']), op: count, on: count })
const rankSchema = z.strictObject({ ops: z.array(z.discriminatedUnion('kind', [sendSchema, recvSchema, calcSchema])), deps: z.array(depSchema) })
export const goalScheduleSchema = z.strictObject({ ranks: z.array(rankSchema).min(1, 'a schedule needs at least one rank') })

function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`
  return out === '' ? 'schedule' : out
}

// Schedules already known to be valid (checked here, or produced by the parser, which checks
// the same rules as it reads), so a parse -> simulate or build -> write pipeline checks once.
// Schedules are immutable by type; mutating one after it was checked is not supported.
const knownValid = new WeakSet<object>()

/** Records a schedule the caller has checked by other means (the parser). */
export function markValid(schedule: GoalSchedule): GoalSchedule {
  knownValid.add(schedule)
  return schedule
}

/** Returns the schedule unchanged when valid; throws GoalScheduleError naming the field otherwise. */
export function validateSchedule(schedule: unknown): GoalSchedule {
  if (typeof schedule === 'object' && schedule !== null && knownValid.has(schedule)) return schedule as GoalSchedule
  const parsed = goalScheduleSchema.safeParse(schedule)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new GoalScheduleError(formatPath(issue.path), issue.message)
  }
  const s = schedule as GoalSchedule
  checkReferences(s)
  knownValid.add(s)
  return s
}

/**
 * What a shape check cannot see: peers within num_ranks, dependency indices within the rank,
 * labels unique per rank. Throws GoalScheduleError naming the field.
 */
export function checkReferences(s: GoalSchedule): void {
  const numRanks = s.ranks.length
  s.ranks.forEach((rank, r) => {
    const labels = new Set<string>()
    rank.ops.forEach((op, i) => {
      const at = `ranks[${r}].ops[${i}]`
      if (op.kind === 'send' && op.dest >= numRanks) throw new GoalScheduleError(`${at}.dest`, `rank ${op.dest} does not exist (${numRanks} ranks)`)
      if (op.kind === 'recv' && op.src >= numRanks) throw new GoalScheduleError(`${at}.src`, `rank ${op.src} does not exist (${numRanks} ranks)`)
      if (op.label !== undefined) {
        if (labels.has(op.label)) throw new GoalScheduleError(`${at}.label`, `label '${op.label}' is used twice in rank ${r}`)
        labels.add(op.label)
      }
    })
    rank.deps.forEach((d, i) => {
      for (const field of ['op', 'on'] as const) {
        if (d[field] >= rank.ops.length) {
          throw new GoalScheduleError(`ranks[${r}].deps[${i}].${field}`, `operation ${d[field]} does not exist (rank ${r} has ${rank.ops.length})`)
        }
      }
    })
  })
}
