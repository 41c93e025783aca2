// @spinmpi/runtime/internal: the user API plus the rank's internal communicator, the strategy
// records and registries, their cost models and the collectives' parts, for the apps' figures,
// the CLI and the tests. Not a stable interface. The single-message experiment harness is
// `@spinmpi/runtime/harness` (harness.ts).
export * from './index.js'
export type { CommCore } from './comm/comm-core.js'
export { coreOf } from './comm/comm.js'
export { setSeriesCallReuse } from './comm/p2p.js'
export { setReceivePlanReuse } from './strategies/receive/plan-pool.js'
export type { CollectiveRegistry } from './collectives/registry.js'
export type { CollectiveRecord, CollectiveEntries } from './collectives/collective.js'
export { GoalTrace } from './trace/goal-trace.js'
export { RankGoalTrace } from './trace/rank-goal-trace.js'
export { captureLastGoalTrace, type CapturedLastGoal, type GoalTextSource } from './trace/goal-capture.js'
export * from './strategies/index.js'
export {
  COLLECTIVES, autoBcastAlgorithm, bcastBinomial, prepareNicBcast, nicBcastContext, startNonblocking,
  createOp, resolveOp, reduceLocal, reductionPs,
  type PreparedNicBcast, type NicBcastKind, type Op, type UserOp, type UserFunction,
} from './collectives/index.js'
export { FaultSpecSchema, parseFaultSpec, clusterFaults } from './faults/fault-spec.js'
export { TimeLimitNsSchema } from './time-limit-scope.js'
