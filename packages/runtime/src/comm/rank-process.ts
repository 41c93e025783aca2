// One process (world rank) of the run: its protocol engine on the NIC, what it is blocked on
// (deadlock report), its last MPI call (time-limit report) and the context ids of its communicators. Every communicator it belongs to
// shares these.

import { ContextPool } from './context-pool.js'
import { Endpoint } from './endpoint.js'
import { LastCall } from './last-call.js'
import { PendingOps } from './pending.js'
import type { World } from './world.js'

export class RankProcess {
  readonly endpoint: Endpoint
  readonly pendingOps = new PendingOps()
  readonly lastCall = new LastCall()
  readonly contexts = new ContextPool()

  constructor(readonly world: World, readonly worldRank: number) {
    this.endpoint = new Endpoint(world, worldRank)
  }
}
