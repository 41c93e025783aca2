// The machine profile: every number the simulated machine uses, grouped by the part it describes.
// Units are in the field names (Ns, Ps, Hz, Gbps = 1e9 bit/s, GiBps = 2^30 byte/s, Bytes, Cycles).
// All leaves are numbers, so a dotted path plus a number is always a valid override.

import { z } from 'zod'

/** More HPUs than any sPIN design proposes; the per-HPU state of a run stays small below it. */
export const MAX_HPUS = 4096

const positive = z.number({ error: 'expected a positive number' }).positive({ error: 'expected a positive number' })
const nonNegative = z.number({ error: 'expected a non-negative number' }).min(0, { error: 'expected a non-negative number' })
const positiveInt = z
  .number({ error: 'expected a positive integer' })
  .int({ error: 'expected a positive integer' })
  .min(1, { error: 'expected a positive integer' })
/**
 * A clock in Hz. At least 1 MHz (the slowest profile, FPsPIN, is 40 MHz): a clock written in GHz or
 * MHz (`"hpuHz": 1` for 1 GHz) is refused by name instead of running a 1 Hz core for hours of
 * simulated time.
 */
const clockHz = z.number({ error: 'expected a positive number' }).min(1e6, { error: 'expected a clock in Hz, at least 1e6 (1 GHz is 1e9)' })
const nonNegativeInt = z
  .number({ error: 'expected a non-negative integer' })
  .int({ error: 'expected a non-negative integer' })
  .min(0, { error: 'expected a non-negative integer' })

export const NetworkSchema = z.strictObject({
  /** Link bandwidth in Gbit/s (1e9 bit/s); injection and ejection serialize at this rate. */
  linkGbps: positive,
  /** Maximum payload bytes per packet (the MTU of the papers). */
  mtuBytes: positiveInt,
  /** Bytes of header on the wire with every packet. */
  headerBytes: nonNegativeInt,
  /** L: wire plus switch latency, head of packet from source port to destination port. */
  latencyNs: nonNegative,
  /** g: minimum gap between the starts of two messages injected by one NIC. */
  gapNs: nonNegative,
  /** o: host CPU overhead to post or complete one message. */
  overheadNs: nonNegative,
  /** Messages up to this size go eagerly; larger ones use rendezvous. */
  eagerLimitBytes: nonNegativeInt,
})

export const NicSchema = z.strictObject({
  /** Handler processing units (cores). */
  hpus: positiveInt.max(MAX_HPUS, { error: `at most ${MAX_HPUS} HPUs` }),
  /** HPU clock. */
  hpuHz: clockHz,
  /** Time from a packet being ready in the packet buffer to its handler starting on an idle HPU. */
  handlerDispatchNs: nonNegative,
  /** Matching a header packet against the list of match entries. */
  matchNs: nonNegative,
  /** Looking up the channel a matched header installed, for every later packet. */
  channelLookupNs: nonNegative,
  /** Packet buffer: packets waiting for (or being processed by) a handler. */
  pktBufBytes: positiveInt,
  /** NIC memory for execution contexts (datatype descriptors, checkpoints, segments). */
  nicMemBytes: positiveInt,
  /** NIC memory bandwidth. */
  nicMemGiBps: positive,
  /** NIC memory access latency in HPU cycles (k in the papers). */
  nicMemLatencyCycles: nonNegativeInt,
  /** NIC memory channels per HPU. */
  nicMemChannelsPerHpu: positiveInt,
  /** Largest HPU memory one execution context may hold. */
  hpuMemBytes: positiveInt,
  /**
   * Layout of one checkpoint (a serialized segment) in NIC memory: a header plus a stack of
   * frames. checkpointFrames is the stack depth every checkpoint reserves (MPITypes keeps a
   * fixed-depth stack); 0 means as deep as the type (a compact layout).
   */
  checkpointHeaderBytes: nonNegativeInt,
  checkpointFrameBytes: positiveInt,
  checkpointFrames: nonNegativeInt,
})

