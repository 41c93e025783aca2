// The NIC's DMA engine. Requests are served FIFO per direction (writes NIC->host, reads
// host->NIC); each occupies its direction of the link for PcieModel.wirePs(bytes) and completes
// one latency later, so many are in flight at once (pipelined) and throughput is bound by the
// link. At most maxOutstanding requests per direction are in flight: request i cannot start
// before request i - maxOutstanding has completed. Because service is FIFO and deterministic,
// a request's completion time is known when it is issued:
//   start_i    = max(now, linkFree, done_{i - maxOutstanding})
//   linkFree   = start_i + wirePs(bytes_i)
//   done_i     = linkFree + latency          (write: latencyNs, read: readLatencyNs)
// Queue depth = requests issued and not yet complete (both directions). It is recorded lazily:
// completions are retired into the time series whenever a new request is issued, so a request
// costs no event unless the caller wants a completion callback. Call finish() before reading the
// series at the end of a run.

import type { PcieModel } from './pcie.js'
import type { Simulator } from './sim/simulator.js'
import type { Ps } from './sim/time.js'
import { TimeSeries } from './stats/time-series.js'

export type DmaDone<A> = (arg: A) => void

export class DmaError extends Error {
  override readonly name = 'DmaError'
}

/**
 * FIFO of pending completion times of one direction (growable ring, no per-request garbage).
 * Times are pushed in order (the link serves FIFO), so the head is the earliest.
 */
class CompletionRing {
  private buf = new Float64Array(64)
  private head = 0
  size = 0
  /** The head's completion time, Infinity when empty (a field: read on every request). */
  first: Ps = Infinity

  push(t: Ps): void {
    if (this.size === this.buf.length) this.grow()
    this.buf[(this.head + this.size) & (this.buf.length - 1)] = t
    if (this.size++ === 0) this.first = t
  }

  /** Drops the head (the ring must not be empty). */
  shift(): void {
    this.head = (this.head + 1) & (this.buf.length - 1)
    this.size--
    this.first = this.size === 0 ? Infinity : this.buf[this.head]!
  }

  private grow(): void {
    const next = new Float64Array(this.buf.length * 2)
    for (let i = 0; i < this.size; i++) next[i] = this.buf[(this.head + i) & (this.buf.length - 1)]!
    this.buf = next
    this.head = 0
  }
}

/** One direction of the link: FIFO service plus the outstanding-request window. */
class DmaChannel {
  linkFree: Ps = 0
  issued = 0
  bytes = 0
  readonly pending = new CompletionRing()
  /** done time of the last maxOutstanding requests, indexed by request number mod window. */
  private readonly window: Float64Array
  /** issued mod window length (kept as a counter: no division per request) */
  private slot = 0

  constructor(maxOutstanding: number) {
    this.window = new Float64Array(maxOutstanding)
  }

  /** When the next request could start on the link if issued at `now`. */
  nextStart(now: Ps): Ps {
    const free = now > this.linkFree ? now : this.linkFree
    const w = this.window[this.slot]!
    return free > w ? free : w
  }

  /** Books a request; returns its completion time. */
  book(now: Ps, wire: Ps, latency: Ps, bytes: number): Ps {
    const start = this.nextStart(now)
    this.linkFree = start + wire
    const done = this.linkFree + latency
    this.window[this.slot] = done
    if (++this.slot === this.window.length) this.slot = 0
    this.issued++
    this.bytes += bytes
    this.pending.push(done)
    return done
  }
}

export class DmaEngine {
  readonly pcie: PcieModel
  private readonly sim: Simulator
  private readonly writeCh: DmaChannel
  private readonly readCh: DmaChannel
  private readonly depthSeries = new TimeSeries(0, 256)
  private outstanding = 0

  constructor(sim: Simulator, pcie: PcieModel) {
    this.sim = sim
    this.pcie = pcie
    this.writeCh = new DmaChannel(pcie.params.maxOutstanding)
    this.readCh = new DmaChannel(pcie.params.maxOutstanding)
  }

  /**
   * Writes `bytes` from the NIC to host memory (0 is legal: it still sends a TLP). Returns the
   * time the data is in host memory; `done(arg)` runs then, if given.
   */
  write<A>(bytes: number, done?: DmaDone<A>, arg?: A): Ps {
    return this.issue(this.writeCh, bytes, this.pcie.writeLatencyPs, done, arg)
  }

