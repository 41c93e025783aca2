// A step function of time, stored compactly: parallel typed arrays of (time, value) that double
// when full. The value holds from a sample's time until the next sample. Appending at the time
// of the last sample overwrites it (the last value at an instant wins), but the peak still sees
// every value recorded.

import type { Ps } from '../sim/time.js'

export class TimeSeriesError extends Error {
  override readonly name = 'TimeSeriesError'
}

export interface SeriesSamples {
  /** Sample times in picoseconds. */
  t: number[]
  v: number[]
}

export class TimeSeries {
  private times: Float64Array
  private vals: Float64Array
  private n = 0
  private peakValue: number
  private peakAt: Ps = 0

  constructor(readonly initial = 0, capacity = 64) {
    this.times = new Float64Array(Math.max(2, capacity))
    this.vals = new Float64Array(Math.max(2, capacity))
    this.peakValue = initial
  }

  /** Number of stored samples. */
  get length(): number {
    return this.n
  }

  /** Largest value ever recorded (or the initial value). */
  get peak(): number {
    return this.peakValue
  }

  /** First time the peak was reached. */
  get peakTime(): Ps {
    return this.peakAt
  }

  /** The current (latest) value. */
  get last(): number {
    return this.n === 0 ? this.initial : this.vals[this.n - 1]!
  }

  /** Time of the latest sample, or 0 when empty. */
  get lastTime(): Ps {
    return this.n === 0 ? 0 : this.times[this.n - 1]!
  }

  /** Sets the value from time `t` on; `t` must not be before the latest sample. */
  record(t: Ps, value: number): void {
    const n = this.n
    if (n > 0) {
      const lastT = this.times[n - 1]!
      if (t < lastT) throw new TimeSeriesError(`sample at ${t} ps is before the last one (${lastT} ps)`)
      if (t === lastT) {
        this.vals[n - 1] = value
        this.notePeak(t, value)
        return
      }
    }
    if (n === this.times.length) this.grow()
    this.times[n] = t
    this.vals[n] = value
    this.n = n + 1
    this.notePeak(t, value)
  }

  /** Adds `delta` to the current value at time `t`. */
  add(t: Ps, delta: number): void {
    this.record(t, this.last + delta)
  }

  /** The value in force at time `t` (the initial value before the first sample). */
  at(t: Ps): number {
    const times = this.times
    let lo = 0
    let hi = this.n
    // first index with time > t
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (times[mid]! <= t) lo = mid + 1
      else hi = mid
    }
    return lo === 0 ? this.initial : this.vals[lo - 1]!
  }

  /** Integral of the value over [from, to) in value·ps (for time-weighted means). */
  integral(from: Ps, to: Ps): number {
    if (to <= from) return 0
    let sum = 0
    let t = from
    let v = this.at(from)
    for (let i = 0; i < this.n; i++) {
      const ti = this.times[i]!
      if (ti <= from) continue
      if (ti >= to) break
      sum += v * (ti - t)
      t = ti
      v = this.vals[i]!
    }
    return sum + v * (to - t)
  }

  /** Copies of the samples; with maxPoints, keeps the max of each bucket so peaks survive. */
  samples(maxPoints = Infinity): SeriesSamples {
    const n = this.n
    if (n <= maxPoints) {
      return { t: Array.from(this.times.subarray(0, n)), v: Array.from(this.vals.subarray(0, n)) }
    }
    const buckets = Math.max(1, Math.floor(maxPoints))
    const t: number[] = []
    const v: number[] = []
    for (let b = 0; b < buckets; b++) {
      const lo = Math.floor((b * n) / buckets)
      const hi = Math.floor(((b + 1) * n) / buckets)
      let best = lo
      for (let i = lo + 1; i < hi; i++) if (this.vals[i]! > this.vals[best]!) best = i
      t.push(this.times[best]!)
      v.push(this.vals[best]!)
    }
    return { t, v }
  }

  private notePeak(t: Ps, value: number): void {
    if (value > this.peakValue) {
      this.peakValue = value
      this.peakAt = t
    }
  }

  private grow(): void {
    const cap = this.times.length * 2
    const times = new Float64Array(cap)
    const vals = new Float64Array(cap)
    times.set(this.times)
    vals.set(this.vals)
    this.times = times
    this.vals = vals
  }
}
