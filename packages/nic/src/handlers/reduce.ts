// An in-NIC reduce (sum) of float64 vectors: each of `contributors` messages carries one vector;
// payload handlers add their packet's doubles into an accumulator in HPU memory with the NIC's
// floating-point atomic add; the completion handler of each message counts it with a
// fetch-and-add, and the last one writes the result to host memory and raises a host event.
// The ME is persistent (one per reduction). Summation order follows handler order, which is
// deterministic for a given run.

import type { ExecutionContextSpec } from '../nic/handler-api.js'
import { ReturnCode } from '../nic/return-codes.js'

/** Options of the reduce handler: vector length in doubles, number of contributors, result buffer, cycles per element. */
export interface ReduceOptions {
  /** Doubles per vector. */
  readonly elements: number
  readonly contributors: number
  /** Host buffer of 8 * elements bytes for the result; null in timing mode. */
  readonly hostBuffer: Uint8Array | null
  /** Cycles per element besides the atomic (load, convert). */
  readonly elementCycles: number
}

// HPU memory: [0] int32 arrived count, [8..] float64 accumulator
const COUNT = 0
const ACC = 8

/** An execution context whose handlers accumulate the float64 vectors of `contributors` messages in HPU memory and write the result to the host. */
export function reduceContext(o: ReduceOptions): ExecutionContextSpec {
  return {
    hpuMemBytes: ACC + 8 * o.elements,
    hostBuffer: o.hostBuffer,
    payload: (ctx, pkt) => {
      const n = pkt.length >> 3
      const first = pkt.offset >> 3
      const data = pkt.data
      const view = data === null ? null : new DataView(data.buffer, data.byteOffset, data.byteLength)
      for (let i = 0; i < n; i++) {
        ctx.cycles(o.elementCycles)
        ctx.atomicAddF64(ACC + 8 * (first + i), view === null ? 0 : view.getFloat64(8 * i, true))
      }
      return ReturnCode.SUCCESS
    },
    completion: (ctx) => {
      const before = ctx.fetchAdd(COUNT, 1)
      if (before + 1 === o.contributors) {
        ctx.dmaToHost(0, ctx.mem, ACC, 8 * o.elements)
        ctx.hostEvent(o.contributors)
      }
      return ReturnCode.SUCCESS
    },
  }
}
