// The contract between the MPI layer and the datatype strategies, in the forms the strategy
// records use. It imports nothing from this folder: the strategy names derive from the
// registries, which import the records, so the records see the name as a type parameter
// (default string) and contract.ts binds it to the registry's names.

import type { Datatype } from '@spinmpi/ddt'
import type { ExecutionContextSpec, Nic, Ps } from '@spinmpi/nic'

/** What to do when NIC memory cannot hold an offloaded receive's state (SC19 §3.2.6). */
export type NicMemoryPolicy = 'fallback' | 'evict'

/** A receive as the MPI layer asks for it; `C` is the strategy choice type. */
export interface ReceiveRequestOf<C extends string = string> {
  /** The receiving NIC: its profile, memory and simulator. */
  readonly nic: Nic
  /** A committed datatype. */
  readonly type: Datatype
  readonly count: number
  /** The user buffer (null in timing mode) and the index in it of the MPI buffer address. */
  readonly buffer: Uint8Array | null
  readonly bufferOffset: number
  readonly strategy: C
  /** Scheduling-overhead bound of the Δr selection (SC19 §3.2.4), default 0.2. */
  readonly epsilon?: number
  readonly onNicMemoryFull?: NicMemoryPolicy
  /** Checkpoint interval Δr in bytes for ro-cp / rw-cp, overriding the §3.2.4 selection. */
  readonly deltaR?: number
}

/** Strategy-specific facts of a plan (for stats, the CLI and the figures). */
export interface PlanDetails {
  /** Average contiguous blocks per packet. */
  readonly gamma: number
  /** Checkpoint interval in bytes (ro-cp, rw-cp), else 0. */
  readonly deltaR: number
  /** Checkpoints held (ro-cp: m/Δr; rw-cp: masters, plus as many working copies). */
  readonly checkpoints: number
  /** Bytes of one checkpoint slot (C of SC19 §3.2.4), else 0. */
  readonly checkpointBytes: number
  /** Whether the NIC state was already resident (no copy over PCIe this time). */
  readonly reused: boolean
  /** ro-cp / rw-cp: the §3.2.4 limit that set Δr, and which of the three constraints hold. */
  readonly deltaRChoice?: {
    readonly binds: string
    readonly satisfied: { readonly overhead: boolean; readonly memory: boolean; readonly packetBuffer: boolean }
  }
}

/** How a receive will run; `N` is the strategy name type. */
export interface ReceivePlanOf<N extends string = string> {
  /** The strategy that will run (after `auto` and any fallback). */
  readonly strategy: N
  /** Why the requested offload was not used (e.g. 'nic memory full'), or null. */
  readonly fallback: string | null
  /** Handlers for the ME, or null: the NIC deposits the packed stream into `hostBuffer`. */
  readonly context: ExecutionContextSpec | null
  /** The ME's host memory: the user buffer when offloaded, a packed staging buffer for host. */
  readonly hostBuffer: Uint8Array | null
  readonly hostLength: number
  /** NIC memory the plan occupies (descriptor, segments, checkpoints, iovec window). */
  readonly nicMemBytes: number
  /** Host CPU time spent before posting (checkpoint creation, iovec list build). */
  readonly hostPrepPs: Ps
  /** Bytes copied from host to NIC memory over PCIe before posting. */
  readonly prepCopyBytes: number
  readonly details?: PlanDetails
  /** Live handler counters: segment resets forced by out-of-order packets (rw-cp, hpu-local). */
  readonly counters?: { readonly resets: number }
  /**
   * Called once the NIC reports the message complete: does the host-side work (the real unpack
   * for `host`), and returns the host CPU time it took (0 when offloaded).
   */
  finish(): Ps
}
