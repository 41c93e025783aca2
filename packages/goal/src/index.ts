// @spinmpi/goal: GOAL schedules (read, write, build) and a LogGOPS message-level simulator that
// gives LogGOPSim's numbers on the same schedule. Helpers for tools are in `@spinmpi/goal/internal`.
export { ANY, MAX_TAG, MAX_CPU_NIC } from './goal-types.js'
export type { GoalSchedule, GoalRank, GoalOp, GoalSend, GoalRecv, GoalCalc, GoalDependency } from './goal-types.js'
export { GoalSyntaxError, GoalScheduleError } from './goal-errors.js'
export { parseGoal } from './goal-parse.js'
export { writeGoal } from './goal-write.js'
export { validateSchedule } from './goal-validate.js'
export { GoalBuilder, GoalRankBuilder, type MessageOptions, type CalcOptions } from './goal-builder.js'
export { logGopsParams, DEFAULT_LOGGOPS_PARAMS, type LogGopsParams } from './loggops-params.js'
export { simulateLogGops, type LogGopsResult, type UnmatchedOp } from './loggops.js'
export { formatLogGopsText, logGopsJson } from './loggops-report.js'
