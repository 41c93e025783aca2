// A simulated machine: N nodes, each a sPIN NIC with its host interface, on one network, driven
// by one simulator. Built from a profile (by name or object), a seed for every random stream, and
// the data/timing mode.

import { z } from 'zod'
import { Network } from './net/network.js'
import type { FaultOptions, ReorderOptions } from './net/types.js'
import { NicInputError, parseInput } from './nic/me-schema.js'
import { Nic } from './nic/nic.js'
import { resolveProfile } from './profile/resolve.js'
import type { Profile } from './profile/schema.js'
import { Simulator } from './sim/simulator.js'

/** How to build a cluster: node count, profile, seed, data or timing mode, reordering and faults. */
export interface ClusterOptions {
  readonly nodes: number
  /** A profile name ('sc19' by default) or a full profile object. */
  readonly profile?: string | Profile
  readonly seed?: number
  /** Real payload bytes (default) or timing mode (offsets and costs only, no payloads). */
  readonly dataMode?: boolean
  /** Out-of-order delivery within `window` packets (seeded from `seed`). */
  readonly reorder?: { readonly window: number }
  /** Fault injection (docs/faults.md). */
  readonly faults?: ClusterFaults
  /** Keep every host event in each NIC's events.log (default true). */
  readonly keepEventLog?: boolean
  /** Keep a record of every message each NIC received in stats.messages (default true). */
  readonly keepMessageLog?: boolean
  /** Keep each NIC's DMA queue-depth and packet-buffer series (default true; see NicOptions.keepSeries). */
  readonly keepSeries?: boolean
  /** The caller validates what it posts (see NicOptions.trustedInputs). */
  readonly trustedInputs?: boolean
}

/** Faults to inject: packet loss (with retransmission), duplicates, NIC memory left for packets. */
export interface ClusterFaults {
  /** Probability that a transmission of a packet is lost; the sender retransmits after rtoPs. */
  readonly drop: number
  /** Probability that a packet is delivered twice. */
  readonly duplicate: number
  /** Seed of the fault draws (default: the cluster's seed). */
  readonly seed?: number
  /** Retransmission timeout (default: twice the unloaded round trip, defaultRtoPs). */
  readonly rtoPs?: number
  /**
   * NIC memory left for buffering packets of processed messages, on every NIC: when it runs out,
   * an ME with a spill area spills the packet raw to host memory, others stall the link.
   */
  readonly packetMemBytes?: number
  /** Run payload handlers on duplicates instead of discarding them first (a NIC without a reliable transport). */
  readonly duplicatesToHandlers?: boolean
}

const ClusterOptionsSchema = z.strictObject({
  nodes: z.number().int({ error: 'expected a positive integer' }).min(1, { error: 'expected a positive integer' }),
  profile: z.union([z.string(), z.object({}).loose()]).optional(),
  seed: z.number().int({ error: 'expected an integer' }).optional(),
  dataMode: z.boolean().optional(),
  reorder: z.strictObject({ window: z.number().int().min(1, { error: 'expected a positive integer' }) }).optional(),
  faults: z.strictObject({
    drop: z.number().min(0).max(1),
    duplicate: z.number().min(0).max(1),
    seed: z.number().int({ error: 'expected an integer' }).optional(),
    rtoPs: z.number().int({ error: 'expected a positive integer' }).min(1, { error: 'expected a positive integer' }).optional(),
    packetMemBytes: z.number().int({ error: 'expected a positive integer' }).min(1, { error: 'expected a positive integer' }).optional(),
    duplicatesToHandlers: z.boolean().optional(),
  }).optional(),
  keepEventLog: z.boolean().optional(),
  keepMessageLog: z.boolean().optional(),
  keepSeries: z.boolean().optional(),
  trustedInputs: z.boolean().optional(),
})

/** N nodes, each with a sPIN NIC, on one network and one simulator: build it, post MEs and puts on its NICs, then run. */
export class Cluster {
  readonly sim = new Simulator()
  readonly profile: Profile
  readonly network: Network
  readonly nics: readonly Nic[]
  readonly dataMode: boolean
  readonly seed: number

  constructor(options: ClusterOptions) {
    parseInput(ClusterOptionsSchema, options, 'cluster')
    this.profile = resolveProfile(options.profile ?? 'sc19')
    this.seed = options.seed ?? 1
    this.dataMode = options.dataMode ?? true
    const reorder: ReorderOptions | undefined = options.reorder && { seed: this.seed, window: options.reorder.window }
    const f = options.faults
    const faults: FaultOptions | undefined = f && {
      seed: f.seed ?? this.seed, drop: f.drop, duplicate: f.duplicate, ...(f.rtoPs === undefined ? {} : { rtoPs: f.rtoPs }),
    }
    this.network = new Network(this.sim, this.profile.network, { reorder, faults })
    const nics: Nic[] = []
    for (let node = 0; node < options.nodes; node++) {
      nics.push(new Nic({
        sim: this.sim, node, profile: this.profile, network: this.network, keepEventLog: options.keepEventLog,
        keepMessageLog: options.keepMessageLog, keepSeries: options.keepSeries, trustedInputs: options.trustedInputs,
      }))
    }
    this.nics = nics
    if (f?.packetMemBytes !== undefined) for (const nic of nics) nic.buffer.memLimit = f.packetMemBytes
    if (f?.duplicatesToHandlers === true) for (const nic of nics) nic.inbound.duplicatesToHandlers = true
  }

  /** Node `node`'s NIC. */
  nic(node: number): Nic {
    const n = this.nics[node]
    if (n === undefined) throw new NicInputError(`node: ${node} is not in this ${this.nics.length}-node cluster`)
    return n
  }

  /** Allocates host memory for a node: real bytes in data mode, null in timing mode. */
  hostMemory(bytes: number): Uint8Array | null {
    return this.dataMode ? new Uint8Array(bytes) : null
  }

  /** Runs the simulation until no event is left. */
  run(): void {
    this.sim.run()
  }

  /** Runs the simulation, letting host promises (ranks) advance between events. */
  runAsync(): Promise<void> {
    return this.sim.runAsync()
  }
}
