// Where a receive's data lands: the byte span [lo, hi) of the typemap relative to the MPI buffer
// address. The ME exposes exactly that span, so every handler offset is `bufOffset - lo`, and
// bytes of the user buffer outside the span can never be written by the NIC.

import { loopInfo, loopOfCount, type Datatype } from '@spinmpi/ddt/internal'
import { TypeCountCache } from './type-cache.js'

export interface ReceiveLayout {
  /** Packed bytes of the message. */
  readonly bytes: number
  /** Data span relative to the buffer address. */
  readonly lo: number
  readonly hi: number
}

const layouts = new TypeCountCache<ReceiveLayout>((type, count) => {
  const info = loopInfo(loopOfCount(type, count))
  return Object.freeze({ bytes: type.size * count, lo: info.lo, hi: info.hi })
})

/** The layout of `count` instances of `type` (made once per type and count). */
export function receiveLayout(type: Datatype, count: number): ReceiveLayout {
  return layouts.get(type, count)
}

/** The ME's host memory: the span of the user buffer, or null in timing mode. */
export function spanOf(layout: ReceiveLayout, buffer: Uint8Array | null, bufferOffset: number): Uint8Array | null {
  if (buffer === null) return null
  return buffer.subarray(bufferOffset + layout.lo, bufferOffset + layout.hi)
}
