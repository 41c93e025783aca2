// A run of blocking sendrecvs, one after the other, driven by the requests' completions instead of
// an async frame per step: the pairwise exchanges of the collectives (alltoall at 1,024 ranks
// makes a million of them). Each step does what `await p2p.sendrecv(...)` does, in the same
// order and at the same simulated instants: post the receive, then the send; wait until the CPU
// is free (a sleep event when the calls booked work); wait until both requests completed; then
// observe them in completion order (ties: the send first), charging each one's host work with
// a sleep of its own. The same events are scheduled at the same points, so simulated times,
// event counts and statistics do not change; only the promises and async frames go.
//
// Where an awaited promise resumed the rank after a request completed, the series resumes as a
// microtask queued by the completing event would (Simulator.resume, which the event loop runs
// itself right after the event when it can), as the promise's continuation would: nothing the
// rank does moves into the middle of that event. The end of a sleep is an event of the series'
// own that does nothing else, and the simulator starts every event with no continuation waiting,
// so the series goes on inside it: the same work, in the same order, at the same point among
// the events.

import type { Datatype } from '@spinmpi/ddt'
import type { Ps } from '@spinmpi/nic'
import type { Buffer } from './comm-types.js'
import { markObserved } from './completion.js'
import type { Endpoint } from './endpoint.js'
import type { Recv } from './recv-protocol.js'
import type { RequestImpl, RequestWaiter } from './request.js'
import type { SendCall } from './send-protocol.js'

/** The arguments of one sendrecv (filled in place by the series' caller, step by step). */
export interface SendrecvStep {
  sendbuf: Buffer
  sendcount: number
  sendtype: Datatype
  dest: number
  sendtag: number
  recvbuf: Buffer
  recvcount: number
  recvtype: Datatype
  source: number
  recvtag: number
}

/** Fills `step` with the arguments of sendrecv number k (0-based). */
export type FillStep = (k: number, step: SendrecvStep) => void

/**
 * What the series needs of a point-to-point context: sendrecv's two calls (it posts the receive
 * first), each with its request, and where they go back once a step has observed both.
 */
export interface SendrecvPoster {
  postSendrecvRecv(step: SendrecvStep): Recv
  postSendrecvSend(step: SendrecvStep): SendCall
  releaseSendrecv(send: SendCall, recv: Recv): void
}

/** Where a step is: what the series does when the rank resumes. */
const POST = 0
const SETTLED = 1
const FIRST = 2
const SECOND = 3
const STEP_END = 4


export class SendrecvSeries implements RequestWaiter {
  private k = 0
  private phase = POST
  private send: RequestImpl | null = null
  private recv: RequestImpl | null = null
  /** The calls that made them (given back to the poster after the step). */
  private sendCall: SendCall | null = null
  private recvCall: Recv | null = null
  /** The two requests in observation order. */
  private first: RequestImpl | null = null
  private second: RequestImpl | null = null
  private readonly step: SendrecvStep
  private resolve!: () => void
  private reject!: (e: unknown) => void
  /** The continuation a wake-up queues (one function for the whole series). */
  private readonly resume = (): void => this.advance()

  constructor(
    private readonly poster: SendrecvPoster,
    private readonly ep: Endpoint,
    private readonly steps: number,
    private readonly fill: FillStep,
    /** A step object to reuse (its fields are overwritten by fill). */
    step: SendrecvStep,
  ) {
    this.step = step
  }

  /** Runs the series from the current microtask on; resolves after the last step's completions. */
  start(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
    })
    this.advance()
    return done
  }

  /** A request completed (inside the completing event): go on after it once both have. */
  requestDone(): void {
    if (!this.send!.done || !this.recv!.done) return
    this.ep.sim.resume(this.resume)
  }

  /** Sleeps `ps` of simulated time on an event of its own (as HostCpu's sleep), then goes on in it. */
  private sleep(ps: Ps): void {
    const sim = this.ep.sim
    sim.staged[0] = sim.now + ps
    sim.atStaged(wakeSeries, this)
  }

  /** Goes on from where the series waited; a failure rejects the series (never the event loop). */
  advance(): void {
    try {
      this.run()
    } catch (e) {
      this.finish(false, e)
    }
  }

  /** Resolves or rejects the series; the caller's continuation runs before the next event. */
  private finish(ok: boolean, err: unknown = null): void {
    this.ep.sim.noteWakeup()
    if (ok) this.resolve()
    else this.reject(err)
  }

  /** Goes on from `phase` until the series waits for an event or ends. */
  private run(): void {
    const cpu = this.ep.cpu
    const sim = this.ep.sim
    for (;;) {
      switch (this.phase) {
        case POST: {
          if (this.k === this.steps) {
            this.finish(true)
            return
          }
          this.fill(this.k++, this.step)
          const rc = this.poster.postSendrecvRecv(this.step)
          this.recvCall = rc
          this.recv = rc.req
          const sc = this.poster.postSendrecvSend(this.step)
          this.sendCall = sc
          this.send = sc.req
          this.phase = SETTLED
          // waitall first waits until the CPU has done the work the two calls booked
          const wait = cpu.freeAt - sim.now
          if (wait > 0) {
            this.sleep(wait)
            return
          }
          break
        }
        case SETTLED: {
          const send = this.send!
          const recv = this.recv!
          if (!send.done || !recv.done) {
            if (!send.done) send.whenDone(this)
            if (!recv.done) recv.whenDone(this)
            this.phase = FIRST
            return
          }
          this.phase = FIRST
          break
        }
        case FIRST: {
          // observed in completion order, ties by position (the send is first in sendrecv's waitall)
          const send = this.send!
          const recv = this.recv!
          const recvFirst = recv.completedAt < send.completedAt
          this.first = recvFirst ? recv : send
          this.second = recvFirst ? send : recv
          this.phase = SECOND
          if (this.charge(this.first)) return
          break
        }
        case SECOND: {
          this.phase = STEP_END
          if (this.charge(this.second!)) return
          break
        }
        case STEP_END: {
          // both observed: the first error in observation order is sendrecv's (waitall's firstError)
          const err = this.first!.error ?? this.second!.error
          this.send = this.recv = this.first = this.second = null
          if (err !== null) {
            this.finish(false, err)
            return
          }
          // both observed and nothing else refers to them: the calls and requests can be taken again
          this.poster.releaseSendrecv(this.sendCall!, this.recvCall!)
          this.sendCall = null
          this.recvCall = null
          this.phase = POST
        }
      }
    }
  }

  /** Observes `r` and books its host work; true when that takes a sleep (the series resumes after it). */
  private charge(r: RequestImpl): boolean {
    markObserved(this.ep, r)
    if (r.hostCostPs <= 0) return false
    const cpu = this.ep.cpu
    cpu.book(r.hostCostPs)
    const wait = cpu.freeAt - this.ep.sim.now
    if (wait <= 0) return false
    this.sleep(wait)
    return true
  }
}

/** The event that ends one of the series' sleeps. */
function wakeSeries(s: SendrecvSeries): void {
  s.advance()
}
