// The asynchronous progress engine's view of a rank's CPU. Work the engine does for nonblocking
// collectives (o per message, packs, reductions) runs when the engine gets to it, not after what
// the application has booked, and the application loses the same time: it is booked on the
// rank's timeline too (one core, the engine preempts the application).

import type { Ps, Simulator } from '@spinmpi/nic'
import { HostCpu } from './host-cpu.js'

export class EngineCpu extends HostCpu {
  constructor(sim: Simulator, private readonly app: HostCpu) {
    super(sim)
  }

  override book(ps: Ps): void {
    super.book(ps)
    this.app.book(ps)
  }
}
