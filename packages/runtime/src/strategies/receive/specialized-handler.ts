// `specialized` (SC19 §3.2.3): payload handlers written for one layout, reading a descriptor the
// host copied to NIC memory. vector: the first block by one division, then every stride;
// index-block: the block by one division, its displacement from the list; indexed: a binary
// search over the blocks' stream offsets. Descriptors are float64 arrays in the resident bytes.

import { classify, type Classification } from '@spinmpi/ddt'
import { ReturnCode, type CostParams, type HandlerContext, type PayloadHandler } from '@spinmpi/nic'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import type { ReceiveLayout } from '../layout.js'
import { PieceWriter } from '../handlers/piece-writer.js'

/** Descriptor words (float64) of a classification; null when it is 'general'. */
export function specializedDescriptor(c: Classification): Float64Array | null {
  switch (c.kind) {
    case 'vector': return Float64Array.of(0, c.count, c.blocklength, c.stride, c.offset)
    case 'indexBlock': {
      const d = new Float64Array(3 + c.displs.length)
      d.set([1, c.displs.length, c.blocklength])
      d.set(c.displs, 3)
      return d
    }
    case 'indexed': {
      // kind, n, then displs, lengths and the stream offset each block starts at
      const n = c.displs.length
      const d = new Float64Array(2 + 3 * n)
      d[0] = 2
      d[1] = n
      let s = 0
      for (let i = 0; i < n; i++) {
        d[2 + i] = c.displs[i]!
        d[2 + n + i] = c.blocklengths[i]!
        d[2 + 2 * n + i] = s
        s += c.blocklengths[i]!
      }
      return d
    }
    case 'general': return null
  }
}

export function classifyFor(req: ReceiveRequest): Float64Array | null {
  return specializedDescriptor(classify(req.type, req.count))
}

/** The payload handler over descriptor `d` (a view of the resident bytes). */
export function specializedPayload(d: Float64Array, layout: ReceiveLayout, costs: CostParams): PayloadHandler {
  const w = new PieceWriter(layout.lo)
  const setup = costs.segmentStepCycles
  const piece = costs.pieceCycles
  const search = costs.bsearchStepCycles
  const kind = d[0]!
  return (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    w.bind(pkt)
    const end = pkt.offset + pkt.length
    let s = pkt.offset
    if (kind === 0 || kind === 1) {
      const bl = d[2]!
      ctx.account('setup', setup)
      let b = Math.floor(s / bl)
      while (s < end) {
        const blockEnd = (b + 1) * bl
        const n = (blockEnd < end ? blockEnd : end) - s
        const at = kind === 0 ? d[4]! + b * d[3]! : d[3 + b]!
        // each block's piece cycles are charged after its DMA: before the next one's (one unit)
        w.add(at + (s - b * bl), s, n, w.pending > 0 ? 1 : 0)
        s += n
        b++
      }
      lastBlock(ctx, w, piece)
      return ReturnCode.SUCCESS
    }
    const n = d[1]!
    const displ = 2, lens = 2 + n, starts = 2 + 2 * n
    let lo = 0, hi = n - 1, steps = 0
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      steps++
      if (d[starts + mid]! <= s) lo = mid
      else hi = mid - 1
    }
    ctx.account('setup', setup + steps * search)
    let b = lo
    while (s < end) {
      const len = d[lens + b]!
      const bs = d[starts + b]!
      if (len > 0) {
        const stop = bs + len < end ? bs + len : end
        w.add(d[displ + b]! + (s - bs), s, stop - s, w.pending > 0 ? 1 : 0)
        s = stop
      }
      b++
    }
    lastBlock(ctx, w, piece)
    return ReturnCode.SUCCESS
  }
}

/** Issues the packet's pieces, then charges the last block's piece cycles (after its DMA, as each block's). */
function lastBlock(ctx: HandlerContext, w: PieceWriter, piece: number): void {
  if (w.pending === 0) return
  w.issue(ctx, piece)
  ctx.account('block', piece)
}
