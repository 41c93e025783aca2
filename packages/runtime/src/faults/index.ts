export { FaultSpecSchema, clusterFaults, parseFaultSpec, type FaultSpec } from './fault-spec.js'
export { faultCounts, type FaultCounts } from './fault-counts.js'
export { needsSpill, withSpill, spilledReceivesOf } from './spill-unpack.js'
