// Host CPU time of pack and unpack (the i7-4770 running MPITypes in SC19 §5.1), from the
// profile's `host` group and the counted work of the type: every byte moves once at the
// cold-cache copy bandwidth, every contiguous block costs the interpreter loop once. Memory
// traffic is counted in cache lines (SC19 Fig. 17): unpack reads the packed stream and
// reads-for-ownership then writes back every line of the user buffer it touches.

import type { Datatype } from '@spinmpi/ddt'
import { ns, type HostParams, type Profile, type Ps } from '@spinmpi/nic'
import { typeWork } from './type-work.js'

/** Host time to copy `bytes` contiguous bytes (cold caches). */
export function hostCopyPs(host: HostParams, bytes: number): Ps {
  return ns(bytes / host.copyBytesPerNs)
}

/** Host time to unpack `blocks` blocks holding `bytes` bytes. */
export function hostUnpackWorkPs(host: HostParams, bytes: number, blocks: number): Ps {
  return ns(bytes / host.copyBytesPerNs + blocks * host.unpackBlockNs)
}

/** Host time to pack `blocks` blocks holding `bytes` bytes. */
export function hostPackWorkPs(host: HostParams, bytes: number, blocks: number): Ps {
  return ns(bytes / host.copyBytesPerNs + blocks * host.packBlockNs)
}

/** Host time to unpack `count` instances of `type` from a packed buffer. */
export function hostUnpackPs(profile: Profile, type: Datatype, count: number): Ps {
  const w = typeWork(type, count, profile.host.cacheLineBytes)
  return hostUnpackWorkPs(profile.host, w.bytes, w.blocks)
}

/** Host time to pack `count` instances of `type` into a contiguous buffer. */
export function hostPackPs(profile: Profile, type: Datatype, count: number): Ps {
  const w = typeWork(type, count, profile.host.cacheLineBytes)
  return hostPackWorkPs(profile.host, w.bytes, w.blocks)
}

/** Host time to walk the type without copying (finding regions, making checkpoints). */
export function hostWalkPs(host: HostParams, blocks: number): Ps {
  return ns(blocks * host.unpackBlockNs)
}

export interface MemoryTraffic {
  /** Cache lines read from and written to main memory. */
  readonly readLines: number
  readonly writtenLines: number
  readonly bytes: number
}

/**
 * Main-memory traffic of a host unpack: the NIC's deposit of the packed stream (written once),
 * the CPU reading it back, and read-for-ownership plus write-back of each touched user line.
 */
export function hostUnpackTraffic(profile: Profile, type: Datatype, count: number): MemoryTraffic {
  const line = profile.host.cacheLineBytes
  const w = typeWork(type, count, line)
  const readLines = w.packedLines + w.touchedLines
  const writtenLines = w.packedLines + w.touchedLines
  return { readLines, writtenLines, bytes: (readLines + writtenLines) * line }
}

/**
 * Main-memory traffic of an offloaded unpack: the NIC writes each touched user line once (a
 * partial line costs a read of the line too, counted by the blocks that do not cover it).
 */
export function offloadTraffic(profile: Profile, type: Datatype, count: number): MemoryTraffic {
  const line = profile.host.cacheLineBytes
  const w = typeWork(type, count, line)
  const fullLines = Math.floor(w.bytes / line)
  const partial = Math.max(0, w.touchedLines - fullLines)
  return { readLines: partial, writtenLines: w.touchedLines, bytes: (partial + w.touchedLines) * line }
}
