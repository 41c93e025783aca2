// The SC17 vector-datatype handler: the receive layout is MPI_Type_vector(count, blocklen,
// stride) in bytes, kept as a descriptor in HPU memory. Each payload handler finds the blocks
// its packet covers by integer arithmetic and writes the contiguous pieces with non-blocking
// DMAs without host event, issued as one run list (dmaToHostRows); the completion handler sends
// one zero-byte DMA with an event, so the host learns when every piece is in (SC19 §3.2.2).

import type { ExecutionContextSpec } from '../nic/handler-api.js'
import { ReturnCode } from '../nic/return-codes.js'

/** A strided vector in host memory: count blocks of blocklength bytes, stride bytes apart. */
export interface VectorLayout {
  readonly count: number
  /** Bytes per block. */
  readonly blocklen: number
  /** Bytes from one block's start to the next. */
  readonly stride: number
}

/** A vector layout plus the host buffer and per-piece cost of the vector handler. */
export interface VectorHandlerOptions extends VectorLayout {
  readonly hostBuffer: Uint8Array | null
  /** Cycles per contiguous piece (address arithmetic and DMA setup), e.g. profile costs.pieceCycles. */
  readonly pieceCycles: number
  /** Cycles of per-packet setup (reading the descriptor, first block division). */
  readonly setupCycles: number
}

// HPU memory layout: int32 count, blocklen, stride
/** Writes the layout into HPU memory in the form the vector handler reads. */
export function writeVectorDescriptor(mem: Uint8Array, v: VectorLayout): void {
  const view = new DataView(mem.buffer, mem.byteOffset, mem.byteLength)
  view.setInt32(0, v.count, true)
  view.setInt32(4, v.blocklen, true)
  view.setInt32(8, v.stride, true)
}

/** Bytes of host memory the layout spans. */
export function vectorExtent(v: VectorLayout): number {
  return v.count === 0 ? 0 : (v.count - 1) * v.stride + v.blocklen
}

/** An execution context whose payload handler scatters each packet into a strided vector in host memory. */
export function vectorContext(o: VectorHandlerOptions): ExecutionContextSpec {
  const initialMem = new Uint8Array(12)
  writeVectorDescriptor(initialMem, o)
  // The packet's pieces as dmaToHostRows rows: host offset, source offset, length, 1 piece, 0.
  // Reused from packet to packet (read only during the call), grown to the longest packet's.
  let rows = new Float64Array(5 * 64)
  return {
    hpuMemBytes: 12,
    initialMem,
    hostBuffer: o.hostBuffer,
    payload: (ctx, pkt) => {
      const view = ctx.view
      const blocklen = view.getInt32(4, true)
      const stride = view.getInt32(8, true)
      ctx.account('setup', o.setupCycles)
      let block = Math.floor(pkt.offset / blocklen)
      let inBlock = pkt.offset - block * blocklen
      let pos = 0
      let count = 0
      while (pos < pkt.length) {
        const n = Math.min(blocklen - inBlock, pkt.length - pos)
        if (5 * count + 5 > rows.length) rows = grown(rows)
        const r = 5 * count++
        rows[r] = block * stride + inBlock
        rows[r + 1] = pos
        rows[r + 2] = n
        rows[r + 3] = 1
        rows[r + 4] = 0
        pos += n
        block++
        inBlock = 0
      }
      // Each piece costs pieceCycles and is written without host event, as account('block',
      // pieceCycles) then dmaToHost(..., { noEvent: true }) per piece would, in one call.
      ctx.dmaToHostRows(pkt.data, rows, 5, count, 0, o.pieceCycles, 0)
      return ReturnCode.SUCCESS
    },
    completion: (ctx) => {
      ctx.dmaToHost(0, null, 0, 0)
      return ReturnCode.SUCCESS
    },
  }
}

/** A rows buffer twice as long, with the rows so far. */
function grown(rows: Float64Array): Float64Array<ArrayBuffer> {
  const next = new Float64Array(2 * rows.length)
  next.set(rows)
  return next
}
