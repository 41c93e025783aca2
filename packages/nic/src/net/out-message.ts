// A message on its way out of a NIC: one or more chunks of bytes (one for a plain send, several for
// a streaming put), each cut into packets of at most mtu payload. Objects here exist per message
// and per chunk, never per packet.

import type { PacketViews } from './payload-views.js'

/** A chunk of a message's bytes. Pooled by the Network with its message (see OutMessage). */
export class OutChunk {
  /** Offset of the chunk in the message. */
  msgOffset = 0
  bytes = 0
  data: Uint8Array | null = null
  /** Cached packet views of data (null in timing mode). */
  views: PacketViews | null = null
  /** The chunk ends the message: its last packet is the completion packet. */
  end = false
  /** Packets of this chunk (0 for an empty chunk that does not end the message). */
  npkts = 0
  /** Sequence number of the chunk's first packet in the message. */
  seqBase = 0
  /** Next packet to inject, as a position in injection order. */
  next = 0
  /** Injection order (a bounded permutation) when reordering, else null (in order). */
  order: Int32Array | null = null
}

/**
 * A message being injected. The Network owns these objects and never hands them out (callers
 * see message ids): it takes one from its pool when a message opens and gives it back, with its
 * chunks, once the last packet has left and the onInjected callback (if any) has run.
 */
export class OutMessage {
  id = 0
  src = 0
  dst = 0
  user: unknown = null
  onInjected: ((msgId: number, user: unknown) => void) | undefined = undefined
  chunks: OutChunk[] = []
  /** Index of the chunk being injected. */
  chunk = 0
  /** Packets numbered so far (sequence number of the next chunk's first packet). */
  seqNext = 0
  /** Bytes appended so far. */
  bytes = 0
  /** Packets injected so far. */
  sent = 0
  /** The last chunk has been appended. */
  ended = false
}

/** Packets a chunk of `bytes` becomes; an empty chunk needs one packet only if it ends the message. */
export function chunkPackets(bytes: number, mtu: number, end: boolean): number {
  if (bytes > 0) return Math.ceil(bytes / mtu)
  return end ? 1 : 0
}

/** Moves past exhausted chunks while later ones exist. */
export function advance(msg: OutMessage): void {
  const chunks = msg.chunks
  while (msg.chunk < chunks.length - 1 && chunks[msg.chunk]!.next >= chunks[msg.chunk]!.npkts) msg.chunk++
}

/** True when the message has a packet ready to inject (call advance first). */
export function hasPending(msg: OutMessage): boolean {
  const c = msg.chunks[msg.chunk]
  return c !== undefined && c.next < c.npkts
}

/** True when every packet of a finished message has been injected (call advance first). */
export function isDone(msg: OutMessage): boolean {
  return msg.ended && !hasPending(msg)
}
