// A Portals-4-style match list entry (ME): which messages it accepts (match bits under an ignore
// mask, a source filter), where their data goes, and what processes them.

import type { ExecutionContextSpec } from './handler-api.js'
import type { CountingEvent } from './counting-event.js'
import type { ExecutionContext } from './execution-context.js'
import type { SpillArea } from './spill.js'

/** Matches a message from any source node. */
export const ANY_SOURCE = -1

/** The list an ME is appended to: priority (posted receives) or overflow (unexpected messages). */
export type MatchListKind = 'priority' | 'overflow'

/** A match-list entry as posted: match bits and ignore mask, source, host buffer, execution context, use-once. */
export interface MeOptions {
  readonly matchBits: bigint
  /** Bits set here are ignored when comparing match bits. */
  readonly ignoreBits?: bigint
  /** Accept only this initiator, or ANY_SOURCE. */
  readonly source?: number
  readonly list?: MatchListKind
  /** Unlink after one message (the default), or stay linked. */
  readonly useOnce?: boolean
  /** Host memory exposed by the ME; null in timing mode. */
  readonly hostBuffer?: Uint8Array | null
  /** Bytes of host memory the ME covers (also in timing mode). */
  readonly length: number
  /**
   * With no hostBuffer: allocate `length` bytes of host memory at the first deposit (data mode),
   * so an overflow buffer that never catches a message costs nothing. Read it from
   * MatchEntry.hostBuffer.
   */
  readonly hostBytesOnDemand?: boolean
  /** Deposit successive messages one after another (overflow buffers) instead of at remoteOffset. */
  readonly manageLocal?: boolean
  readonly context?: ExecutionContextSpec
  /** When the packet buffer is full, drop this ME's packets and report it (else back-pressure). */
  readonly flowControl?: boolean
  /**
   * Where this ME's packets go raw when the NIC's memory for packets is exhausted (the packet
   * buffer's memLimit, set by the `nicmem` fault) instead of to a handler; see SpillArea.
   */
  readonly spill?: SpillArea
  readonly counter?: CountingEvent
  /** Opaque number echoed in this ME's events. */
  readonly userPtr?: number
  /**
   * The NIC copies these options into the ME (which keeps the copy for its next post), so the
   * caller may refill this object for its next ME. Default false: the ME keeps this object.
   */
  readonly transient?: boolean
}

/**
 * ME options with every field named (one shape; absent options undefined, which the NIC reads as
 * absent): an ME's own copy of transient options, and an object a caller refills for its
 * transient posts (no spread of options per post: that cost ~300 B per receive).
 */
export class MeOptionsRecord implements MeOptions {
  matchBits = 0n
  ignoreBits: bigint | undefined = undefined
  source: number | undefined = undefined
  list: MatchListKind | undefined = undefined
  useOnce: boolean | undefined = undefined
  hostBuffer: Uint8Array | null | undefined = undefined
  length = 0
  hostBytesOnDemand: boolean | undefined = undefined
  manageLocal: boolean | undefined = undefined
  context: ExecutionContextSpec | undefined = undefined
  flowControl: boolean | undefined = undefined
  spill: SpillArea | undefined = undefined
  counter: CountingEvent | undefined = undefined
  userPtr: number | undefined = undefined
  readonly transient = true

  /** Copies every field of `o` (absent ones as undefined). */
  fill(o: MeOptions): this {
    this.matchBits = o.matchBits
    this.ignoreBits = o.ignoreBits
    this.source = o.source
    this.list = o.list
    this.useOnce = o.useOnce
    this.hostBuffer = o.hostBuffer
    this.length = o.length
    this.hostBytesOnDemand = o.hostBytesOnDemand
    this.manageLocal = o.manageLocal
    this.context = o.context
    this.flowControl = o.flowControl
    this.spill = o.spill
    this.counter = o.counter
    this.userPtr = o.userPtr
    return this
  }

  /** Its ME retired: nothing it pointed to is kept alive by it. */
  clear(): void {
    this.hostBuffer = undefined
    this.context = undefined
    this.spill = undefined
    this.counter = undefined
  }
}

