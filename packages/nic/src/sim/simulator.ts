// The discrete-event loop. Events are (time, sequence, fn, arg); ties run in scheduling order.
// Async processes (rank programs) park on Signals; after any event that fires one, the loop
// yields to the microtask queue so every continuation runs at the same simulated instant, in a
// deterministic order, before time moves on.

import { EventHeap, type EventFn } from './event-heap.js'
import { HostCopies } from './host-copies.js'
import { Signal, type WakeupSink } from './signal.js'
import type { Ps } from './time.js'

/** An event function marked by quietEvent. */
type QuietFn = EventFn & { simQuiet?: boolean }

/**
 * Marks `fn` as one of the NIC's own packet steps: an event running it reads or writes host
 * memory only through the NIC (which flushes hostCopies first), runs no host code and wakes
 * none synchronously, so queued copies may stay queued across it. Every other event (host code,
 * timers, host events) has them made first. Returns `fn`.
 */
export function quietEvent<F extends (arg: never) => void>(fn: F): F {
  (fn as unknown as QuietFn).simQuiet = true
  return fn
}

/** The simulation cannot go on (an event in the past, an event budget exceeded, ...). */
export class SimulationError extends Error {
  override readonly name = 'SimulationError'
}

/** The discrete-event engine: integer picoseconds, events ordered by time then insertion. */
export class Simulator implements WakeupSink {
  now: Ps = 0
  /** Events executed so far (for simulator-speed reporting). */
  executed = 0
  /**
   * Sequence number of the event running (or last run; -1 before the first). With `now` it places
   * the present in the (time, sequence) order of events, for work kept out of the event heap.
   */
  seq = -1
  /**
   * Payload copies into host memory not made yet (see host-copies.ts): flushed before every event
   * that is not quiet and whenever the simulator hands control back (run, step, runAsync).
   */
  readonly hostCopies = new HostCopies()
  private readonly heap = new EventHeap()
  private wakeups = 0
  /** Next slot of the event group being run (-1: none); see step(). */
  private cursor = -1
  /**
   * Continuations queued by `resume` for runAsync's loop to run itself: `readyNext` up to
   * `readyCount` wait. `handedOff`: the waiting ones went to the microtask queue (handOff).
   */
  private readonly ready: (() => void)[] = []
  private readyNext = 0
  private readyCount = 0
  private handedOff = false
  /** runAsync's loop is running an event or the ready continuations (resume may queue in `ready`). */
  private direct = false
  private readonly drainFn = (): void => this.drainReady()

  /** Schedules `fn(arg)` at absolute time `time` (not before now). */
  at<A>(time: Ps, fn: (arg: A) => void, arg?: A): void {
    if (!(time >= this.now && time < Infinity)) this.scheduledInPast(time)
    this.heap.push(time, fn as EventFn, arg)
  }

  /**
   * The time of the next atStaged call (the event heap's own array). A time past 2^31 ps is a
   * double to V8, and a double passed to a call V8 does not inline is boxed: 16 B per call. The
   * per-packet and per-message steps write their event's time here and call atStaged, which
   * takes no number.
   */
  readonly staged: Float64Array = this.heap.staged

  /**
   * As at(staged[0], fn, arg). The heap's push reads the time from the array itself, so no number
   * crosses a call however much of this V8 inlines into the caller.
   */
  atStaged<A>(fn: (arg: A) => void, arg?: A): void {
    const time = this.staged[0]!
    if (!(time >= this.now && time < Infinity)) this.scheduledInPast(time)
    this.heap.pushStaged(fn as EventFn, arg)
  }

  private scheduledInPast(time: Ps): never {
    throw new SimulationError(`event scheduled at ${time} ps, before now (${this.now} ps)`)
  }

  /** Schedules `fn(arg)` after `delay` picoseconds. */
  after<A>(delay: Ps, fn: (arg: A) => void, arg?: A): void {
    this.at(this.now + delay, fn, arg)
  }

  /**
   * A sequence number for something ordered among events as if scheduled now, without an event
   * (see DmaEngine's deferred requests): it runs after every event scheduled so far for its time.
   */
  reserveSeq(): number {
    return this.heap.reserveSeq()
  }

  /** As `n` calls of reserveSeq (n >= 1): n consecutive numbers; returns the first. */
  reserveSeqs(n: number): number {
    return this.heap.reserveSeqs(n)
  }

  /**
   * Schedules `fn(arg)` at `time` under `seq`, a number taken with reserveSeq whose event was
   * not pushed then: it runs where an event pushed at that moment would have.
   */
  atReserved<A>(time: Ps, seq: number, fn: (arg: A) => void, arg: A): void {
    this.staged[0] = time
    this.atReservedStaged(seq, fn, arg)
  }

