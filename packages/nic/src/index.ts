// @spinmpi/nic: the simulated machine. Public API only.
export * from './sim/index.js'
export * from './profile/index.js'
export * from './stats/index.js'
export * from './net/index.js'
export { PcieModel } from './pcie.js'
export { DmaEngine, DmaError, type DmaDone } from './dma.js'
export * from './nic/index.js'
export { Cluster, type ClusterOptions } from './cluster.js'
