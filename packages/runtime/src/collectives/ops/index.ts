// Reduction ops: predefined and user-defined, applied to packed streams.
export * from './op.js'
export { checkOp, reduceLocal, reductionFlops, reductionPs } from './reduce-local.js'
export { elementClass, opAppliesTo, type ElementClass } from './element-class.js'
export { resolveOp } from './resolve-op.js'
