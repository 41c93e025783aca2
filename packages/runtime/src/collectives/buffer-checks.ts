// Checks that a collective's user buffers hold what the call will move, made before it posts any
// message. Without them a short buffer is found by one of the collective's internal messages,
// and the error names a call and a tag the user never made ("coll.irecv(source=2, tag=5): buffer
// of 16 B ... is too small"); with them it names the collective, the argument and the peer whose
// block does not fit. No simulated time, as every argument check; no allocation per peer (an
// alltoall at 1,024 ranks checks 2,048 blocks per rank).

import { BYTE, type Datatype } from '@spinmpi/ddt'
import { bufferOrigin, resolveBytes } from '../comm/buffer.js'
import type { Buffer } from '../comm/comm-types.js'
import { offsetBuffer } from './local.js'

/** `count` x `type` must fit in `buf` (data mode); the error is `${where} ${name}: ...`. */
export function checkBuffer(buf: Buffer, count: number, type: Datatype, dataMode: boolean, where: string, name: string): void {
  resolveBytes(buf, count, type, dataMode, () => `${where} ${name}`)
}

/**
 * Every peer's block of `buf` must fit in it (data mode): peer i's block is `count` (or
 * `count[i]`) elements of `type` (or `type[i]`) at `byteOffset(i)` bytes from the buffer address.
 * `skip` is a peer whose block the call does not touch (-1 for none). The error is
 * `${where} ${name} (block of rank i): buffer of ... is too small ...`.
 */
export function checkBlocks(
  buf: Buffer, n: number, skip: number, count: number | readonly number[], type: Datatype | readonly Datatype[],
  byteOffset: (peer: number) => number, dataMode: boolean, where: string, name: string,
): void {
  // the buffer's kind and byteOffset, as any buffer argument; its bytes in data mode
  const bytes = resolveBytes(buf, 0, BYTE, dataMode, () => `${where} ${name}`)
  if (!dataMode) return
  const length = bytes === null ? -1 : bytes.length
  const origin = bufferOrigin(buf)
  for (let i = 0; i < n; i++) {
    if (i === skip) continue
    const c = typeof count === 'number' ? count : count[i]!
    const t = isTypeArray(type) ? type[i]! : type
    if (c === 0 || t.size === 0) continue
    // the span of c x t from the block's address, as resolveBytes computes it
    const last = (c - 1) * t.extent
    const at = origin + byteOffset(i)
    const lo = at + t.trueLb + Math.min(0, last), hi = at + t.trueUb + Math.max(0, last)
    if (hi <= lo || (length >= 0 && lo >= 0 && hi <= length)) continue
    // out of the buffer (or a null buffer): resolveBytes throws its usual message for this block
    resolveBytes(offsetBuffer(buf, byteOffset(i)), c, t, true, () => `${where} ${name} (block of rank ${i})`)
  }
}

function isTypeArray(type: Datatype | readonly Datatype[]): type is readonly Datatype[] {
  return Array.isArray(type)
}
