// The NIC packet buffer: payload bytes of packets waiting for, or being processed by, a handler.
// A packet enters only if its bytes fit; the inbound engine decides what a refusal means
// (link back-pressure, or a flow-control drop when the ME asked for it).

import type { Ps } from '../sim/time.js'
import { TimeSeries } from '../stats/time-series.js'

export class PacketBuffer {
  used = 0
  readonly occupancy = new TimeSeries(0)

  constructor(readonly capacity: number) {}

  get peak(): number {
    return this.occupancy.peak
  }

  fits(bytes: number): boolean {
    return this.used + bytes <= this.capacity
  }

  take(bytes: number, now: Ps): void {
    this.used += bytes
    this.occupancy.record(now, this.used)
  }

  release(bytes: number, now: Ps): void {
    this.used -= bytes
    this.occupancy.record(now, this.used)
  }
}