  /** Reads `bytes` of host memory into the NIC. Returns the time the data is on the NIC. */
  read<A>(bytes: number, done?: DmaDone<A>, arg?: A): Ps {
    return this.issue(this.readCh, bytes, this.pcie.readLatencyPs, done, arg)
  }

  /** Completion time a write of `bytes` issued now would get, without issuing it. */
  peekWrite(bytes: number): Ps {
    return this.peek(this.writeCh, bytes, this.pcie.writeLatencyPs)
  }

  /**
   * Completion time of a write of `bytes` to be issued at `t` (not before now), as the engine
   * stands now: requests booked between now and `t` are not seen.
   */
  projectWrite(t: Ps, bytes: number): Ps {
    return this.project(this.writeCh, t, bytes, this.pcie.writeLatencyPs)
  }

  /** As projectWrite, for a read. */
  projectRead(t: Ps, bytes: number): Ps {
    return this.project(this.readCh, t, bytes, this.pcie.readLatencyPs)
  }

  /** Completion time a read of `bytes` issued now would get, without issuing it. */
  peekRead(bytes: number): Ps {
    return this.peek(this.readCh, bytes, this.pcie.readLatencyPs)
  }

  get writes(): number {
    return this.writeCh.issued
  }

  get reads(): number {
    return this.readCh.issued
  }

  get bytesWritten(): number {
    return this.writeCh.bytes
  }

  get bytesRead(): number {
    return this.readCh.bytes
  }

  /** Requests issued and not complete at the current simulated time. */
  get depthNow(): number {
    this.retire(this.sim.now)
    return this.outstanding
  }

  /** Highest queue depth reached so far. */
  get peakDepth(): number {
    return this.depthSeries.peak
  }

  /** Queue depth over time, settled up to now (call finish() first at the end of a run). */
  get depth(): TimeSeries {
    this.retire(this.sim.now)
    return this.depthSeries
  }

  /** Time the last issued request completes (0 if none). */
  get drainTime(): Ps {
    return Math.max(this.lastDone(this.writeCh), this.lastDone(this.readCh))
  }

  /** Retires every booked request into the depth series; issue nothing earlier afterwards. */
  finish(): void {
    this.retire(Infinity)
  }

  private issue<A>(ch: DmaChannel, bytes: number, latency: Ps, done: DmaDone<A> | undefined, arg: A | undefined): Ps {
    if (!(bytes >= 0) || !Number.isInteger(bytes)) throw new DmaError(`DMA size must be a non-negative integer, got ${bytes}`)
    const now = this.sim.now
    if (now < this.depthSeries.lastTime) throw new DmaError('DMA issued after finish(): the depth series is closed')
    this.retire(now)
    const t = ch.book(now, this.pcie.wirePs(bytes), latency, bytes)
    this.outstanding++
    this.depthSeries.record(now, this.outstanding)
    if (done !== undefined) this.sim.at(t, done, arg as A)
    return t
  }

  private peek(ch: DmaChannel, bytes: number, latency: Ps): Ps {
    return ch.nextStart(this.sim.now) + this.pcie.wirePs(bytes) + latency
  }

  private project(ch: DmaChannel, t: Ps, bytes: number, latency: Ps): Ps {
    const start = ch.nextStart(this.sim.now)
    return (t > start ? t : start) + this.pcie.wirePs(bytes) + latency
  }

  private lastDone(ch: DmaChannel): Ps {
    return ch.issued === 0 ? 0 : ch.linkFree + (ch === this.writeCh ? this.pcie.writeLatencyPs : this.pcie.readLatencyPs)
  }

  /** Moves completions at or before `until` into the depth series, in time order. */
  private retire(until: Ps): void {
    const w = this.writeCh.pending
    const r = this.readCh.pending
    for (;;) {
      const tw = w.first
      const tr = r.first
      let t: Ps
      if (tw <= tr) {
        if (tw > until || tw === Infinity) return
        t = tw
        w.shift()
      } else {
        if (tr > until) return
        t = tr
        r.shift()
      }
      this.outstanding--
      this.depthSeries.record(t, this.outstanding)
    }
  }
}
