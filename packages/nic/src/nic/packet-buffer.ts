// The NIC packet buffer: payload bytes of packets waiting for, or being processed by, a handler.
// A packet enters only if its bytes fit; the inbound engine decides what a refusal means
// (link back-pressure, or a flow-control drop when the ME asked for it). `memLimit` is the NIC
// memory left for packets under the `nicmem` fault (docs/faults.md); below the capacity it is
// what runs out first, and an ME with a spill area then spills instead of stalling the link.

import { TimeSeries } from '../stats/time-series.js'

export class PacketBuffer {
  used = 0
  /** NIC memory left for buffered packets (Infinity unless a fault limits it). */
  memLimit = Infinity
  /** Bytes used over time (two samples per packet); null when not kept. The peak is kept either way. */
  readonly occupancy: TimeSeries | null
  private peakBytes = 0

  /**
   * `clock`: the simulator, whose `now` times the samples. (Read here, not passed: a time past
   * 2^31 ps passed to a call V8 does not inline is boxed, twice per packet.)
   */
  constructor(readonly capacity: number, keepSeries: boolean, private readonly clock: { readonly now: number }) {
    this.occupancy = keepSeries ? new TimeSeries(0) : null
  }

  get peak(): number {
    return this.peakBytes
  }

  fits(bytes: number): boolean {
    return this.used + bytes <= this.capacity && this.used + bytes <= this.memLimit
  }

  /** True when `bytes` more would exceed the fault's memory limit (not just the capacity). */
  exceedsMemLimit(bytes: number): boolean {
    return this.used + bytes > this.memLimit
  }

  /** `bytes` enter now. */
  take(bytes: number): void {
    const used = (this.used += bytes)
    if (used > this.peakBytes) this.peakBytes = used
    const series = this.occupancy
    if (series !== null) {
      series.recordTime = this.clock.now
      series.recordValue(used)
    }
  }

  /** `bytes` leave now. */
  release(bytes: number): void {
    this.used -= bytes
    const series = this.occupancy
    if (series !== null) {
      series.recordTime = this.clock.now
      series.recordValue(this.used)
    }
  }
}
