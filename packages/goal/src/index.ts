// @spinmpi/goal: GOAL schedules (read, write, build) and a LogGOPS message-level simulator that
// gives LogGOPSim's numbers on the same schedule.
export { ANY, MAX_TAG, MAX_CPU_NIC, LABEL_PATTERN, RESERVED_LABELS } from './goal-types.js'
export type { GoalSchedule, GoalRank, GoalOp, GoalSend, GoalRecv, GoalCalc, GoalDependency } from './goal-types.js'
export { GoalSyntaxError, GoalScheduleError } from './goal-errors.js'
export { parseGoal } from './goal-parse.js'
export { writeGoal, assignLabels } from './goal-write.js'
export { validateSchedule, goalScheduleSchema } from './goal-validate.js'
export { GoalBuilder, GoalRankBuilder, type MessageOptions, type CalcOptions } from './goal-builder.js'
export { logGopsParams, logGopsParamsSchema, DEFAULT_LOGGOPS_PARAMS, type LogGopsParams } from './loggops-params.js'
export { simulateLogGops, type LogGopsResult, type UnmatchedOp } from './loggops.js'
export { formatLogGopsText, logGopsJson, formatCppDouble } from './loggops-report.js'
