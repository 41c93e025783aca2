// Checkpoints made on the host (SC19 §3.2.4, Fig. 6): one segment walks the whole packed stream
// and, every Δr bytes, its state is serialized into a fixed-size slot (C bytes, the largest state
// the type can have). The host time is the walk (per block of the type) plus writing the slots;
// the slots are what gets copied to NIC memory.

import { Segment, type Datatype } from '@spinmpi/ddt'
import type { HostParams, Ps } from '@spinmpi/nic'
import { hostCopyPs, hostWalkPs } from './host-cost.js'

export interface CheckpointSet {
  /** Checkpoint interval in bytes. */
  readonly deltaR: number
  /** Slot size C. */
  readonly slotBytes: number
  /** Slot i holds the state at stream offset i·Δr. */
  readonly slots: Uint8Array
  readonly count: number
  /** Host-side segments in each checkpoint's state (the handlers' working copies start here). */
  readonly segments: readonly Segment[]
  /** Host time spent making them. */
  readonly hostPs: Ps
}

/** The checkpoint slot size of (type, count): the largest serialized segment state. */
export function checkpointSlotBytes(type: Datatype, count: number): number {
  return new Segment(type, count).maxCheckpointBytes
}

export function makeCheckpoints(type: Datatype, count: number, deltaR: number, host: HostParams): CheckpointSet {
  const seg = new Segment(type, count)
  const slotBytes = seg.maxCheckpointBytes
  const n = Math.max(1, Math.ceil(seg.size / deltaR))
  const slots = new Uint8Array(n * slotBytes)
  const segments: Segment[] = []
  let written = 0
  const noop = (): void => {}
  for (let i = 0; i < n; i++) {
    const at = Math.min(i * deltaR, seg.size)
    if (at > seg.position) seg.process(seg.position, at, noop)
    const bytes = seg.serialize()
    slots.set(bytes, i * slotBytes)
    written += bytes.length
    segments.push(seg.clone())
  }
  const hostPs = hostWalkPs(host, seg.pieces) + hostCopyPs(host, written)
  return { deltaR, slotBytes, slots, count: n, segments, hostPs }
}

/** Puts `seg` in the state of the checkpoint at stream offset `at` (what restoring its slot gives). */
export function positionAt(seg: Segment, at: number): void {
  if (at < seg.position) seg.reset()
  if (at > seg.position) seg.process(at, at, NOOP)
  seg.resetCounters()
}

const NOOP = (): void => {}
