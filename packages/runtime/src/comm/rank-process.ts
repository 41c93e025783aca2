// One process (world rank) of the run: its protocol engine on the NIC, what it is blocked on
// (deadlock report) and the context ids of its communicators. Every communicator it belongs to
// shares these.

import { ContextPool } from './context-pool.js'
import { Endpoint } from './endpoint.js'
import { PendingOps } from './pending.js'
import type { World } from './world.js'

export class RankProcess {
  readonly endpoint: Endpoint
  readonly pendingOps = new PendingOps()
  readonly contexts = new ContextPool()

  constructor(readonly world: World, readonly worldRank: number) {
    this.endpoint = new Endpoint(world, worldRank)
  }
}
