// Packet scripts: what a general payload handler does for one packet, recorded the first time a
// segment in a given state processes a given byte range, and replayed afterwards without walking
// the segment. A segment's walk is a pure function of its state (the checkpoint it would save:
// frame indices and run offset) and of the range, so the replay issues the same pieces and books
// the same counted work in the same order. Simulated cost is still charged from what the walk
// counted (stack steps, pieces, catch-up), stored as counts; only our CPU time changes. Messages
// of one (type, count) repeat the same few packet ranges from the same states (fft2d's transpose:
// thousands of tiles of 16 B blocks), so a few scripts serve millions of blocks.

import type { Segment } from '@spinmpi/ddt'

/** Numbers per piece in PacketScript.rows: buffer offset, stream offset from the packet's start, length, stack steps and pieces counted since the previous piece. */
export const ROW = 5

/**
 * Writes a row (buffer offset, stream offset, length, then the two work counts) at row `index` of
 * `rows`; returns the table, a doubled copy when `rows` had no room (the caller keeps it).
 */
export function putRow(rows: Float64Array, index: number, buf: number, stream: number, length: number, a: number, b: number): Float64Array {
  const at = index * ROW
  if (at + ROW > rows.length) {
    const grown = new Float64Array(rows.length * 2)
    grown.set(rows)
    rows = grown
  }
  rows[at] = buf
  rows[at + 1] = stream
  rows[at + 2] = length
  rows[at + 3] = a
  rows[at + 4] = b
  return rows
}

export interface PacketScript {
  /** Stream offset the packet ends at (exclusive). */
  readonly last: number
  /** Checkpoint of the state the segment was in before the packet. */
  readonly start: Uint8Array
  /** Catch-up work to the packet's offset: runs visited plus frame moves and probes. */
  readonly catchup: number
  readonly pieces: number
  readonly rows: Float64Array
  /** Stack steps after the last piece. */
  readonly trailing: number
  /** Checkpoint of the state after the packet. */
  readonly end: Uint8Array
}

/** Pieces kept over all scripts of one (type, count): 5 float64 each, about 5 MiB. */
const MAX_PIECES = 1 << 17
/** Scripts kept per packet offset (states and ends differ with packet sizes and orders). */
const MAX_PER_OFFSET = 8

/** The scripts of one (type, count), by the packet's stream offset. */
export class PacketScripts {
  private readonly byFirst = new Map<number, PacketScript[]>()
  private kept = 0
  /** Packet offsets seen once with no script kept yet (recording starts at the next sighting). */
  private readonly seenOnce = new Set<number>()
  /** The state being looked up or recorded, serialized. */
  private readonly state: Uint8Array
  private stateBytes = 0
  /** Packets served by a script (tests and profiles read it). */
  replays = 0

  constructor(maxCheckpointBytes: number) {
    this.state = new Uint8Array(maxCheckpointBytes)
  }

  /** The script of [first, last) from `seg`'s current state, or null. */
  find(seg: Segment, first: number, last: number): PacketScript | null {
    const list = this.byFirst.get(first)
    if (list === undefined) return null
    const n = seg.writeCheckpoint(this.state, 0)
    this.stateBytes = n
    const st = this.state
    for (let k = 0; k < list.length; k++) {
      const s = list[k]!
      if (s.last !== last || s.start.length !== n) continue
      const b = s.start
      let i = 0
      while (i < n && b[i] === st[i]) i++
      if (i === n) {
        this.replays++
        return s
      }
    }
    return null
  }

  /** Whether a new script of [first, …) would be kept; if so, `seg`'s state is taken as its start. */
  willKeep(seg: Segment, first: number): boolean {
    if (this.kept >= MAX_PIECES) return false
    const list = this.byFirst.get(first)
    if (list === undefined) {
      if (!this.seenOnce.has(first)) {
        this.seenOnce.add(first)
        return false
      }
    } else if (list.length >= MAX_PER_OFFSET) return false
    this.stateBytes = seg.writeCheckpoint(this.state, 0)
    return true
  }

  /** Keeps a recorded script; its start is the state willKeep took. */
  keep(first: number, last: number, catchup: number, rows: Float64Array, pieces: number, trailing: number, end: Uint8Array): void {
    const s: PacketScript = {
      last, start: this.state.slice(0, this.stateBytes), catchup, pieces, rows: rows.slice(0, pieces * ROW), trailing, end,
    }
    const list = this.byFirst.get(first)
    if (list === undefined) this.byFirst.set(first, [s])
    else list.push(s)
    this.kept += pieces + 1
  }
}
