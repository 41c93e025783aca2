// What every rank of one run shares: the machine, the run's options, the stats collector, the
// collectives every communicator is built with, and the record of live communicators.

import type { Cluster } from '@spinmpi/nic'
import type { NicMemoryPolicy, ReceiveStrategyChoice, SendStrategyName } from '../strategies/contract.js'
import type { StatsCollector } from '../stats.js'
import type { GoalTrace } from '../trace/goal-trace.js'
import type { CollectiveRegistry } from '../collectives/registry.js'
import type { CommRegistry } from './comm-shared.js'

export interface World {
  readonly cluster: Cluster
  readonly size: number
  readonly dataMode: boolean
  /** Receive strategy of the run (a type attribute overrides it); undefined = 'auto'. */
  readonly strategy: ReceiveStrategyChoice | undefined
  /** Send strategy of the run for non-contiguous sends (a type attribute overrides it); undefined = 'host'. */
  readonly send: SendStrategyName | undefined
  readonly onNicMemoryFull: NicMemoryPolicy
  /** True: a receive strategy that cannot serve a receive is an error at that rank, not a host fallback. */
  readonly strictStrategy: boolean
  /** Bytes of each overflow buffer that holds unexpected eager messages (data mode). */
  readonly unexpectedBufferBytes: number
  readonly stats: StatsCollector
  /** The GOAL recorder when the run asked for trace: 'goal'. */
  readonly trace: GoalTrace | null
  /** The collective operations handed to every communicator of the run. */
  readonly collectives: CollectiveRegistry
  /** The run's live communicators, by what their members share. */
  readonly comms: CommRegistry
}
