// Message bytes, blocks and γ of a workload, from its flattened typemap (spec §1).

import { flatten, packSize, type Runs } from '@spinmpi/ddt'
import type { Measurement, Workload } from './workload.js'

/** Packet payload the spec's numbers use (bytes of packed data per packet). */
export const PACKET_BYTES = 2048

/**
 * γ over runs in typemap order: each run occupies [pos, pos+len) of the packed stream and counts
 * once in every packet it overlaps.
 */
export function measureRuns(runs: Runs, packetBytes = PACKET_BYTES): Measurement {
  const lengths = runs.lengths
  const n = lengths.length
  let pos = 0
  let pieces = 0
  let minBlock = n === 0 ? 0 : Infinity
  let maxBlock = 0
  for (let i = 0; i < n; i++) {
    const len = lengths[i]! // i < n = lengths.length
    pieces += Math.floor((pos + len - 1) / packetBytes) - Math.floor(pos / packetBytes) + 1
    pos += len
    if (len < minBlock) minBlock = len
    if (len > maxBlock) maxBlock = len
  }
  const packets = Math.ceil(pos / packetBytes)
  return {
    bytes: pos,
    blocks: n,
    packets,
    gamma: packets === 0 ? 0 : pieces / packets,
    blocksPerPkt: packets === 0 ? 0 : n / packets,
    minBlock,
    maxBlock,
  }
}

export function measure(w: Pick<Workload, 'type' | 'count'>, packetBytes = PACKET_BYTES): Measurement {
  const m = measureRuns(flatten(w.type, w.count), packetBytes)
  const size = packSize(w.type, w.count)
  if (size !== m.bytes) throw new Error(`flattened runs hold ${m.bytes} B but the type size is ${size} B`)
  return m
}
