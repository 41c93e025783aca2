// Unpack and send strategies: public entry points.
export type * from './contract.js'
export { postReceive } from './receive/post-receive.js'
export { autoStrategy, resolveStrategy } from './receive/registry.js'
export { RECEIVE_STRATEGIES, RECEIVE_CHOICES } from './receive/request-schema.js'
export {
  hostCopyPs, hostUnpackPs, hostPackPs, hostUnpackWorkPs, hostPackWorkPs, hostWalkPs, hostUnpackTraffic,
  type MemoryTraffic,
} from './model/host-cost.js'
export { LastLevelCache } from './model/llc.js'
export { typeWork, gammaOf, packetBlocks, type TypeWork } from './model/type-work.js'
export { residencyOf, Residency } from './receive/residency.js'
export { modelTime, modelBreakdown, processingPs, bufferedHpus, handlerModel, handlerPs, packetPs, type ModelInput, type HandlerModel, type ModelBreakdown, type WalkWork } from './model/completion-model.js'
export { selectDeltaR, type DeltaRInput, type DeltaRChoice, type DeltaRBound } from './model/delta-r-constraints.js'
export { DEFAULT_EPSILON } from './model/receive-delta-r.js'
export { makeCheckpoints, checkpointSlotBytes, slotBytesOf, type CheckpointSet } from './handlers/checkpoints.js'
export { sendTyped, sendHostBusyPs, SEND_STRATEGIES, type TypedSend, type SendReport } from './send/send-typed.js'
export { receiveLayout, type ReceiveLayout } from './layout.js'
