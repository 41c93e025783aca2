// @spinmpi/runtime for users: run an MPI-style program on simulated ranks, the communicator's
// types, communicators and topologies, datatypes with their send/receive attributes, the
// strategy names, GOAL traces of a run. Protocol, strategy and collective internals are in
// `@spinmpi/runtime/internal`. run() hands the collectives to every communicator it builds.

export * from './errors.js'
export type { Datatype } from '@spinmpi/ddt'
export * from './comm/comm-api.js'
export { bufferAt } from './comm/buffer.js'
export { Group } from './comm/group.js'
export { dimsCreate } from './comm/cart.js'
export { testCancelled } from './comm/status.js'
export { run, type RunResult } from './run.js'
export type { RunOptions } from './run-options.js'
export { runGoalTrace, type GoalRunResult } from './trace/run-goal-trace.js'
export { captureGoalTraces, type CapturedGoals } from './trace/goal-capture.js'
export type { RunStats, ReceiveRecord, StrategySummary } from './stats.js'
export type { FaultSpec } from './faults/fault-spec.js'
export type { FaultCounts } from './faults/fault-counts.js'
export { withFaults, type FaultedRuns } from './faults/fault-scope.js'
export { withTimeLimit } from './time-limit-scope.js'
export { withProgress, type ProgressListener, type RunProgress } from './progress-scope.js'
export type { UnmatchedReceive, UnreceivedMessage } from './unreceived.js'
export { types, setTypeAttributes, getTypeAttributes, type TypeAttributes } from './types.js'
export type { ReceiveStrategyName, ReceiveStrategyChoice, SendStrategyName, NicMemoryPolicy } from './strategies/contract.js'
export { RECEIVE_STRATEGIES, RECEIVE_CHOICES } from './strategies/receive/registry.js'
export { SEND_STRATEGIES } from './strategies/send/registry.js'
export { BCAST_ALGORITHMS } from './collectives/bcast.js'
export { BUILTIN_OPS, type BuiltinOp, type BuiltinOpName } from './collectives/ops/op.js'
