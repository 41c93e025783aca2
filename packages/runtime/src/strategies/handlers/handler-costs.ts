// Per-unit handler cycles from the profile's `costs` group, and how counted segment work turns
// into the init / setup / block phases of SC19 §3.2.4's T_PH = init + setup + γ·block.

import type { CostParams, Profile } from '@spinmpi/nic'

export interface SegmentWork {
  stackSteps: number
  pieces: number
  catchupSteps: number
  catchupPieces: number
}

/**
 * Catch-up in MPITypes walks the skipped leaf runs one by one without writing; our segment jumps
 * arithmetically but counts the runs such a walk visits (catchupPieces), which is what we charge.
 */
export function catchupCycles(c: CostParams, w: SegmentWork): number {
  return (w.catchupPieces + w.catchupSteps) * c.catchupStepCycles
}

/** Finding and emitting the blocks of a packet: stack moves plus one piece each. */
export function blockCycles(c: CostParams, w: SegmentWork): number {
  return w.stackSteps * c.segmentStepCycles + w.pieces * c.pieceCycles
}

/**
 * Copying `bytes` of checkpoint (segment state) in NIC memory: the core's rate
 * (checkpointByteCycles), unless the HPU's memory channels (nicMemChannelsPerHpu, each at
 * nicMemGiBps, SC19 §5.1) deliver less per cycle. In sc19 the core bounds it: 8 B per cycle
 * against 2 × 50 GiB/s = 134 B per 800 MHz cycle.
 */
export function copyCycles(profile: Profile, bytes: number): number {
  const n = profile.nic
  const channelBytesPerCycle = (n.nicMemChannelsPerHpu * n.nicMemGiBps * 2 ** 30) / n.hpuHz
  return bytes * Math.max(profile.costs.checkpointByteCycles, 1 / channelBytesPerCycle)
}

/**
 * Bytes an RW-CP handler stores when it leaves its progressed segment in its checkpoint slot:
 * the header and the `frames` stack frames in use, in the profile's checkpoint layout (the
 * reserved but unused frames of a fixed-depth slot are not touched), at most the slot.
 */
export function stateSaveBytes(profile: Profile, frames: number, slotBytes: number): number {
  const n = profile.nic
  return Math.min(slotBytes, n.checkpointHeaderBytes + frames * n.checkpointFrameBytes)
}
