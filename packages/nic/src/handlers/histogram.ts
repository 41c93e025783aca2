// A PsPIN-style histogram: every payload byte is a value 0..255; payload handlers count them into
// 256 int32 bins in HPU memory with atomic fetch-and-add (handlers of one message run in parallel
// on different HPUs), and the completion handler writes the bins to host memory.

import type { ExecutionContextSpec } from '../nic/handler-api.js'
import { ReturnCode } from '../nic/return-codes.js'

/** Bins of the histogram handler (one per byte value). */
export const HISTOGRAM_BINS = 256

/** Options of the histogram handler: the host buffer for the bins and the cycles per element. */
export interface HistogramOptions {
  /** Host buffer of at least 4 * 256 bytes for the bins; null in timing mode. */
  readonly hostBuffer: Uint8Array | null
  /** Cycles per element besides the atomic (load, bin address). */
  readonly elementCycles: number
}

/** An execution context whose payload handler counts byte values into NIC memory (the sPIN paper's histogram example). */
export function histogramContext(o: HistogramOptions): ExecutionContextSpec {
  return {
    hpuMemBytes: 4 * HISTOGRAM_BINS,
    hostBuffer: o.hostBuffer,
    payload: (ctx, pkt) => {
      const data = pkt.data
      if (data === null) {
        // Timing mode: the same work, without values to count.
        ctx.cycles(pkt.length * o.elementCycles)
        for (let i = 0; i < pkt.length; i++) ctx.fetchAdd(0, 0)
        return ReturnCode.SUCCESS
      }
      for (let i = 0; i < pkt.length; i++) {
        ctx.cycles(o.elementCycles)
        ctx.fetchAdd(4 * data[i]!, 1)
      }
      return ReturnCode.SUCCESS
    },
    completion: (ctx) => {
      ctx.dmaToHost(0, ctx.mem, 0, 4 * HISTOGRAM_BINS)
      return ReturnCode.SUCCESS
    },
  }
}
