// The host side of the NIC: an event queue with simulated timestamps that synchronous code can
// poll and async host code can await.

import { removeAt } from '../net/list-at.js'
import type { Simulator } from '../sim/simulator.js'
import type { Signal } from '../sim/signal.js'
import type { Ps } from '../sim/time.js'
import type { MessageHeader } from './handler-api.js'
import type { UnexpectedMessage } from './matching.js'
import { dropHeader, holdHeader } from './put-record.js'

/** What every host event carries: its kind, when, on which node, and the message it is about. */
interface EventBase<K extends string> {
  readonly kind: K
  readonly time: Ps
  readonly node: number
  /** ME id and user pointer the message matched (0 when none, e.g. for 'send' and 'ack'). */
  readonly meId: number
  readonly userPtr: number
  readonly header: MessageHeader
}

/** A message is complete in host memory: all bytes written, handlers done. */
interface MessageDone<K extends string> extends EventBase<K> {
  /** Message length in bytes. */
  readonly length: number
  /** Where in the ME's host memory the message starts. */
  readonly hostOffset: number
  /** Bytes dropped (flow control, DROP from a handler, beyond the ME's length). */
  readonly droppedBytes: number
  /** When the message's first packet reached the NIC. */
  readonly firstByteAt: Ps
}

/** A message completed on an ME (all bytes in host memory, handlers done). */
export interface PutEvent extends MessageDone<'put'> {}

/** A message landed in an overflow ME (all bytes deposited); the host may copy it out later. */
export interface UnexpectedEvent extends MessageDone<'unexpected'> {
  readonly unexpected: UnexpectedMessage
}

/** A late-posted priority ME found an unexpected message; the host copies it. */
export interface PutOverflowEvent extends MessageDone<'put-overflow'> {
  readonly unexpected: UnexpectedMessage
}

/** A message matched nothing and was discarded. */
export interface DroppedEvent extends EventBase<'dropped'> {
  readonly length: number
}

/** A handler failed (FAIL or threw), or a NIC resource ran out. */
export interface ErrorEvent extends EventBase<'error'> {
  readonly message: string
}

/** The target acknowledged a put this node sent. */
export interface AckEvent extends EventBase<'ack'> {
  readonly length: number
}

/** The last byte of a put this node sent left the NIC. */
export interface SendEvent extends EventBase<'send'> {
  readonly length: number
}

/** A handler's DMA write without noEvent completed. */
export interface DmaEvent extends EventBase<'dma'> {
  readonly length: number
  readonly hostOffset: number
}

/** A handler posted a value with ctx.hostEvent. */
export interface HandlerEvent extends EventBase<'handler'> {
  readonly value: number
}

/** A use-once ME was unlinked. */
export interface UnlinkEvent extends EventBase<'unlink'> {}

/** One event a NIC posts to its host (completion queue entry), told apart by `kind`. */
export type HostEvent =
  | PutEvent | UnexpectedEvent | PutOverflowEvent | DroppedEvent | ErrorEvent
  | AckEvent | SendEvent | DmaEvent | HandlerEvent | UnlinkEvent

/** The kinds of events a NIC posts to its host. */
export type HostEventKind = HostEvent['kind']

/** The event of one kind. */
export type HostEventOf<K extends HostEventKind> = Extract<HostEvent, { readonly kind: K }>

/** Selects the host events a poll or wait takes (a type guard narrows what it returns). */
export type HostEventFilter = (e: HostEvent) => boolean

const ANY: HostEventFilter = () => true
/**
 * Most released events a queue keeps for reuse. An event is released right after its delivery,
 * so a queue's pool held at most one in the runs measured (fft2d at 256 ranks, eager and
 * rendezvous; fig19); the cap only keeps a pool from growing into the heap.
 */
const POOL_CAP = 1024

/** Whether queues made from now on reuse the events they release (tests turn it off: see setHostEventReuse). */
let reuseByDefault = true

/**
 * Tests only: false makes the queues created afterwards poison the events they release and
 * never hand them out again, so a read of a released event shows (a wrong value or a throw)
 * instead of seeing a later event's fields. Returns the previous setting.
 */
export function setHostEventReuse(on: boolean): boolean {
  const was = reuseByDefault
  reuseByDefault = on
  return was
}

