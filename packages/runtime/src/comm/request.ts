// A non-blocking operation's state. The protocol engine completes it at a simulated instant;
// the rank observes it in wait/test, which then charges the host work of completing it
// (overhead o, host unpack) once, on the rank's CPU timeline.

import type { MpiError } from '@spinmpi/ddt'
import type { Ps, Signal, Simulator } from '@spinmpi/nic/internal'
import type { Request, RequestKind, Status } from './comm-types.js'

const SETTLED: Promise<void> = Promise.resolve()

/** What MPI_Cancel calls on a pending request: true if it was cancelled (not matched yet). */
export interface Canceller {
  cancel(): boolean
}

/** What builds a request's description when a report or an error first reads it (the call that made it). */
export interface Describer {
  describe(): string
}

/** The runtime's own waiter on a request (sendrecv-series.ts): told once, when it completes, without a promise. */
export interface RequestWaiter {
  requestDone(): void
}

export class RequestImpl implements Request {
  done = false
  /** Cleared when wait/test returns the completion (the handle is then MPI_REQUEST_NULL). */
  active = true
  /** A pending receive's cancel: true if it was cancelled (not matched yet). */
  canceller: Canceller | null = null
  completedAt: Ps = -1
  status: Status | null = null
  error: MpiError | null = null
  /** Host CPU time the rank spends when it first observes the completion. */
  hostCostPs: Ps = 0
  /** Set once wait/test has charged hostCostPs. */
  observed = false
  /** Index of this operation in the rank's GOAL trace (-1: not recorded). */
  traceOp = -1
  /**
   * Where a failure of a request the user holds (isend, irecv, ...) is noted, so run() can report
   * one nobody waited on or tested (its error would be lost); null for the runtime's own requests.
   */
  failures: RequestImpl[] | null = null
  /** Made when someone waits for the request before it completes (most complete first). */
  private signal: Signal<void> | null = null
  /** At most one runtime waiter (set by whenDone, cleared when told). */
  private waiter: RequestWaiter | null = null
  private text: string | (() => string) | Describer

  /**
   * `description` may be a function or a Describer (the point-to-point calls' own record): the
   * text is then built only when a report or error needs it.
   */
  constructor(readonly kind: RequestKind, description: string | (() => string) | Describer, private readonly sim: Simulator) {
    this.text = description
  }

  /** What the operation is, e.g. "recv(source=1, tag=7, count=4 x FLOAT64)" (deadlock reports, errors). */
  get description(): string {
    const t = this.text
    if (typeof t === 'string') return t
    const s = typeof t === 'function' ? t() : t.describe()
    this.text = s
    return s
  }

  /** Resolves (never rejects) when the request completes. */
  get settled(): Promise<void> {
    if (this.done) return SETTLED
    this.signal ??= this.sim.signal<void>()
    return this.signal.promise
  }

  /** Tells `w` (synchronously, inside the completing event) when the request completes; only while not done. */
  whenDone(w: RequestWaiter): void {
    this.waiter = w
  }

  /** Whether a runtime waiter is set (there is room for one only). */
  get hasWaiter(): boolean {
    return this.waiter !== null
  }

  /** A request of the runtime's own taken again from its pool (a series step, see p2p.ts): as new. */
  reset(description: Describer): void {
    this.done = false
    this.active = true
    this.canceller = null
    this.completedAt = -1
    this.status = null
    this.error = null
    this.hostCostPs = 0
    this.observed = false
    this.traceOp = -1
    this.failures = null
    this.signal = null
    this.waiter = null
    this.text = description
  }

  /** Given back to its pool: values no live request has, so a stale read shows. */
  poison(): void {
    this.done = true
    this.active = false
    this.canceller = null
    this.completedAt = Number.NaN
    this.status = null
    this.error = null
    this.hostCostPs = Number.NaN
    this.observed = true
    this.traceOp = -2
    this.signal = null
    this.waiter = null
    this.text = 'released'
  }

  /**
   * Completes the request now (the simulator's time: every completion happens in the event that
   * makes it). Not an argument: a time past 2^31 ps is a double to V8, boxed (16 B) when passed
   * to a call V8 does not inline, as this one is from the protocol's event handlers.
   */
  complete(status: Status, hostCostPs: Ps, error: MpiError | null = null): void {
    if (this.done) return
    this.done = true
    this.completedAt = this.sim.now
    this.status = status
    this.hostCostPs = hostCostPs
    this.error = error
    this.canceller = null
    if (error !== null) this.failures?.push(this)
    this.signal?.fire()
    const w = this.waiter
    if (w !== null) {
      this.waiter = null
      w.requestDone()
    }
  }
}

export function asImpl(req: Request, where: string, check: (r: Request) => r is RequestImpl): RequestImpl {
  if (!check(req)) throw new TypeError(`${where}: not a request of this run`)
  return req
}
