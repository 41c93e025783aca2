// MPI_Reduce_local on packed streams: inout = input ∘ inout over `count` instances of a type,
// element by element in typemap order. Also the modelled host cost of doing so.

import { ELEMENTARY, type Datatype } from '@spinmpi/ddt/internal'
import { checkOpOnElement, flopsPerElement } from './element-class.js'
import { combineElements } from './kernels.js'
import type { Op } from './op.js'

/** Throws ERR_TYPE when a predefined op is undefined on some element of `type`. */
export function checkOp(op: Op, type: Datatype, where: string): void {
  if (op.kind === 'user') return
  for (const run of type.signature) checkOpOnElement(op, run.name, where)
}

/**
 * Combines `count` packed instances of `type`: inout[at ioOffset] = input[at inOffset] ∘ inout.
 * Both arrays must hold `count * type.size` bytes from their offsets.
 */
export function reduceLocal(
  op: Op, type: Datatype, count: number, input: Uint8Array, inOffset: number, inout: Uint8Array, ioOffset: number,
): void {
  const bytes = count * type.size
  if (op.kind === 'user') {
    op.fn(input.subarray(inOffset, inOffset + bytes), inout.subarray(ioOffset, ioOffset + bytes), count, type)
    return
  }
  const a = new DataView(input.buffer, input.byteOffset, input.byteLength)
  const b = new DataView(inout.buffer, inout.byteOffset, inout.byteLength)
  const sig = type.signature
  if (sig.length === 1) {
    combineElements(op.code, sig[0]!.name, a, inOffset, b, ioOffset, sig[0]!.count * count)
    return
  }
  let at = 0
  for (let i = 0; i < count; i++) {
    for (const run of sig) {
      combineElements(op.code, run.name, a, inOffset + at, b, ioOffset + at, run.count)
      at += run.count * ELEMENTARY[run.name].size
    }
  }
}

/** Modelled operations of one reduce-local over `count` instances of `type`. */
export function reductionFlops(op: Op, type: Datatype, count: number): number {
  if (op.kind === 'user') return op.flopsPerElement * type.elements * count
  let flops = 0
  for (const run of type.signature) flops += run.count * flopsPerElement(op, run.name)
  return flops * count
}

/** Simulated host time (ps) of one reduce-local, from the host flop rate (flops per ns). */
export function reductionPs(op: Op, type: Datatype, count: number, flopsPerNs: number): number {
  return Math.ceil((reductionFlops(op, type, count) * 1000) / flopsPerNs)
}