  /** As atReserved(staged[0], seq, fn, arg): no time crosses the call (see staged). */
  atReservedStaged<A>(seq: number, fn: (arg: A) => void, arg: A): void {
    const time = this.staged[0]!
    if (!(time >= this.now && time < Infinity) || !(seq > this.seq && seq < this.heap.upcomingSeq)) this.notReserved(time, seq)
    const heap = this.heap
    heap.insertTime = time
    heap.pushReserved(seq, fn as EventFn, arg)
  }

  private notReserved(time: Ps, seq: number): never {
    throw new SimulationError(`event ${seq} scheduled at ${time} ps: before now (${this.now} ps, event ${this.seq}) or not reserved`)
  }

  /** The sequence number the next event scheduled (or reserveSeq) will get. */
  get upcomingSeq(): number {
    return this.heap.upcomingSeq
  }

  /**
   * Runs `fn(arg)` as the event numbered `seq` (reserved, never pushed) inside the running event,
   * whose number must be seq + 1 and whose time is the rider's: nothing could have run between
   * the two, so running it first here is what the event loop would have done. It counts as an
   * event (one step() runs both). The caller makes sure it is quiet (it wakes no process and
   * leaves host copies alone).
   */
  runRider<A>(seq: number, fn: (arg: A) => void, arg: A): void {
    const own = this.seq
    if (seq !== own - 1) throw new SimulationError(`rider event ${seq} run inside event ${own}: not the one right before it`)
    this.seq = seq
    this.executed++
    try {
      fn(arg)
    } finally {
      this.seq = own
    }
  }

  get pending(): number {
    return this.heap.size
  }

  /** A signal that async code can await; fire it from an event. */
  signal<T = void>(): Signal<T> {
    return new Signal<T>(this)
  }

  /** A promise resolved `delay` picoseconds from now. */
  sleep(delay: Ps): Promise<void> {
    const s = this.signal<void>()
    this.after(delay, fireSignal, s)
    return s.promise
  }

  /** Records that a host promise was woken, so runAsync lets it run before the next event. */
  noteWakeup(): void {
    this.wakeups++
    // continuations resume queued earlier run before the promise's: they go to the microtask
    // queue now, ahead of its reaction
    if (this.readyNext < this.readyCount && !this.handedOff) this.handOff()
  }

  /**
   * Runs `fn` as a microtask queued now would run: after what was queued before it, and before
   * the next event. Inside runAsync's loop, when no promise was woken before it in this turn, the
   * loop runs it itself once the event returns (no promise reaction and no trip through Node's
   * next-tick queue); otherwise it is queued as a microtask, with the wake-up noted. For the
   * simulator's own continuations (host-event delivery, sendrecv series): `fn` must not throw.
   */
  resume(fn: () => void): void {
    if (this.direct && this.wakeups === 0) {
      this.ready[this.readyCount++] = fn
      return
    }
    this.noteWakeup()
    void RESOLVED.then(fn)
  }

  /** The waiting ready continuations become one microtask (a promise was woken after them). */
  private handOff(): void {
    this.handedOff = true
    void RESOLVED.then(this.drainFn)
  }

  /** Runs the ready continuations in order, unless a wake-up hands the rest to the microtask queue. */
  private runReady(): void {
    const ready = this.ready
    while (this.readyNext < this.readyCount && !this.handedOff) {
      const fn = ready[this.readyNext]!
      ready[this.readyNext++] = noop
      fn()
    }
    if (!this.handedOff) this.readyNext = this.readyCount = 0
  }

  /**
   * The microtask of handOff: the rest of the ready continuations, in order, all in this one
   * turn. (Not runReady: a wake-up among them must not hand the rest over again, or they would
   * queue behind microtasks queued after this one, where separate microtasks would not be.)
   */
  private drainReady(): void {
    const ready = this.ready
    while (this.readyNext < this.readyCount) {
      const fn = ready[this.readyNext]!
      ready[this.readyNext++] = noop
      fn()
    }
    this.readyNext = this.readyCount = 0
    this.handedOff = false
  }

  /**
   * Runs the next event, if one is due at or before `until`; returns false when none is. Host
   * memory holds every byte copied so far when it returns.
   */
  step(until: Ps = Infinity): boolean {
    let ran: boolean
    try {
      ran = this.advance(until)
    } catch (err) {
      this.recover()
      throw err
    }
    this.hostCopies.flush()
    return ran
  }

