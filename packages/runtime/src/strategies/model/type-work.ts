// What unpacking (type, count) really involves, counted once by walking the type: packed bytes,
// contiguous blocks (touching runs merged), and the cache lines the scattered side touches.
// Host cost (host-cost.ts), γ and the iovec list all derive from these counts.

import { Segment, type Datatype } from '@spinmpi/ddt'

export interface TypeWork {
  /** Packed bytes of `count` instances. */
  readonly bytes: number
  /** Maximal contiguous blocks in typemap order. */
  readonly blocks: number
  /** Distinct cache lines of the user buffer the blocks touch (consecutive reuse counted once). */
  readonly touchedLines: number
  /** Cache lines of the packed (contiguous) stream. */
  readonly packedLines: number
  /** Dataloop stack steps and leaf pieces of one full segment walk. */
  readonly stackSteps: number
  readonly pieces: number
  /** Stack frames of the deepest segment state. */
  readonly depth: number
}

const cache = new WeakMap<Datatype, Map<string, TypeWork>>()

/** Counts the work of (type, count) for cache lines of `lineBytes`; memoized per type. */
export function typeWork(type: Datatype, count: number, lineBytes: number): TypeWork {
  let perType = cache.get(type)
  if (perType === undefined) {
    perType = new Map()
    cache.set(type, perType)
  }
  const key = `${count}/${lineBytes}`
  const hit = perType.get(key)
  if (hit !== undefined) return hit
  const seg = new Segment(type, count)
  let blocks = 0
  let lines = 0
  let lastLine = Number.NEGATIVE_INFINITY
  seg.process(0, seg.size, (buf, _stream, len) => {
    blocks++
    const first = Math.floor(buf / lineBytes)
    const last = Math.floor((buf + len - 1) / lineBytes)
    lines += last - first + 1 - (first === lastLine ? 1 : 0)
    lastLine = last
  })
  const work: TypeWork = {
    bytes: seg.size,
    blocks,
    touchedLines: lines,
    packedLines: Math.ceil(seg.size / lineBytes),
    stackSteps: seg.stackSteps,
    pieces: seg.pieces,
    depth: seg.depth,
  }
  perType.set(key, work)
  return work
}

/** Average contiguous blocks per packet of `mtu` bytes (SC19's γ). */
export function gammaOf(work: TypeWork, mtu: number): number {
  const packets = Math.max(1, Math.ceil(work.bytes / mtu))
  return work.blocks / packets
}

const perPacketCache = new WeakMap<Datatype, Map<string, Uint32Array>>()

/**
 * Blocks overlapping each packet of `mtu` bytes (a block split by a packet boundary counts in
 * both): the γ of every packet, whose average is gammaOf. Memoized per type.
 */
export function packetBlocks(type: Datatype, count: number, mtu: number): Uint32Array {
  let perType = perPacketCache.get(type)
  if (perType === undefined) {
    perType = new Map()
    perPacketCache.set(type, perType)
  }
  const key = `${count}/${mtu}`
  const hit = perType.get(key)
  if (hit !== undefined) return hit
  const seg = new Segment(type, count)
  const out = new Uint32Array(Math.max(1, Math.ceil(seg.size / mtu)))
  seg.process(0, seg.size, (_buf, stream, len) => {
    const first = Math.floor(stream / mtu)
    const last = Math.floor((stream + len - 1) / mtu)
    for (let p = first; p <= last; p++) out[p]!++
  })
  perType.set(key, out)
  return out
}