export class HostEventQueue {
  private readonly queued: HostEvent[] = []
  private waiters: { filter: HostEventFilter; signal: Signal<HostEvent> }[] = []
  private listener: { readonly filter: HostEventFilter; readonly handle: (e: HostEvent) => void } | null = null
  /** Events the listener's owner never wants: logged, never queued, nobody woken (see listen). */
  private discard: HostEventFilter | null = null
  /** The listener waits for its next event (false while a delivery is queued or running). */
  private listenerIdle = false
  /** The event whose delivery is queued (one at a time). */
  private delivering: HostEvent | null = null
  private readonly deliverFn = (): void => this.deliver()
  /** Every event ever posted, in order (for traces and stats). */
  readonly log: HostEvent[] = []
  /**
   * Released per-message events, handed out again by `event`. An event is released only where
   * no one can hold it any more, and never while the log keeps events: when it is discarded, and
   * after the listener's handler returns if its owner said it keeps none (listen).
   */
  private readonly free: MutableEvent[] = []
  private readonly reuse = reuseByDefault
  /** The listener's handler keeps no event after it returns (see listen). */
  private releaseDelivered = false

  constructor(private readonly sim: Simulator, readonly keepLog = true) {}

  /**
   * The time and the first-byte time of the next `event` call: [time, firstByteAt]. A time past
   * 2^31 ps passed to a call V8 does not inline is boxed (16 B each, per message); the NIC writes
   * them here right before the call instead.
   */
  readonly times = new Float64Array(2)

  /**
   * hostEvent for an event this queue will be posted, at times[0] with firstByteAt times[1]: a
   * released one refilled when there is one. The NIC's per-message events (put, send, unlink)
   * come from here.
   */
  event<K extends HostEventKind>(
    kind: K, node: number, meId: number, userPtr: number, header: MessageHeader, length: number, hostOffset: number,
    droppedBytes: number, value: number, message: string, unexpected: UnexpectedMessage | null,
  ): HostEventOf<K> {
    const time = this.times[0]!
    const firstByteAt = this.times[1]!
    const e = this.free.pop()
    // hostEvent holds the header for a new event
    if (e === undefined) return hostEvent(kind, time, node, meId, userPtr, header, length, hostOffset, droppedBytes, value, message, unexpected, firstByteAt)
    e.kind = kind
    e.time = time
    e.node = node
    e.meId = meId
    e.userPtr = userPtr
    e.header = header
    e.length = length
    e.hostOffset = hostOffset
    e.droppedBytes = droppedBytes
    e.value = value
    e.message = message
    e.unexpected = unexpected
    e.firstByteAt = firstByteAt
    // an event holds its header until it is released (a pooled header is not reused before)
    holdHeader(header)
    return e as unknown as HostEventOf<K>
  }

  /** No one holds `event` any more: poison it (a stale read shows) and keep it for reuse. */
  private release(event: HostEvent): void {
    if (this.keepLog) return
    const e = event as unknown as MutableEvent
    dropHeader(e.header)
    e.kind = RELEASED
    e.time = -1
    e.node = -1
    e.meId = -1
    e.userPtr = -1
    e.header = null as unknown as MessageHeader
    e.length = -1
    e.hostOffset = -1
    e.droppedBytes = -1
    e.value = -1
    e.message = ''
    e.unexpected = null
    e.firstByteAt = -1
    // Events made outside `event` (rare kinds, makeEvent) are released too: the cap keeps the pool
    // from growing by one per such event over a long run.
    if (this.reuse && this.free.length < POOL_CAP) this.free.push(e)
  }

  /** Released events waiting to be handed out again (tests: the pool stays bounded). */
  get pooled(): number {
    return this.free.length
  }

  post(event: HostEvent): void {
    // Host code hears of the event (a filter runs now): the bytes copied so far are in memory.
    this.sim.hostCopies.flush()
    if (this.keepLog) this.log.push(event)
    for (let i = 0; i < this.waiters.length; i++) {
      const w = this.waiters[i]!
      if (w.filter(event)) {
        removeAt(this.waiters, i)
        w.signal.fire(event)
        return
      }
    }
    if (this.discard !== null && this.discard(event)) {
      this.release(event)
      return
    }
    const l = this.listener
    if (l !== null && this.listenerIdle && l.filter(event)) {
      this.listenerIdle = false
      this.queueDelivery(event)
      return
    }
    this.queued.push(event)
  }

