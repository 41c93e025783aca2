// One rank's host CPU as a timeline: calls that return at once (isend, irecv) book their host
// work after what is already booked; blocking calls first wait until the CPU is free.

import type { Ps, Simulator } from '@spinmpi/nic'

export class HostCpu {
  /** Time the booked work ends. */
  freeAt: Ps = 0
  /** Total work booked (the rank's host CPU busy time). */
  busyPs: Ps = 0

  constructor(private readonly sim: Simulator) {}

  /** Books `ps` of work starting when the CPU is free; returns when it ends. */
  book(ps: Ps): Ps {
    this.busyPs += ps
    this.freeAt = Math.max(this.sim.now, this.freeAt) + ps
    return this.freeAt
  }

  /** Resolves once all booked work is done. */
  async settle(): Promise<void> {
    const wait = this.freeAt - this.sim.now
    if (wait > 0) await this.sim.sleep(wait)
  }

  /** Books `ps` and waits for it. */
  async spend(ps: Ps): Promise<void> {
    this.book(ps)
    await this.settle()
  }
}
