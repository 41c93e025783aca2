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
}

/** Runtime state of a posted ME. */
export class MatchEntry {
  readonly ignoreBits: bigint
  readonly source: number
  readonly useOnce: boolean
  readonly list: MatchListKind
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
  hostBuffer: Uint8Array | null

  constructor(readonly id: number, readonly seq: number, readonly options: MeOptions) {
    this.ignoreBits = options.ignoreBits ?? 0n
    this.source = options.source ?? ANY_SOURCE
    this.useOnce = options.useOnce ?? true
    this.list = options.list ?? 'priority'
    this.hostBuffer = options.hostBuffer ?? null
  }

  /** The host memory to write into, allocated now if the ME asked for it on demand. */
  hostMemory(): Uint8Array | null {
    if (this.hostBuffer === null && this.options.hostBytesOnDemand === true) this.hostBuffer = new Uint8Array(this.options.length)
    return this.hostBuffer
  }

  /** True when a message from `source` with `matchBits` matches this entry. */
  accepts(source: number, matchBits: bigint): boolean {
    if (this.source !== ANY_SOURCE && this.source !== source) return false
    return ((this.options.matchBits ^ matchBits) & ~this.ignoreBits) === 0n
  }
}