  /**
   * The one loop of the simulator: `step`, `run` and `runAsync` are this in a loop. Events pushed
   * back to back for one time form a group (see EventHeap); `cursor` walks the current group
   * across calls. A queued host copy is made before any event that is not quiet. An event that
   * throws leaves `cursor` at the rest of its group; the caller's catch runs recover (no try here,
   * in the body of the loop).
   */
  private advance(until: Ps): boolean {
    const heap = this.heap
    let s = this.cursor
    if (s < 0) {
      s = heap.popDue(until)
      if (s < 0) return false
      this.now = heap.lastTime
      this.seq = heap.lastSeq
    } else {
      // the next event of the group: the number after the last one's (see EventHeap)
      this.seq++
    }
    const fn = heap.fnOf(s)
    const arg = heap.argOf(s)
    // (A property of the function, read only while copies wait: nothing per event otherwise.)
    if (this.hostCopies.size > 0 && (fn as QuietFn).simQuiet !== true) this.hostCopies.flush()
    s = heap.take(s)
    this.cursor = s
    this.executed++
    fn(arg)
    return true
  }

  /** An event or a continuation threw in runAsync's loop: continuations not run yet are dropped. */
  private dropReady(): void {
    if (this.handedOff) return
    this.ready.fill(noop, this.readyNext, this.readyCount)
    this.readyNext = this.readyCount = 0
  }

  /** After an event threw out of advance: what it leaves, so that a caller that catches can go on. */
  private recover(): void {
    // The rest of the group stays queued.
    const s = this.cursor
    if (s >= 0) this.heap.restoreGroup(s, this.seq + 1)
    this.cursor = -1
    // The caller sees memory as the events so far left it.
    this.hostCopies.flush()
  }

  /** Runs events synchronously up to and including time `until`. For models without processes. */
  run(until: Ps = Infinity): void {
    try {
      while (this.advance(until)) {}
    } catch (err) {
      this.recover()
      throw err
    }
    this.hostCopies.flush()
  }

  /**
   * Runs events, letting awaiting processes continue between events. Resolves when no event is
   * left (or the next is after `until`); processes still parked then are blocked for good.
   * `onYield` runs each time the loop lets timers and I/O in (every YIELD_EVERY wake-ups: a
   * place that depends on the simulation only), for progress reports; it must not touch the
   * simulation.
   */
  runAsync(until: Ps = Infinity, onYield?: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // Continuations run before the next event, even one of the same group. After an event that
      // woke a process the loop goes on once the microtask queue is empty: a microtask queued now
      // (behind the woken continuations) schedules the loop with process.nextTick, and Node runs
      // the next-tick queue only after it has drained every microtask, including those queued
      // meanwhile. Every YIELD_EVERY wake-ups the loop goes on in a macrotask (setImmediate)
      // instead, so timers and I/O (progress bars, worker messages) are not starved.
      // Continuations queued with `resume` while no promise is woken run in the loop itself,
      // right after their event, in the order they were queued: the order a microtask each would
      // have run in, as long as nothing queues a microtask without noting a wake-up.
      let sinceYield = 0
      const loop = (): void => {
        this.direct = true
        try {
          while (this.advance(until)) {
            if (this.readyCount > 0 && this.wakeups === 0) {
              this.hostCopies.flush()
              this.runReady()
              if (this.wakeups === 0 && ++sinceYield >= YIELD_EVERY) {
                sinceYield = 0
                this.direct = false
                if (onYield !== undefined) onYield()
                setImmediate(loop)
                return
              }
            }
            if (this.wakeups > 0) {
              // Woken processes run next: they see every byte copied so far.
              this.hostCopies.flush()
              this.wakeups = 0
              this.direct = false
              if (++sinceYield >= YIELD_EVERY) {
                sinceYield = 0
                if (onYield !== undefined) onYield()
                setImmediate(loop)
              } else {
                void RESOLVED.then(tickLoop)
              }
              return
            }
          }
        } catch (err) {
          this.direct = false
          this.dropReady()
          this.recover()
          reject(err)
          return
        }
        this.direct = false
        this.hostCopies.flush()
        resolve()
      }
      const tickLoop = (): void => process.nextTick(loop)
      setImmediate(() => {
        this.wakeups = 0
        loop()
      })
    })
  }
}

const RESOLVED: Promise<void> = Promise.resolve()
const noop = (): void => {}
/** Wake-ups between two macrotask turns of runAsync's loop. */
const YIELD_EVERY = 1024

function fireSignal(s: Signal<void>): void {
  s.fire()
}
