// Completing requests (wait/test and their all/any/some forms, cancel) with MPI's request rules:
// a completion returned to the user makes the request inactive (MPI_REQUEST_NULL); inactive
// requests give an empty status, and the any/some forms return UNDEFINED when none is active.
// Observing a completion charges its host work (o, host unpack) to the rank once.

import { ERR_ARG, MpiError } from '@spinmpi/ddt'
import type { Simulator } from '@spinmpi/nic'
import { InStatusError } from '../errors.js'
import { REQUEST_NULL, UNDEFINED, type AnyCompletion, type Request, type SomeCompletion, type Status } from './comm-types.js'
import type { Endpoint } from './endpoint.js'
import type { PendingLike } from './pending.js'
import { RequestImpl, type RequestWaiter } from './request.js'
import { EMPTY_STATUS } from './status.js'
import { newPromise, settlers } from './new-promise.js'

const NONE_ACTIVE: AnyCompletion = { index: UNDEFINED, status: EMPTY_STATUS }

export class Completion {
  constructor(private readonly ep: Endpoint, private readonly pending: PendingLike, private readonly prefix: string) {}

  /** What its errors' texts start with (the communicator's calls: empty). */
  prefixOf(): string {
    return this.prefix
  }

  /** Where blocked calls list themselves for the deadlock report. */
  get pendingList(): PendingLike {
    return this.pending
  }

  async wait(req: Request): Promise<Status> {
    const r = this.own(req, 'wait')
    if (r === null) return EMPTY_STATUS
    await this.ep.cpu.settle()
    if (!r.done) await this.pending.around(r.description, r.settled)
    // a promise, as the async observe returned (the caller resumes as many turns later)
    return Promise.resolve(this.observe(r))
  }

  /** `firstError`: rethrow the first failure itself (sendrecv) rather than an InStatusError. */
  async waitall(reqs: readonly Request[], call = 'waitall', firstError = false): Promise<Status[]> {
    const n = reqs.length
    const rs: (RequestImpl | null)[] = new Array(n)
    for (let i = 0; i < n; i++) rs[i] = this.own(reqs[i]!, call)
    await this.ep.cpu.settle()
    let open = 0
    for (let i = 0; i < n; i++) if (rs[i] !== null && !rs[i]!.done) open++
    if (open > 0) {
      const waiting: RequestImpl[] = new Array(open)
      for (let i = 0, j = 0; i < n; i++) {
        const r = rs[i]!
        if (r !== null && !r.done) waiting[j++] = r
      }
      await this.pending.around(waiting, allSettled(this.ep, waiting))
    }
    return this.observeAll(rs, null, call, firstError)
  }

  async waitany(reqs: readonly Request[]): Promise<AnyCompletion> {
    const rs = reqs.map((q) => this.own(q, 'waitany'))
    const active = rs.filter((r): r is RequestImpl => r !== null)
    if (active.length === 0) return NONE_ACTIVE
    await this.ep.cpu.settle()
    let index = firstDone(rs)
    if (index < 0) {
      await this.pending.around(`${this.prefix}waitany(${active.map((r) => r.description).join(' | ')})`, Promise.race(active.map((r) => r.settled)))
      index = firstDone(rs)
    }
    return { index, status: await this.observe(rs[index]!) }
  }

  async waitsome(reqs: readonly Request[]): Promise<SomeCompletion> {
    const rs = reqs.map((q) => this.own(q, 'waitsome'))
    const active = rs.filter((r): r is RequestImpl => r !== null)
    if (active.length === 0) return { count: UNDEFINED, indices: [], statuses: [] }
    await this.ep.cpu.settle()
    if (firstDone(rs) < 0) {
      await this.pending.around(`${this.prefix}waitsome(${active.map((r) => r.description).join(' | ')})`, Promise.race(active.map((r) => r.settled)))
    }
    return this.some(rs, 'waitsome')
  }

  async test(req: Request): Promise<Status | null> {
    const r = this.own(req, 'test')
    await this.poll()
    if (r === null) return EMPTY_STATUS
    return r.done ? Promise.resolve(this.observe(r)) : null
  }

  async testall(reqs: readonly Request[]): Promise<Status[] | null> {
    const rs = reqs.map((q) => this.own(q, 'testall'))
    await this.poll()
    if (rs.some((r) => r !== null && !r.done)) return null
    return this.observeAll(rs, rs.map((_, i) => i), 'testall', false)
  }

