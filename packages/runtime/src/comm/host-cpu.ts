// One rank's host CPU as a timeline: calls that return at once (isend, irecv) book their host
// work after what is already booked; blocking calls first wait until the CPU is free.

import type { Ps, Simulator } from '@spinmpi/nic'
import { newPromise, settlers } from './new-promise.js'

const DONE: Promise<void> = Promise.resolve()
const noop = (): void => {}

export class HostCpu {
  /** Time the booked work ends. */
  freeAt: Ps = 0
  /** Total work booked (the rank's host CPU busy time). */
  busyPs: Ps = 0

  constructor(private readonly sim: Simulator) {}

  /**
   * Books `ps` of work starting when the CPU is free; it ends at freeAt. Returns nothing: a time
   * past 2^31 ps returned from a call V8 does not inline is boxed (16 B per message).
   */
  book(ps: Ps): void {
    this.busyPs += ps
    this.freeAt = Math.max(this.sim.now, this.freeAt) + ps
  }

  /**
   * Resolves once all booked work is done. Not an async function, to make no promise when nothing
   * is booked; the promises it returns resolve as many microtask turns after the wake-up as an
   * async function's would (awaiting them takes one turn, or two after a sleep).
   */
  settle(): Promise<void> {
    const wait = this.freeAt - this.sim.now
    if (wait > 0) return this.sleep(wait, undefined).then(noop)
    return DONE
  }

  /**
   * Books `ps` and waits for it. Resolves in the same microtask turn as the async function
   * `{ book(ps); await settle() }` it replaces (one turn more than settle's promise), without an
   * async function's frame and promises per call.
   */
  spend(ps: Ps): Promise<void> {
    this.book(ps)
    const wait = this.freeAt - this.sim.now
    // resolved with a resolved promise: it settles two turns after the wake-up, as
    // `sleep().then(noop).then(noop)` did, with no promise in between
    if (wait > 0) return this.sleep(wait, DONE)
    return DONE.then(noop)
  }

  /**
   * What Simulator.sleep does (an event `wait` from now notes the wake-up and resolves the
   * promise), resolving it with `value`, and without a Signal: a sleeper is a promise and its
   * resolve function only.
   */
  private sleep(wait: Ps, value: Promise<void> | undefined): Promise<void> {
    // no executor closure (new-promise.ts): an arrow function here also kept `wait` in its
    // context as a heap number
    const promise = newPromise<void>()
    this.sim.after(wait, wake, new Sleeper(this.sim, settlers.resolve, value))
    return promise
  }
}

class Sleeper {
  constructor(
    readonly sim: Simulator,
    readonly resolve: (value: Promise<void> | undefined) => void,
    readonly value: Promise<void> | undefined,
  ) {}
}

function wake(s: Sleeper): void {
  s.sim.noteWakeup()
  s.resolve(s.value)
}
