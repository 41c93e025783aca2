// The parts of one NIC that its engines share. Built by Nic; engines take what they need.

import type { DmaEngine } from '../host-link/dma-engine.js'
import type { Network } from '../net/network.js'
import type { Profile } from '../profile/schema.js'
import type { Simulator } from '../sim/simulator.js'
import type { Ps } from '../sim/time.js'
import type { HerPool } from './her.js'
import type { HostEvent, HostEventQueue } from './host-events.js'
import type { MatchingUnit } from './matching.js'
import type { NicMemory } from './nic-memory.js'
import type { NicStats } from './nic-stats.js'
import type { ProcessedMessage } from './processed-message.js'
import type { PacketBuffer } from './packet-buffer.js'
import type { HerScheduler } from './scheduler.js'

export interface NicParts {
  readonly sim: Simulator
  readonly node: number
  readonly profile: Profile
  readonly network: Network
  readonly dma: DmaEngine<ProcessedMessage>
  readonly matching: MatchingUnit
  readonly memory: NicMemory
  readonly buffer: PacketBuffer
  readonly events: HostEventQueue
  readonly stats: NicStats
  readonly herPool: HerPool
  readonly scheduler: HerScheduler
  /** Posts `event` to the host queue at its time (now or later). */
  postAt(event: HostEvent): void
  /** Runs `fn` at time `t` (now or later). */
  later(t: Ps, fn: () => void): void
}
