// What every rank of one run shares: the machine, the run's options, and the stats collector.

import type { Cluster } from '@spinmpi/nic'
import type { NicMemoryPolicy, ReceiveStrategyChoice, SendStrategyName } from '../strategies/contract.js'
import type { StatsCollector } from '../stats.js'
import type { GoalTrace } from '../trace/goal-trace.js'

export interface World {
  readonly cluster: Cluster
  readonly size: number
  readonly dataMode: boolean
  /** Receive strategy of the run (a type attribute overrides it); undefined = 'auto'. */
  readonly strategy: ReceiveStrategyChoice | undefined
  /** Send strategy of the run for non-contiguous sends (a type attribute overrides it); undefined = 'host'. */
  readonly send: SendStrategyName | undefined
  readonly onNicMemoryFull: NicMemoryPolicy
  /** Bytes of each overflow buffer that holds unexpected eager messages (data mode). */
  readonly unexpectedBufferBytes: number
  readonly stats: StatsCollector
  /** The GOAL recorder when the run asked for trace: 'goal'. */
  readonly trace: GoalTrace | null
}
