// Host CPU time of pack and unpack (the i7-4770 running MPITypes in SC19 §5.1), from the
// profile's `host` group and the counted work of the type: every byte moves once at the
// cold-cache copy bandwidth, every contiguous block costs the interpreter loop once. Memory
// traffic (SC19 Fig. 17) is the deposit plus the misses of a last-level cache model (llc.ts).

import { Segment, type Datatype } from '@spinmpi/ddt'
import { ns, type HostParams, type Profile, type Ps } from '@spinmpi/nic'
import { LastLevelCache } from './llc.js'
import { typeWork } from './type-work.js'

/**
 * Bytes one core copies per ns: its own rate, bounded by the memory system. Every byte copied
 * is read and written, so DRAM carries twice the bytes; and a core waits on at most
 * lineFillBuffers misses at a time, one line each per memLatencyNs (Little's law).
 */
export function hostCopyRate(host: HostParams): number {
  const dram = (host.memBandwidthGiBps * 1.073741824) / 2
  const misses = host.memLatencyNs > 0 ? (host.lineFillBuffers * host.cacheLineBytes) / host.memLatencyNs : Infinity
  return Math.min(host.copyBytesPerNs, dram, misses)
}

/** Host time of `blocks` iterations of a per-block loop costing `cycles` each at the host clock. */
function blockNs(host: HostParams, cycles: number, blocks: number): number {
  return (blocks * cycles) / (host.cpuHz / 1e9)
}

/** Host time to copy `bytes` contiguous bytes (cold caches). */
export function hostCopyPs(host: HostParams, bytes: number): Ps {
  return ns(bytes / hostCopyRate(host))
}

/** Host time to unpack `blocks` blocks holding `bytes` bytes. */
export function hostUnpackWorkPs(host: HostParams, bytes: number, blocks: number): Ps {
  return ns(bytes / hostCopyRate(host) + blockNs(host, host.unpackBlockCycles, blocks))
}

/** Host time to pack `blocks` blocks holding `bytes` bytes. */
export function hostPackWorkPs(host: HostParams, bytes: number, blocks: number): Ps {
  return ns(bytes / hostCopyRate(host) + blockNs(host, host.packBlockCycles, blocks))
}

/**
 * The last answer of hostUnpackPs (and of hostPackPs), by host parameters, type and count. Every
 * message of a collective asks again for the same (type, count), and the memo lookup and
 * arithmetic left about 60 B per call (measured: 1e7 calls, 78 scavenges). A committed type
 * never changes and nothing writes a profile's host parameters, so the same key gives the same
 * number; the type is held only until the next different one.
 */
class LastCost {
  host: HostParams | null = null
  type: Datatype | null = null
  count = -1
  ps: Ps = 0

  /** The cost `workPs` gives for (type, count) on this host, from the last answer when the key is the same. */
  get(host: HostParams, type: Datatype, count: number, workPs: (host: HostParams, bytes: number, blocks: number) => Ps): Ps {
    if (this.type === type && this.count === count && this.host === host) return this.ps
    const w = typeWork(type, count, host.cacheLineBytes)
    this.host = host
    this.type = type
    this.count = count
    return (this.ps = workPs(host, w.bytes, w.blocks))
  }
}

const lastUnpack = new LastCost()
const lastPack = new LastCost()

/** Host time to unpack `count` instances of `type` from a packed buffer. */
export function hostUnpackPs(profile: Profile, type: Datatype, count: number): Ps {
  return lastUnpack.get(profile.host, type, count, hostUnpackWorkPs)
}

/** Host time to pack `count` instances of `type` into a contiguous buffer. */
export function hostPackPs(profile: Profile, type: Datatype, count: number): Ps {
  return lastPack.get(profile.host, type, count, hostPackWorkPs)
}

/** Host time to walk the type without copying (finding regions, making checkpoints). */
export function hostWalkPs(host: HostParams, blocks: number): Ps {
  return ns(blockNs(host, host.unpackBlockCycles, blocks))
}

export interface MemoryTraffic {
  /** Bytes the NIC writes into main memory (the packed deposit, or the offload's DMA writes). */
  readonly depositBytes: number
  /** Last-level cache misses of the CPU's unpack (0 when the NIC unpacks). */
  readonly llcMisses: number
  /** depositBytes + llcMisses lines: the quantity of SC19 Fig. 17. */
  readonly bytes: number
}

/** Where the staging buffer of a host unpack lives: its own allocation, far from any user buffer. */
const STAGING_BASE = 2 ** 46

/**
 * Main-memory traffic of a host unpack as SC19 Fig. 17 measures it: the NIC's deposit of the
 * packed message, plus the LLC misses (times the line size) of the CPU copying block by block in
 * typemap order from the cold staging buffer into the cold user buffer. A store that misses
 * allocates its line (read for ownership); write-backs are not misses and are not counted.
 */
export function hostUnpackTraffic(profile: Profile, type: Datatype, count: number): MemoryTraffic {
  const host = profile.host
  const line = host.cacheLineBytes
  const llc = new LastLevelCache(host.llcBytes, host.llcWays, line)
  const seg = new Segment(type, count)
  seg.process(0, seg.size, (buf, stream, len) => {
    llc.accessRange(STAGING_BASE + stream, len, line)
    llc.accessRange(buf, len, line)
  })
  return { depositBytes: seg.size, llcMisses: llc.misses, bytes: seg.size + llc.misses * line }
}
