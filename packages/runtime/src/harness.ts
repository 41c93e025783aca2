// @spinmpi/runtime/harness: the single-message experiment harness. One message of a datatype
// from node 0 to node 1 of a fresh two-node cluster, received through one strategy, timed from
// the first byte in to the last byte placed and (in data mode) verified against a host unpack.
// The figures, the CLI's `unpack`/`compare` and the strategy tests run on it.
export { runUnpack, type RunUnpackOptions, type UnpackResult } from './harness/run-unpack.js'