// An ME compares its bits with every header it is offered. `((a ^ b) & ~ignore) === 0n` made
// three BigInts per comparison (~70 B per message under `open`, sampling heap profiler). Now equal
// bits match at once (a comparison allocates nothing: the common case, as the runtime's bits of
// both sides are the same kept BigInt), and otherwise `keep` = ~ignore is computed once, not per
// call (the masked test still makes one BigInt inside `open`, though a micro-benchmark of it made
// none). Posted receives share four masks: the last `keep` is kept, so an ME makes none.
// Exact MEs (no ignore bits: the rendezvous's CTS and data MEs) keep every bit without a cache
// entry, so posting them between receives with masks does not evict the masks' `keep` (which cost
// one ~ per message, ~48 B).
const KEEP_ALL = ~0n
let lastIgnore = 0n
let lastKeep = KEEP_ALL

function keepOf(ignore: bigint): bigint {
  if (ignore === 0n) return KEEP_ALL
  if (ignore !== lastIgnore) {
    lastIgnore = ignore
    lastKeep = ~ignore
  }
  return lastKeep
}

/** What a retired ME points to: no message matches it (no node is source -2). */
const POISONED: MeOptions = { matchBits: -1n, source: -2, length: -1, userPtr: -1 }

/**
 * Runtime state of a posted ME. The matching unit may hand a retired ME out again (matching.ts):
 * `reset` makes it as new, `poison` marks it retired. The fields are set only there and by the
 * NIC's bookkeeping; everyone else reads them.
 */
export class MatchEntry {
  id = 0
  seq = 0
  options: MeOptions = POISONED
  ignoreBits = 0n
  source = ANY_SOURCE
  useOnce = true
  list: MatchListKind = 'priority'
  /** The bits compared: ~ignoreBits. */
  private keep = 0n
  linked = true
  /** Messages matched to this ME and not yet complete. */
  activeMessages = 0
  /** Next deposit offset when manageLocal. */
  localOffset = 0
  /** The execution context built from options.context, or null (non-processing path). */
  context: ExecutionContext | null = null
  /** Set once the ME is unlinked and its context released. */
  released = false
  /** The ME's host memory: options.hostBuffer, or allocated at the first deposit (hostBytesOnDemand). */
  hostBuffer: Uint8Array | null = null

  constructor(id: number, seq: number, options: MeOptions) {
    this.reset(id, seq, options)
  }

  /** The copy of transient options, kept for the entry's next post. */
  private own: MeOptionsRecord | null = null

  /** Every field as a new ME of these arguments has it. */
  reset(id: number, seq: number, options: MeOptions): this {
    this.id = id
    this.seq = seq
    this.options = options.transient === true ? (this.own ??= new MeOptionsRecord()).fill(options) : options
    this.ignoreBits = options.ignoreBits ?? 0n
    this.source = options.source ?? ANY_SOURCE
    this.useOnce = options.useOnce ?? true
    this.list = options.list ?? 'priority'
    this.keep = keepOf(this.ignoreBits)
    this.linked = true
    this.activeMessages = 0
    this.localOffset = 0
    this.context = null
    this.released = false
    this.hostBuffer = options.hostBuffer ?? null
    return this
  }

  /** Retired: values no posted ME has (it matches nothing, its ids are -1), so a stale read shows. */
  poison(): void {
    this.id = -1
    this.seq = -1
    this.options = POISONED
    this.own?.clear()
    this.source = -2
    this.linked = false
    this.activeMessages = -1
    this.localOffset = -1
    this.context = null
    this.released = true
    this.hostBuffer = null
  }

  /** The host memory to write into, allocated now if the ME asked for it on demand. */
  hostMemory(): Uint8Array | null {
    if (this.hostBuffer === null && this.options.hostBytesOnDemand === true) this.hostBuffer = new Uint8Array(this.options.length)
    return this.hostBuffer
  }

  /** True when a message from `source` with `matchBits` matches this entry. */
  accepts(source: number, matchBits: bigint): boolean {
    if (this.source !== ANY_SOURCE && this.source !== source) return false
    const mine = this.options.matchBits
    // equal bits match whatever is ignored: the common case, and a comparison allocates nothing
    // (the masked test below still made one BigInt per call inside `open`, ~24 B per message)
    if (mine === matchBits) return true
    return ((mine ^ matchBits) & this.keep) === 0n
  }
}
