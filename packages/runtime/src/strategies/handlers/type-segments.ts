// Segments of one (type, count) that every message of it shares (made once, type-cache.ts). A
// fresh segment is never advanced: handlers clone it, and planning reads its shape (depth,
// checkpoint size). A scratch segment serves handlers that restore their state from NIC memory
// before each use (RO-CP, RW-CP): no state lives in it from one handler to the next, and a
// handler runs to its end before another starts, so one serves every HPU and every message.

import { Segment } from '@spinmpi/ddt'
import { TypeCountCache } from '../type-cache.js'
import { dataloopBytes } from '../receive/dataloop-bytes.js'
import { PacketScripts } from './packet-scripts.js'

/** The segments and dataloop size every receive of one (type, count) shares. */
export interface TypeSegments {
  /** At stream offset 0, never advanced: clone it or read its shape. */
  readonly fresh: Segment
  /** Restored from a checkpoint by every handler that uses it. */
  readonly scratch: Segment
  /** NIC memory of the dataloop tree (dataloop-bytes.ts). */
  readonly dataloopBytes: number
  /** What general handlers did for packets seen before, replayed (packet-scripts.ts). */
  readonly scripts: PacketScripts
}

const segments = new TypeCountCache<TypeSegments>((type, count) => {
  const fresh = new Segment(type, count)
  return {
    fresh,
    scratch: new Segment(type, count),
    dataloopBytes: dataloopBytes(type, count),
    scripts: new PacketScripts(fresh.maxCheckpointBytes),
  }
})

/** The shared segments of (type, count). */
export function typeSegments(type: Segment['type'], count: number): TypeSegments {
  return segments.get(type, count)
}
