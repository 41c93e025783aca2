// Unpack and send strategies: public entry points.
export type * from './contract.js'
export { postReceive } from './post-receive.js'
export { autoStrategy, resolveStrategy } from './planners.js'
export { RECEIVE_STRATEGIES, RECEIVE_CHOICES } from './request-schema.js'
export {
  hostCopyPs, hostUnpackPs, hostPackPs, hostUnpackWorkPs, hostPackWorkPs, hostWalkPs, hostUnpackTraffic,
  type MemoryTraffic,
} from './host-cost.js'
export { LastLevelCache } from './llc.js'
export { typeWork, gammaOf, packetBlocks, type TypeWork } from './type-work.js'
export { residencyOf, Residency } from './residency.js'
export { runUnpack, type RunUnpackOptions, type UnpackResult } from './run-unpack.js'
export { modelTime, modelBreakdown, processingPs, bufferedHpus, handlerModel, handlerPs, packetPs, type ModelInput, type HandlerModel, type ModelBreakdown, type WalkWork } from './model.js'
export { selectDeltaR, type DeltaRInput, type DeltaRChoice, type DeltaRBound } from './delta-r.js'
export { DEFAULT_EPSILON } from './choose-delta-r.js'
export { makeCheckpoints, checkpointSlotBytes, slotBytesOf, type CheckpointSet } from './checkpoints.js'
export { sendTyped, sendHostBusyPs, SEND_STRATEGIES, type TypedSend, type SendReport } from './send-strategies.js'
export { receiveLayout, type ReceiveLayout } from './layout.js'
