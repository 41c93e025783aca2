// A step function of time, stored compactly in typed arrays of (time, value). The value holds
// from a sample's time until the next sample. Appending at the time of the last sample
// overwrites it (the last value at an instant wins), but the peak still sees every value
// recorded.
//
// Storage: one Float64Array per chunk, time and value interleaved (one allocation per chunk).
// The first chunk grows fourfold (with a copy) up to CHUNK samples; after that, full chunks stay
// where they are and a new chunk of CHUNK samples is added. A long series (a DMA queue over
// thousands of packets) thus allocates a few times, and a short one stays small.

import type { Ps } from '../sim/time.js'

export class TimeSeriesError extends Error {
  override readonly name = 'TimeSeriesError'
}

export interface SeriesSamples {
  /** Sample times in picoseconds. */
  t: number[]
  v: number[]
}

/** Samples per chunk once the series outgrows its first chunk (a power of two). */
const CHUNK_BITS = 10
const CHUNK = 1 << CHUNK_BITS
const CHUNK_MASK = CHUNK - 1

export class TimeSeries {
  /** Chunk j holds samples [j * CHUNK, (j + 1) * CHUNK); chunk 0 may be shorter while alone. */
  private readonly chunks: Float64Array[]
  /** The last chunk ([t0, v0, t1, v1, ...]), and the index of its first sample. */
  private cur: Float64Array
  private base = 0
  private n = 0
  private lastT: Ps = 0
  private peakValue: number
  private peakAt: Ps = 0
  private latestOnly = false

  constructor(readonly initial = 0, capacity = 64) {
    let cap = 2
    while (cap < capacity && cap < CHUNK) cap *= 2
    this.cur = new Float64Array(2 * cap)
    this.chunks = [this.cur]
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
    return this.n === 0 ? this.initial : this.cur[2 * (this.n - 1 - this.base) + 1]!
  }

  /** Time of the latest sample, or 0 when empty. */
  get lastTime(): Ps {
    return this.lastT
  }

  /**
   * The time of the next recordValue call. (Per-message callers set it and call recordValue: a
   * time past 2^31 ps passed to a call V8 does not inline is boxed, 16 B a sample, and a field
   * store is not.)
   */
  recordTime: Ps = 0

  /** Sets the value from time `t` on; `t` must not be before the latest sample. */
  record(t: Ps, value: number): void {
    this.recordTime = t
    this.recordValue(value)
  }

  /** record(recordTime, value). */
  recordValue(value: number): void {
    const t = this.recordTime
    const n = this.n
    if (n > 0) {
      const lastT = this.lastT
      if (t < lastT) throw this.sampleBefore(lastT)
      if (t === lastT) {
        this.cur[2 * (n - 1 - this.base) + 1] = value
        if (value > this.peakValue) this.notePeak(value)
        return
      }
    }
    if (this.latestOnly && n > 0) {
      // the latest sample moves forward in place: no storage grows
      const at = 2 * (n - 1 - this.base)
      this.cur[at] = t
      this.cur[at + 1] = value
      this.lastT = t
      if (value > this.peakValue) this.notePeak(value)
      return
    }
    let k = 2 * (n - this.base)
    if (k === this.cur.length) {
      this.extend()
      k = 2 * (n - this.base)
    }
    this.cur[k] = t
    this.cur[k + 1] = value
    this.n = n + 1
    this.lastT = t
    if (value > this.peakValue) this.notePeak(value)
  }

  /**
   * From now on keeps only the latest sample (besides the peak and its time), for owners whose
   * readers need no more than `peak`, `last` and `lastTime`: a run of millions of DMAs then holds
   * no samples. `samples`, `at` and `integral` see the samples kept, the latest in place of the rest.
   */
  keepLatestOnly(): void {
    this.latestOnly = true
  }

  /** Adds `delta` to the current value at time `t`. */
  add(t: Ps, delta: number): void {
    this.record(t, this.last + delta)
  }

  /** The value in force at time `t` (the initial value before the first sample). */
  at(t: Ps): number {
    let lo = 0
    let hi = this.n
    // first index with time > t
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.timeAt(mid) <= t) lo = mid + 1
      else hi = mid
    }
    return lo === 0 ? this.initial : this.valAt(lo - 1)
  }

  /** Integral of the value over [from, to) in value·ps (for time-weighted means). */
  integral(from: Ps, to: Ps): number {
    if (to <= from) return 0
    let sum = 0
    let t = from
    let v = this.at(from)
    for (let i = 0; i < this.n; i++) {
      const ti = this.timeAt(i)
      if (ti <= from) continue
      if (ti >= to) break
      sum += v * (ti - t)
      t = ti
      v = this.valAt(i)
    }
    return sum + v * (to - t)
  }

  /** Copies of the samples; with maxPoints, keeps the max of each bucket so peaks survive. */
  samples(maxPoints = Infinity): SeriesSamples {
    const n = this.n
    if (n <= maxPoints) {
      const t: number[] = new Array<number>(n)
      const v: number[] = new Array<number>(n)
      for (let i = 0; i < n; i++) {
        t[i] = this.timeAt(i)
        v[i] = this.valAt(i)
      }
      return { t, v }
    }
    const buckets = Math.max(1, Math.floor(maxPoints))
    const t: number[] = []
    const v: number[] = []
    for (let b = 0; b < buckets; b++) {
      const lo = Math.floor((b * n) / buckets)
      const hi = Math.floor(((b + 1) * n) / buckets)
      let best = lo
      for (let i = lo + 1; i < hi; i++) if (this.valAt(i) > this.valAt(best)) best = i
      t.push(this.timeAt(best))
      v.push(this.valAt(best))
    }
    return { t, v }
  }

  private timeAt(i: number): number {
    return this.chunks[i >>> CHUNK_BITS]![2 * (i & CHUNK_MASK)]!
  }

  private valAt(i: number): number {
    return this.chunks[i >>> CHUNK_BITS]![2 * (i & CHUNK_MASK) + 1]!
  }

  /** A new peak at recordTime. (No time argument: see recordTime.) */
  private notePeak(value: number): void {
    this.peakValue = value
    this.peakAt = this.recordTime
  }

  private sampleBefore(lastT: Ps): TimeSeriesError {
    return new TimeSeriesError(`sample at ${this.recordTime} ps is before the last one (${lastT} ps)`)
  }

  /** Room for one more sample: grow the lone first chunk, or start a new full-size one. */
  private extend(): void {
    const cap = this.cur.length >> 1
    if (cap < CHUNK) {
      const grown = new Float64Array(2 * Math.min(CHUNK, cap * 4))
      grown.set(this.cur)
      this.cur = this.chunks[0] = grown
      return
    }
    this.base += CHUNK
    this.cur = new Float64Array(2 * CHUNK)
    this.chunks.push(this.cur)
  }
}