  async testany(reqs: readonly Request[]): Promise<AnyCompletion | null> {
    const rs = reqs.map((q) => this.own(q, 'testany'))
    await this.poll()
    if (rs.every((r) => r === null)) return NONE_ACTIVE
    const index = firstDone(rs)
    return index < 0 ? null : { index, status: await this.observe(rs[index]!) }
  }

  async testsome(reqs: readonly Request[]): Promise<SomeCompletion> {
    const rs = reqs.map((q) => this.own(q, 'testsome'))
    await this.poll()
    if (rs.every((r) => r === null)) return { count: UNDEFINED, indices: [], statuses: [] }
    return this.some(rs, 'testsome')
  }

  cancel(req: Request): void {
    const r = this.own(req, 'cancel')
    if (r === null || r.done) return
    if (r.kind !== 'recv') throw new MpiError(ERR_ARG, `${this.prefix}cancel(${r.description}): only receives can be cancelled (MPI-4 deprecates cancelling sends)`)
    r.canceller?.cancel()
  }

  private async some(rs: readonly (RequestImpl | null)[], call: string): Promise<SomeCompletion> {
    const indices = rs.map((r, i) => (r !== null && r.done ? i : -1)).filter((i) => i >= 0)
    const statuses = await this.observeAll(rs, indices, call, false)
    return { count: indices.length, indices, statuses }
  }

  /**
   * Observes rs[indices] (all of rs when `indices` is null) in completion order, ties by index;
   * failures are reported after all are observed.
   */
  private observeAll(rs: readonly (RequestImpl | null)[], indices: readonly number[] | null, call: string, firstError: boolean): Promise<Status[]> {
    const n = indices === null ? rs.length : indices.length
    // order[j]: the slot (position in indices) observed j-th; an insertion sort when n is small
    const order: number[] = new Array(n)
    if (n > 16) {
      for (let k = 0; k < n; k++) order[k] = k
      order.sort((a, b) => doneAt(rs, indices, a) - doneAt(rs, indices, b) || a - b)
    }
    for (let k = 0; k < n && n <= 16; k++) {
      const t = doneAt(rs, indices, k)
      let j = k
      while (j > 0 && doneAt(rs, indices, order[j - 1]!) > t) {
        order[j] = order[j - 1]!
        j--
      }
      order[j] = k
    }
    // no executor closure (new-promise.ts); the observation starts at once, as it did inside one
    const promise = newPromise<Status[]>()
    new Observation(this, rs, indices, order, call, firstError, settlers.resolve, settlers.reject).next()
    return promise
  }

  private async poll(): Promise<void> {
    this.ep.trace?.calc(this.ep.pollPs)
    await this.ep.cpu.spend(this.ep.pollPs)
  }

  /**
   * Charges the completion's host work once and makes the request inactive; its error rejects.
   * Callers await what it returns. With no host work to charge it returns the status itself (or a
   * rejected promise), not an async function's promise: awaiting either takes one microtask turn,
   * so the order of the ranks' continuations is unchanged, without an async frame per completion.
   */
  observe(r: RequestImpl): Status | Promise<Status> {
    if (!r.observed) {
      markObserved(this.ep, r)
      if (r.hostCostPs > 0) return this.charge(r)
    } else if (!r.active) {
      return EMPTY_STATUS
    }
    if (r.error !== null) return Promise.reject(r.error)
    return r.status!
  }

  /**
   * observe's path with host work: spend it on the rank's CPU, then the status or the error. Not
   * an async function: `.then` settles in the turn the async `{ await spend(); return status }`
   * did (one turn after spend's promise), without an async frame per charged completion.
   */
  private charge(r: RequestImpl): Promise<Status> {
    return this.ep.cpu.spend(r.hostCostPs).then(() => statusOrError(r))
  }

  /** The request, or null when it is inactive (REQUEST_NULL or already returned). */
  private own(req: Request, call: string): RequestImpl | null {
    if (req === REQUEST_NULL) return null
    if (!(req instanceof RequestImpl)) throw new MpiError(ERR_ARG, `${this.prefix}${call}: not a request of this run`)
    return req.active ? req : null
  }
}

/**
 * The first observation of a completed request: inactive from now on, its wait recorded in the
 * GOAL trace. The caller charges r.hostCostPs (observe here, SendrecvSeries for collectives).
 */
export function markObserved(ep: Endpoint, r: RequestImpl): void {
  r.observed = true
  r.active = false
  ep.trace?.waited(r.traceOp, r.hostCostPs - ep.overheadPs)
}

/**
 * observeAll's requests observed one after the other, each in a microtask turn of its own as
 * `out[k] = await observe(r)` in a loop did (the rank's continuations keep their order), without
 * an async frame: it resolves (or rejects) in the turn that loop's async function returned.
 */
