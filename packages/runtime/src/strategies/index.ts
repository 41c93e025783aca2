// Unpack and send strategies: what the runtime's internal entry point exports of them.
export type * from './contract.js'
export { postReceive } from './receive/post-receive.js'
export { RECEIVE_STRATEGY_RECORDS, RECEIVE_STRATEGIES, RECEIVE_CHOICES, receiveStrategy, autoStrategy, AUTO_STRATEGY_SUMMARY, resolveStrategy } from './receive/registry.js'
export { servesAny, type ReceiveStrategy } from './receive/record.js'
export { offloadPlan, planGamma, type OffloadParts, type HandlerCounters } from './receive/offload-plan.js'
export { nothingToUndo, type Planned } from './receive/planned.js'
export { SEND_STRATEGY_RECORDS, SEND_STRATEGIES, sendStrategy } from './send/registry.js'
export { issued, type SendStrategy } from './send/record.js'
export { sendTyped, sendHostBusyPs, type TypedSend, type SendReport } from './send/send-typed.js'
export {
  hostCopyPs, hostUnpackPs, hostPackPs, hostUnpackWorkPs, hostPackWorkPs, hostWalkPs, hostUnpackTraffic,
  type MemoryTraffic,
} from './model/host-cost.js'
export { LastLevelCache } from './model/llc.js'
export { typeWork, gammaOf, packetBlocks, type TypeWork } from './model/type-work.js'
export { residencyOf, Residency } from './receive/residency.js'
export {
  modelTime, modelBreakdown, processingPs, bufferedHpus, handlerPs, handlerUnits, packetPs, NO_HANDLER,
  type ModelInput, type HandlerModel, type HandlerShape, type HandlerUnits, type ReceiveModel, type ModelBreakdown, type WalkWork,
} from './model/completion-model.js'
export { selectDeltaR, type DeltaRInput, type DeltaRChoice, type DeltaRBound } from './model/delta-r-constraints.js'
export { DEFAULT_EPSILON, chooseDeltaR, type DeltaRPolicy } from './model/receive-delta-r.js'
export { makeCheckpoints, checkpointSlotBytes, slotBytesOf, type CheckpointSet } from './handlers/checkpoints.js'
export { receiveLayout, spanOf, type ReceiveLayout } from './layout.js'
export { TypeCountCache } from './type-cache.js'
export { typeSegments, type TypeSegments } from './handlers/type-segments.js'
export { iovecList, type IovecList } from './receive/iovec.js'
