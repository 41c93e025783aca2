// Public API of @spinmpi/runtime.
export * from './errors.js'
export type { Datatype } from '@spinmpi/ddt'
export * from './comm/comm-api.js'
export { bufferAt } from './comm/buffer.js'
export type { CommCore } from './comm/comm-core.js'
export type { CollectiveImpls } from './comm/collective-hook.js'
export { Group } from './comm/group.js'
export { dimsCreate } from './comm/cart.js'
export { testCancelled } from './comm/status.js'
export type { UnreceivedMessage } from './unreceived.js'
export { run, type RunResult } from './run.js'
export type { RunOptions } from './run-options.js'
export { runGoalTrace, type GoalRunResult } from './trace/run-goal-trace.js'
export { GoalTrace } from './trace/goal-trace.js'
export { captureGoalTraces, type CapturedGoals } from './trace/goal-capture.js'
export { RankGoalTrace } from './trace/rank-goal-trace.js'
export type { RunStats, ReceiveRecord, StrategySummary } from './stats.js'
export { types, setTypeAttributes, getTypeAttributes, type TypeAttributes } from './types.js'
export * from './strategies/index.js'
// Collectives (run() hands this record to every communicator).
export {
  collectiveImpls, BCAST_ALGORITHMS, autoBcastAlgorithm, bcastBinomial, prepareNicBcast, nicBcastContext,
  createOp, resolveOp, reduceLocal, reductionPs, BUILTIN_OPS,
  type PreparedNicBcast, type NicBcastKind, type Op, type UserOp, type BuiltinOp, type BuiltinOpName, type UserFunction,
} from './collectives/index.js'