class Observation {
  private j = 0
  private readonly out: Status[]
  private errors: (MpiError | null)[] | null = null
  private first: unknown = null
  private readonly onStatus = (s: Status): void => {
    this.out[this.slot()] = s
    this.step()
  }
  private readonly onError = (e: unknown): void => {
    this.failed(e)
    this.step()
  }

  constructor(
    private readonly done: Completion,
    private readonly rs: readonly (RequestImpl | null)[],
    private readonly indices: readonly number[] | null,
    /** order[j]: the slot observed j-th. */
    private readonly order: readonly number[],
    private readonly call: string,
    private readonly firstError: boolean,
    private readonly resolve: (out: Status[]) => void,
    private readonly reject: (e: unknown) => void,
  ) {
    this.out = new Array<Status>(order.length)
  }

  /** Observes from the j-th on: inactive slots at once, the next active one after a turn. */
  next(): void {
    const n = this.order.length
    for (; this.j < n; this.j++) {
      const r = this.request(this.slot())
      if (r === null || r === undefined) {
        this.out[this.slot()] = EMPTY_STATUS
        continue
      }
      let v: Status | Promise<Status>
      try {
        v = this.done.observe(r)
      } catch (e) {
        // (as the loop's catch: at once, no turn)
        this.failed(e)
        continue
      }
      void Promise.resolve(v).then(this.onStatus, this.onError)
      return
    }
    this.finish()
  }

  /** The j-th failed: its status as it is, its error kept for the report. */
  private failed(e: unknown): void {
    const k = this.slot()
    this.out[k] = this.request(k)!.status!
    this.errors ??= new Array<MpiError | null>(this.order.length).fill(null)
    this.errors[k] = e instanceof MpiError ? e : null
    if (this.first === null) this.first = e
  }

  private step(): void {
    this.j++
    this.next()
  }

  private finish(): void {
    if (this.first === null) this.resolve(this.out)
    else this.reject(this.firstError ? this.first : new InStatusError(`${this.done.prefixOf()}${this.call}`, this.out, this.errors ?? []))
  }

  /** The slot observed j-th. */
  private slot(): number {
    return this.order[this.j]!
  }

  private request(k: number): RequestImpl | null | undefined {
    return this.rs[this.indices === null ? k : this.indices[k]!]
  }
}

/**
 * Resolves once all of `rs` (none done yet) have completed, in the microtask turn Promise.all of
 * their `settled` promises would (one turn after the last completion, so ranks interleave as
 * before). The requests tell an AllDone synchronously instead: no signal and promise per request.
 * When a request has a runtime waiter already (two calls wait on it at once), the promises.
 */
function allSettled(ep: Endpoint, rs: readonly RequestImpl[]): Promise<unknown> {
  for (const r of rs) {
    if (r.hasWaiter) return Promise.all(rs.map((q) => q.settled))
  }
  const all = new AllDone(ep.sim)
  for (const r of rs) all.add(r)
  return all.promise.then(noop)
}

const noop = (): void => {}

/** Counts the completions of requests; resolves when the last one is done. */
class AllDone implements RequestWaiter {
  readonly promise: Promise<void>
  private readonly resolve: () => void
  private left = 0

  constructor(private readonly sim: Simulator) {
    // no executor closure (new-promise.ts)
    this.promise = newPromise<void>()
    this.resolve = settlers.resolve as () => void
  }

  /** Waits for `r` too (once: a request listed twice has this waiter already). */
  add(r: RequestImpl): void {
    if (r.hasWaiter) return
    r.whenDone(this)
    this.left++
  }

  /** Inside the completing event: note the wake-up as a request's signal would. */
  requestDone(): void {
    this.sim.noteWakeup()
    if (--this.left === 0) this.resolve()
  }
}

/** A charged completion's result: its status, or its error thrown. */
function statusOrError(r: RequestImpl): Status {
  if (r.error !== null) throw r.error
  return r.status!
}

/** When the k-th request of observeAll's selection completed (-1: none). */
function doneAt(rs: readonly (RequestImpl | null)[], indices: readonly number[] | null, k: number): number {
  return rs[indices === null ? k : indices[k]!]?.completedAt ?? -1
}

/** The active completed request that completed first (then lowest index), or -1. */
function firstDone(rs: readonly (RequestImpl | null)[]): number {
  let best = -1
  for (let i = 0; i < rs.length; i++) {
    const r = rs[i]
    if (r !== null && r !== undefined && r.done && (best < 0 || r.completedAt < rs[best]!.completedAt)) best = i
  }
  return best
}
