// The host side of the NIC: an event queue with simulated timestamps that synchronous code can
// poll and async host code can await.

import type { Simulator } from '../sim/simulator.js'
import type { Signal } from '../sim/signal.js'
import type { Ps } from '../sim/time.js'
import type { MessageHeader } from './handler-api.js'
import type { UnexpectedMessage } from './matching.js'

/** The kinds of events a NIC posts to its host. */
export type HostEventKind =
  /** A message completed on an ME (all bytes in host memory, handlers done). */
  | 'put'
  /** A late-posted priority ME found an unexpected message; the host copies it. */
  | 'put-overflow'
  /** A message landed in an overflow ME (all bytes deposited). */
  | 'unexpected'
  /** A message matched nothing and was discarded. */
  | 'dropped'
  /** A handler failed (FAIL or threw), or a NIC resource ran out. */
  | 'error'
  /** The target acknowledged a put this node sent. */
  | 'ack'
  /** The last byte of a put this node sent left the NIC. */
  | 'send'
  /** A handler's DMA write without noEvent completed. */
  | 'dma'
  /** A handler posted a value with ctx.hostEvent. */
  | 'handler'
  /** A use-once ME was unlinked. */
  | 'unlink'

/** One event a NIC posts to its host (completion queue entry). */
export interface HostEvent {
  readonly kind: HostEventKind
  readonly time: Ps
  readonly node: number
  readonly meId: number
  readonly userPtr: number
  readonly header: MessageHeader | null
  /** Bytes the event covers (message length, DMA length, ...). */
  readonly length: number
  /** Host offset (DMA target, deposit offset, overflow offset). */
  readonly hostOffset: number
  /** ctx.hostEvent value, dropped bytes of a 'put', ... */
  readonly value: number
  readonly message: string
  readonly unexpected: UnexpectedMessage | null
  /** When the message's first packet reached the NIC ('put', 'unexpected', 'put-overflow'); else `time`. */
  readonly firstByteAt: Ps
}

/** Selects the host events a poll or wait takes. */
export type HostEventFilter = (e: HostEvent) => boolean

const ANY: HostEventFilter = () => true
const RESOLVED: Promise<void> = Promise.resolve()

export class HostEventQueue {
  private readonly queued: HostEvent[] = []
  private waiters: { filter: HostEventFilter; signal: Signal<HostEvent> }[] = []
  private listener: { readonly filter: HostEventFilter; readonly handle: (e: HostEvent) => void } | null = null
  /** The listener waits for its next event (false while a delivery is queued or running). */
  private listenerIdle = false
  /** The event whose delivery is queued (one at a time). */
  private delivering: HostEvent | null = null
  private readonly deliverFn = (): void => this.deliver()
  /** Every event ever posted, in order (for traces and stats). */
  readonly log: HostEvent[] = []

  constructor(private readonly sim: Simulator, readonly keepLog = true) {}

  post(event: HostEvent): void {
    if (this.keepLog) this.log.push(event)
    for (let i = 0; i < this.waiters.length; i++) {
      const w = this.waiters[i]!
      if (w.filter(event)) {
        this.waiters.splice(i, 1)
        w.signal.fire(event)
        return
      }
    }
    const l = this.listener
    if (l !== null && this.listenerIdle && l.filter(event)) {
      this.listenerIdle = false
      this.sim.noteWakeup()
      this.queueDelivery(event)
      return
    }
    this.queued.push(event)
  }

  /**
   * Hands every event passing `filter` to `handle`, one at a time, each in a microtask of its own:
   * the same order and timing as a loop of \`handle(await next(filter))\` (a posted event wakes
   * it at once; events queued meanwhile are taken in order after the handler returns), without a
   * promise and a signal per event. One listener per queue.
   */
  listen(filter: HostEventFilter, handle: (e: HostEvent) => void): void {
    if (this.listener !== null) throw new Error('HostEventQueue: a listener is already set')
    this.listener = { filter, handle }
    const e = this.poll(filter)
    if (e === null) {
      this.listenerIdle = true
      return
    }
    this.queueDelivery(e)
  }

  /** One microtask turn, like queueMicrotask (which costs an async resource per call in Node). */
  private queueDelivery(e: HostEvent): void {
    this.delivering = e
    void RESOLVED.then(this.deliverFn)
  }

  private deliver(): void {
    const l = this.listener!
    const e = this.delivering!
    this.delivering = null
    l.handle(e)
    const next = this.poll(l.filter)
    if (next === null) {
      this.listenerIdle = true
      return
    }
    this.queueDelivery(next)
  }

  /** Removes and returns the first queued event passing `filter`, or null. */
  poll(filter: HostEventFilter = ANY): HostEvent | null {
    const i = this.queued.findIndex(filter)
    if (i < 0) return null
    return this.queued.splice(i, 1)[0]!
  }

  /** The first event passing `filter`: an already queued one, or the next one posted. */
  next(filter: HostEventFilter = ANY): Promise<HostEvent> {
    const e = this.poll(filter)
    if (e) return Promise.resolve(e)
    const signal = this.sim.signal<HostEvent>()
    this.waiters.push({ filter, signal })
    return signal.promise
  }

  get size(): number {
    return this.queued.length
  }
}

/** Builds an event; fields not given take their neutral value. */
export function makeEvent(kind: HostEventKind, time: Ps, node: number, fields: Partial<HostEvent> = {}): HostEvent {
  return {
    kind, time, node,
    meId: fields.meId ?? 0,
    userPtr: fields.userPtr ?? 0,
    header: fields.header ?? null,
    length: fields.length ?? 0,
    hostOffset: fields.hostOffset ?? 0,
    value: fields.value ?? 0,
    message: fields.message ?? '',
    unexpected: fields.unexpected ?? null,
    firstByteAt: fields.firstByteAt ?? time,
  }
}
