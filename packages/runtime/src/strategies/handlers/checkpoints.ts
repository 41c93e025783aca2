// Checkpoints made on the host (SC19 §3.2.4, Fig. 6): one segment walks the whole packed stream
// and, every Δr bytes, its state is serialized into a fixed-size slot of C bytes. C follows the
// profile's checkpoint layout: MPITypes' segment (a header and a fixed stack of frames, 612 B in
// the sc19 profile as in SC19) or a compact one (as many frames as the type is deep). The host
// time is the walk (per block of the type) plus writing every slot; the slots are what gets
// copied to NIC memory, and what the handlers restore their segments from.

import { Segment, type Datatype } from '@spinmpi/ddt'
import type { NicParams, Profile, Ps } from '@spinmpi/nic'
import { hostCopyPs, hostWalkPs } from '../model/host-cost.js'
import { typeSegments } from './type-segments.js'

export interface CheckpointSet {
  /** Checkpoint interval in bytes. */
  readonly deltaR: number
  /** Slot size C. */
  readonly slotBytes: number
  /** Slot i holds the state at stream offset i·Δr. */
  readonly slots: Uint8Array
  readonly count: number
  /** Host time spent making them: the walk and the slot writes. */
  readonly hostPs: Ps
  /** What that time was spent on. */
  readonly walkBlocks: number
  readonly writtenBytes: number
}

/** C for a segment under the profile's layout (never smaller than the state it must hold). */
export function slotBytesOf(seg: Segment, nic: NicParams): number {
  const frames = nic.checkpointFrames === 0 ? seg.depth : Math.max(nic.checkpointFrames, seg.depth)
  return Math.max(seg.maxCheckpointBytes, nic.checkpointHeaderBytes + frames * nic.checkpointFrameBytes)
}

/** The checkpoint slot size C of (type, count) under the profile's layout. */
export function checkpointSlotBytes(type: Datatype, count: number, profile: Profile): number {
  return slotBytesOf(typeSegments(type, count).fresh, profile.nic)
}

export function makeCheckpoints(type: Datatype, count: number, deltaR: number, profile: Profile): CheckpointSet {
  const seg = new Segment(type, count)
  const slotBytes = slotBytesOf(seg, profile.nic)
  const n = Math.max(1, Math.ceil(seg.size / deltaR))
  const slots = new Uint8Array(n * slotBytes)
  const noop = (): void => {}
  for (let i = 0; i < n; i++) {
    const at = Math.min(i * deltaR, seg.size)
    if (at > seg.position) seg.process(seg.position, at, noop)
    slots.set(seg.serialize(), i * slotBytes)
  }
  // the host walks every block once and writes every slot whole (the segment struct is copied)
  const walkBlocks = seg.pieces
  const writtenBytes = slots.length
  const hostPs = hostWalkPs(profile.host, walkBlocks) + hostCopyPs(profile.host, writtenBytes)
  return { deltaR, slotBytes, slots, count: n, hostPs, walkBlocks, writtenBytes }
}

/** Restores `seg` from the checkpoint in slot `slot` of `mem` (slots of `slotBytes` from `base`). */
export function restoreSlot(seg: Segment, mem: Uint8Array, base: number, slot: number, slotBytes: number): void {
  seg.loadCheckpoint(mem, base + slot * slotBytes)
}
