// What unpacking (type, count) really involves, counted once by walking the type: packed bytes,
// contiguous blocks (touching runs merged), and the cache lines the scattered side touches.
// Host cost (host-cost.ts), γ and the iovec list all derive from these counts.

import { Segment, type Datatype } from '@spinmpi/ddt'
import { TypeCountCache } from '../type-cache.js'

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

type Counter<T> = (type: Datatype, count: number, param: number) => T

/**
 * The memo of `counter` for one value of its profile parameter (cache-line size, MTU: few distinct
 * values), every count of a type kept.
 */
function memoFor<T>(memos: Map<number, TypeCountCache<T>>, param: number, counter: Counter<T>): TypeCountCache<T> {
  let memo = memos.get(param)
  if (memo === undefined) {
    memo = new TypeCountCache((t, n) => counter(t, n, param), Infinity)
    memos.set(param, memo)
  }
  return memo
}

const workByLine = new Map<number, TypeCountCache<TypeWork>>()

/** Counts the work of (type, count) for cache lines of `lineBytes`; memoized per type. */
export function typeWork(type: Datatype, count: number, lineBytes: number): TypeWork {
  return memoFor(workByLine, lineBytes, countWork).get(type, count)
}

function countWork(type: Datatype, count: number, lineBytes: number): TypeWork {
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
  return {
    bytes: seg.size,
    blocks,
    touchedLines: lines,
    packedLines: Math.ceil(seg.size / lineBytes),
    stackSteps: seg.stackSteps,
    pieces: seg.pieces,
    depth: seg.depth,
  }
}

/** Average contiguous blocks per packet of `mtu` bytes (SC19's γ). */
export function gammaOf(work: TypeWork, mtu: number): number {
  const packets = Math.max(1, Math.ceil(work.bytes / mtu))
  return work.blocks / packets
}

const blocksByMtu = new Map<number, TypeCountCache<Uint32Array>>()

/**
 * Blocks overlapping each packet of `mtu` bytes (a block split by a packet boundary counts in
 * both): the γ of every packet. Their average is gammaOf only when no block crosses a packet
 * boundary (gammaOf counts each block once). Memoized per type.
 */
export function packetBlocks(type: Datatype, count: number, mtu: number): Uint32Array {
  return memoFor(blocksByMtu, mtu, countPacketBlocks).get(type, count)
}

function countPacketBlocks(type: Datatype, count: number, mtu: number): Uint32Array {
  const seg = new Segment(type, count)
  const out = new Uint32Array(Math.max(1, Math.ceil(seg.size / mtu)))
  seg.process(0, seg.size, (_buf, stream, len) => {
    const first = Math.floor(stream / mtu)
    const last = Math.floor((stream + len - 1) / mtu)
    for (let p = first; p <= last; p++) out[p]!++
  })
  return out
}