export const PcieSchema = z.strictObject({
  /** PCIe generation: fixes the per-lane transfer rate (see pcie.ts). */
  gen: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
    error: 'expected a PCIe generation 1..5',
  }),
  lanes: positiveInt,
  /** Line encoding: encodingDataBits carried per encodingLineBits on the wire (128/130 from Gen3). */
  encodingDataBits: positiveInt,
  encodingLineBits: positiveInt,
  /** Largest data payload one TLP carries (max payload size). */
  tlpPayloadBytes: positiveInt,
  /** Per-TLP bytes on the wire besides data: framing, sequence number, header, LCRC. */
  tlpOverheadBytes: nonNegativeInt,
  /** One-way latency of a DMA write, from leaving the NIC to landing in host memory. */
  latencyNs: nonNegative,
  /** Round-trip latency of a DMA read, request out to first data back. */
  readLatencyNs: nonNegative,
  /** Requests per direction the DMA engine keeps in flight at once (tags / posted credits). */
  maxOutstanding: positiveInt,
})

export const HostSchema = z.strictObject({
  /** Core clock: turns the per-block loop cycles (unpackBlockCycles, packBlockCycles) into time. */
  cpuHz: clockHz,
  /** Main-memory bandwidth available to one rank. */
  memBandwidthGiBps: positive,
  memLatencyNs: nonNegative,
  cacheLineBytes: positiveInt,
  /** Last-level cache capacity; with llcWays it models the misses of a host unpack (Fig. 17). */
  llcBytes: positiveInt,
  /** Last-level cache associativity (ways per set). */
  llcWays: positiveInt,
  /**
   * Cache-line misses one core keeps in flight (its L1D line fill buffers). With memLatencyNs
   * they bound what one core can copy (Little's law: buffers × line / latency).
   */
  lineFillBuffers: positiveInt,
  /**
   * Cold-cache copy bandwidth of one core during pack/unpack (bytes moved per ns), before the
   * memory-system bounds (memBandwidthGiBps for the read and the write, lineFillBuffers).
   */
  copyBytesPerNs: positive,
  /** Per contiguous block cost of the host unpack loop (MPITypes-style), in cycles at cpuHz. */
  unpackBlockCycles: nonNegative,
  /** Per contiguous block cost of the host pack loop, in cycles at cpuHz. */
  packBlockCycles: nonNegative,
  /** Sustained floating-point rate of one rank for modelled compute. */
  flopsPerNs: positive,
})

export const CostsSchema = z.strictObject({
  /** Fixed cycles of every handler invocation (prologue, reading the packet descriptor). */
  handlerBaseCycles: nonNegative,
  /** One dataloop stack step (push, pop or advance) of a segment. */
  segmentStepCycles: nonNegative,
  /** Emitting one contiguous piece (address arithmetic and the copy loop head). */
  pieceCycles: nonNegative,
  /** One stack step while catching a segment up without writing. */
  catchupStepCycles: nonNegative,
  /** Cycles per byte of checkpoint (segment state) copied in NIC memory. */
  checkpointByteCycles: nonNegative,
  /** One step of the binary search over block offsets. */
  bsearchStepCycles: nonNegative,
  /** Issuing one DMA command from a handler. */
  dmaIssueCycles: nonNegative,
  /** iovec entries the NIC fetches per PCIe read (Portals-4 iovec baseline). */
  iovecEntriesPerRead: positiveInt,
  /** Latency of one iovec-fetching PCIe read. */
  iovecReadNs: nonNegative,
})

export const ProfileSchema = z.strictObject({
  name: z.string({ error: 'expected a profile name' }).min(1, { error: 'expected a profile name' }),
  network: NetworkSchema,
  nic: NicSchema,
  pcie: PcieSchema,
  host: HostSchema,
  costs: CostsSchema,
})

/** Every number of a simulated machine: network, NIC, PCIe, host and handler costs. */
export type Profile = z.infer<typeof ProfileSchema>
/** Link rate, packet size, latency and eager limit. */
export type NetworkParams = Profile['network']
/** HPUs, clock, memories and NIC-side latencies. */
export type NicParams = Profile['nic']
/** PCIe generation, lanes, encoding, TLP sizes and latencies. */
export type PcieParams = Profile['pcie']
/** Host CPU, memory bandwidth and latency, caches and copy costs. */
export type HostParams = Profile['host']
/** Per-unit costs of handler and host work (cycles per step, per piece, ...). */
export type CostParams = Profile['costs']

/** The source of every leaf value, keyed by dotted path: "paper §x: ..." or "chosen: <reason>". */
export type ProfileSources = Record<string, string>

/** A profile with its name, description and the source of each value. */
export interface NamedProfile {
  readonly name: string
  /** One line for `spinmpi profiles`. */
  readonly description: string
  readonly values: Profile
  readonly sources: ProfileSources
}