  /**
   * Hands every event passing `filter` to `handle`, one at a time, each in a microtask of its own:
   * the same order and timing as a loop of \`handle(await next(filter))\` (a posted event wakes
   * it at once; events queued meanwhile are taken in order after the handler returns), without a
   * promise and a signal per event. One listener per queue. Events passing `discard` (when given)
   * and no waiter's filter are only logged from then on: not queued, and no process is woken for
   * them (an MPI library has no use for a use-once ME's unlink event; waking the rank for each
   * one cost a trip through the microtask and next-tick queues per receive). `keepsNone`: the
   * handler keeps no reference to its event, nor to the event's header, once it returns, so the
   * queue may reuse the event and release its header (when it keeps no log).
   */
  listen(filter: HostEventFilter, handle: (e: HostEvent) => void, discard: HostEventFilter | null = null, keepsNone = false): void {
    if (this.listener !== null) throw new Error('HostEventQueue: a listener is already set')
    this.listener = { filter, handle }
    this.discard = discard
    this.releaseDelivered = keepsNone
    const e = this.poll(filter)
    if (e === null) {
      this.listenerIdle = true
      return
    }
    this.queueDelivery(e)
  }

  /** One microtask turn (Simulator.resume: run by the event loop itself where it can be). */
  private queueDelivery(e: HostEvent): void {
    this.delivering = e
    this.sim.resume(this.deliverFn)
  }

  private deliver(): void {
    const l = this.listener!
    const e = this.delivering!
    this.delivering = null
    l.handle(e)
    if (this.releaseDelivered) this.release(e)
    const next = this.poll(l.filter)
    if (next === null) {
      this.listenerIdle = true
      return
    }
    this.queueDelivery(next)
  }

  /** Removes and returns the first queued event passing `filter`, or null. */
  poll<E extends HostEvent>(filter: (e: HostEvent) => e is E): E | null
  poll(filter?: HostEventFilter): HostEvent | null
  poll(filter: HostEventFilter = ANY): HostEvent | null {
    const i = this.queued.findIndex(filter)
    if (i < 0) return null
    const e = this.queued[i]!
    removeAt(this.queued, i)
    return e
  }

  /** The first event passing `filter`: an already queued one, or the next one posted. */
  next<E extends HostEvent>(filter: (e: HostEvent) => e is E): Promise<E>
  next(filter?: HostEventFilter): Promise<HostEvent>
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

/** The fields of a `K` event besides kind, time and node; meId and userPtr default to 0. */
export type HostEventFields<K extends HostEventKind> =
  Omit<HostEventOf<K>, 'kind' | 'time' | 'node' | 'meId' | 'userPtr'> & { readonly meId?: number; readonly userPtr?: number }

/**
 * Builds an event of kind `kind`. Every event object has the same fields (those its kind lacks
 * hold neutral values), so code reading events sees one object shape.
 */
export function makeEvent<K extends HostEventKind>(kind: K, time: Ps, node: number, fields: HostEventFields<K>): HostEventOf<K> {
  const f = fields as Partial<AllFields>
  return hostEvent(kind, time, node, f.meId ?? 0, f.userPtr ?? 0, f.header!, f.length ?? 0, f.hostOffset ?? 0, f.droppedBytes ?? 0,
    f.value ?? 0, f.message ?? '', f.unexpected ?? null, f.firstByteAt ?? time)
}

/**
 * makeEvent with every field given in place, for the per-message events (no fields object to
 * allocate first). The caller passes the fields its kind has and neutral values for the others.
 */
export function hostEvent<K extends HostEventKind>(
  kind: K, time: Ps, node: number, meId: number, userPtr: number, header: MessageHeader, length: number, hostOffset: number,
  droppedBytes: number, value: number, message: string, unexpected: UnexpectedMessage | null, firstByteAt: Ps,
): HostEventOf<K> {
  const event: AllFields = {
    kind, time, node, meId, userPtr, header, length, hostOffset, droppedBytes, value, message, unexpected, firstByteAt,
  }
  // held until the event's queue releases it (never, if no queue does: see put-record.ts)
  holdHeader(header)
  return event as unknown as HostEventOf<K>
}

/** The kind a released event holds until it is reused (no real kind: every kind test fails). */
const RELEASED = 'released' as HostEventKind

/** A pooled event being refilled or poisoned. */
type MutableEvent = { -readonly [F in keyof AllFields]: AllFields[F] }

/** Every field any kind has (the one object shape of makeEvent). */
interface AllFields extends EventBase<HostEventKind> {
  readonly length: number
  readonly hostOffset: number
  readonly droppedBytes: number
  readonly value: number
  readonly message: string
  readonly unexpected: UnexpectedMessage | null
  readonly firstByteAt: Ps
}
