// Unpack and send strategies: public entry points.
export type * from './contract.js'
export { postReceive } from './post-receive.js'
export { autoStrategy, resolveStrategy } from './planners.js'
export { RECEIVE_STRATEGIES, RECEIVE_CHOICES } from './request-schema.js'
export {
  hostCopyPs, hostUnpackPs, hostPackPs, hostUnpackWorkPs, hostPackWorkPs, hostWalkPs, hostUnpackTraffic, offloadTraffic,
  type MemoryTraffic,
} from './host-cost.js'
export { typeWork, gammaOf, type TypeWork } from './type-work.js'
export { residencyOf, Residency } from './residency.js'
