// A Portals counting event: a success and a failure counter the NIC bumps, that host code can
// await until it reaches a threshold.

import type { Simulator } from '../sim/simulator.js'
import type { Signal } from '../sim/signal.js'

export class CountingEvent {
  success = 0
  failure = 0
  private waiters: { threshold: number; signal: Signal<void> }[] = []

  /** inc as a function of its own, made once: a simulator event can call it with `n` (no closure per call). */
  readonly incBy = (n: number): void => this.inc(n)

  constructor(private readonly sim: Simulator) {}

  inc(n = 1): void {
    this.success += n
    this.wake()
  }

  fail(n = 1): void {
    this.failure += n
    this.wake()
  }

  /** Resolves once success + failure >= threshold. */
  waitFor(threshold: number): Promise<void> {
    if (this.success + this.failure >= threshold) return Promise.resolve()
    const signal = this.sim.signal<void>()
    this.waiters.push({ threshold, signal })
    return signal.promise
  }

  private wake(): void {
    if (this.waiters.length === 0) return
    const total = this.success + this.failure
    const still: typeof this.waiters = []
    for (const w of this.waiters) {
      if (total >= w.threshold) w.signal.fire()
      else still.push(w)
    }
    this.waiters = still
  }
}
