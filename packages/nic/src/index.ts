// @spinmpi/nic: the simulated machine. Public API only.
export * from './sim/index.js'
