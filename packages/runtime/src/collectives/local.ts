// Host-side data movement of the collectives: packing a user buffer into a contiguous scratch
// stream, unpacking it back, and the local copy of a rank's own block, each charged to the rank
// as the host pack/unpack cost of the profile (strategies/host-cost.ts). Timing mode moves no
// bytes but charges the same time.

import { pack, unpack, type Datatype } from '@spinmpi/ddt'
import { bufferAt, resolveBuffer } from '../comm/buffer.js'
import type { Buffer } from '../comm/comm-types.js'
import type { CommCore } from '../comm/comm-core.js'
import { hostPackPs, hostUnpackPs } from '../strategies/model/host-cost.js'

/** Scratch bytes for a packed stream, or null in timing mode. */
export function scratch(core: CommCore, bytes: number): Uint8Array | null {
  return core.dataMode ? new Uint8Array(bytes) : null
}

/** Packs count x type from `buf` into a new scratch stream (charged). */
export async function packToScratch(core: CommCore, buf: Buffer, count: number, type: Datatype, where: string): Promise<Uint8Array | null> {
  const r = resolveBuffer(buf, count, type, core.dataMode, where)
  const out = scratch(core, count * type.size)
  if (out !== null && r.bytes !== null) pack(type, count, r.bytes, r.origin, out, 0)
  await core.busy(hostPackPs(core.profile, type, count))
  return out
}

/** Unpacks a scratch stream into count x type at `buf` (charged). */
export async function unpackFromScratch(core: CommCore, packed: Uint8Array | null, buf: Buffer, count: number, type: Datatype, where: string): Promise<void> {
  const r = resolveBuffer(buf, count, type, core.dataMode, where)
  if (packed !== null && r.bytes !== null) unpack(type, count, packed, 0, r.bytes, r.origin)
  await core.busy(hostUnpackPs(core.profile, type, count))
}

/** Copies a rank's own block from the send to the receive side (types may differ). */
export async function localCopy(
  core: CommCore, sendbuf: Buffer, sendcount: number, sendtype: Datatype,
  recvbuf: Buffer, recvcount: number, recvtype: Datatype, where: string,
): Promise<void> {
  const bytes = sendcount * sendtype.size
  if (bytes === 0) return
  const packed = await packToScratch(core, sendbuf, sendcount, sendtype, where)
  // The receive side may be larger; only the sent bytes land (like a shorter message).
  const fullRecv = recvcount * recvtype.size
  if (bytes === fullRecv || recvtype.size === 0) {
    await unpackFromScratch(core, packed, recvbuf, recvcount, recvtype, where)
    return
  }
  const elems = Math.floor(bytes / recvtype.size)
  await unpackFromScratch(core, packed, recvbuf, elems, recvtype, where)
}

/** The buffer argument `offset` bytes past the MPI address of `buf` (block i of a vector). */
export function offsetBuffer(buf: Buffer, offset: number): Buffer {
  if (offset === 0) return buf
  if (buf === null) return bufferAt(null, offset)
  if (buf instanceof ArrayBuffer || ArrayBuffer.isView(buf)) return bufferAt(buf, offset)
  return bufferAt(buf.data, buf.byteOffset + offset)
}
