// Turns the op argument of reduce/allreduce (a predefined op's name, or a user op object as
// comm-api's UserReduceOp declares it) into the internal Op, or an ERR_ARG naming it.

import { ERR_ARG, MpiError } from '@spinmpi/ddt'
import type { ReduceOp } from '../../comm/comm-types.js'
import { BUILTIN_OPS, type BuiltinOpName, type Op } from './op.js'

export function resolveOp(op: ReduceOp | BuiltinOpName, where: string): Op {
  if (typeof op === 'string') {
    const found = BUILTIN_OPS.find((b) => b.name === op)
    if (found === undefined) {
      throw new MpiError(ERR_ARG, `${where}: op '${op}' is not a predefined op (${BUILTIN_OPS.map((b) => b.name).join(', ')}) or a user op`)
    }
    return found
  }
  if (op !== null && typeof op === 'object' && 'kind' in op && op.kind === 'builtin') {
    const found = BUILTIN_OPS.find((b) => b === op || b.name === op.name)
    if (found !== undefined) return found
  }
  if (op === null || typeof op !== 'object' || !('fn' in op) || typeof op.fn !== 'function') {
    throw new MpiError(ERR_ARG, `${where}: op must be a predefined op name or a user op {name, commute, fn}`)
  }
  if ('kind' in op && op.kind === 'user') return op as Op
  // the modelled cost becomes simulated time: a negative one would move time back, NaN stops the simulator
  const flops = op.flopsPerElement ?? 1
  if (typeof flops !== 'number' || !Number.isFinite(flops) || flops < 0) {
    throw new MpiError(ERR_ARG, `${where}: op ${String(op.name)}: flopsPerElement must be a finite number >= 0, got ${String(flops)}`)
  }
  return { kind: 'user', name: op.name, commute: op.commute !== false, fn: (a, b, n, t) => op.fn(a, b, n, t), flopsPerElement: flops }
}
