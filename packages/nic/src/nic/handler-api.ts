// The sPIN handler API as TypeScript: what handlers receive, the actions they may take on their
// context, and the execution context an ME carries. Handlers are plain synchronous functions
// that run for real on real bytes; their simulated duration comes from the cycles they charge
// and the blocking actions they wait for (see hpu-context.ts).

import type { Ps } from '../sim/time.js'
import type { ReturnCode } from './return-codes.js'

/** Header of an incoming message, as the header handler sees it (SC17 ptl_header_t). */
export interface MessageHeader {
  readonly source: number
  readonly target: number
  readonly matchBits: bigint
  /** Payload bytes of the whole message. */
  readonly length: number
  /** Offset into the ME's host buffer the initiator asked for. */
  readonly remoteOffset: number
  /** 64-bit inline data carried by the header (a JS integer). */
  readonly hdrData: number
  /** Small user-defined header fields; they travel in the header packet's header bytes. */
  readonly userHeader: readonly number[]
  /** Message id, unique per initiator NIC. */
  readonly messageId: number
}

/** One packet handed to a payload handler. Reused between calls: do not keep a reference. */
export interface PayloadPacket {
  /** Byte offset of this packet's payload within the message. */
  readonly offset: number
  readonly length: number
  /** Payload bytes, or null in timing mode (offsets and lengths are still exact). */
  readonly data: Uint8Array | null
  /** Packet index within the message (0 = header packet). */
  readonly index: number
}

/** What a completion handler is told about the finished message. */
export interface CompletionInfo {
  /** Payload bytes dropped by DROP returns or by flow control. */
  readonly droppedBytes: number
  readonly flowControlTriggered: boolean
  readonly length: number
}

/** Where a handler-issued put goes. */
export interface PutDestination {
  readonly target: number
  readonly matchBits: bigint
  readonly remoteOffset?: number
  readonly hdrData?: number
  readonly userHeader?: readonly number[]
  /** Ask the target for an ack event back at this node. */
  readonly ack?: boolean
  /**
   * false: post no 'send' event when the message has left this NIC (Portals' send-event
   * suppression), for puts whose sender waits on something else. Default true.
   */
  readonly sendEvent?: boolean
}

/** Options of a handler DMA: blocking or not, and whether the write raises a host event. */
export interface DmaOptions {
  /** Hold the handler until the transfer completes (its completion time is known at issue). */
  readonly blocking?: boolean
  /** Do not post a host event on completion (SC19 NO_EVENT). */
  readonly noEvent?: boolean
}

/** Handle of a non-blocking DMA: the simulated time it completes. */
export type DmaHandle = Ps

/** When handler work is charged: context init, per-message setup, or per block. */
export type HandlerPhase = 'init' | 'setup' | 'block'

/** What a running handler can see and do (SC17 appendix B.6). */
export interface HandlerContext {
  /** HPU this handler runs on (PTL_MY_HPU) and how many there are (PTL_NUM_HPUS). */
  readonly hpu: number
  readonly numHpus: number
  /** Virtual HPU under blockedRR, -1 otherwise. */
  readonly vhpu: number
  readonly node: number
  /** The execution context's HPU memory, shared by all handlers of the context. */
  readonly mem: Uint8Array
  readonly view: DataView
  /**
   * Host memory of the ME, or null in timing mode. Read through the context, it holds every DMA
   * write issued so far (the simulator may move a packet's bytes there later, in bulk).
   */
  readonly hostBuffer: Uint8Array | null
  readonly header: MessageHeader
  /** Simulated time at this point of the handler (start + dispatch + charged + waited). */
  readonly now: Ps

  /** Charges `n` HPU cycles of compute. */
  cycles(n: number): void
  /** Charges `n` cycles and books them under a phase of the handler time split. */
  account(phase: HandlerPhase, n: number): void

  /** Copies `len` bytes from `src` (packet or HPU memory) to the ME's host memory. */
  dmaToHost(hostOffset: number, src: Uint8Array | null, srcOffset: number, len: number, options?: DmaOptions): DmaHandle
  /**
   * A run list of non-blocking writes without host event, in one call: for each of `count` rows
   * of `stride` numbers (r = i * stride), as
   * `account('block', rows[r + 3] * unitA + rows[r + 4] * unitB)` and then
   * `dmaToHost(hostBase + rows[r], src, rows[r + 1], rows[r + 2], { noEvent: true })` would: the
   * same clock, bookings, bytes and DMA times. Columns 3 and 4 are counts of work (as a segment
   * walk counts steps and pieces), unitA and unitB their cycles. `rows` is read during the call only.
   */
  dmaToHostRows(src: Uint8Array | null, rows: Float64Array, stride: number, count: number, hostBase: number, unitA: number, unitB: number): void
  /** Copies `len` bytes of the ME's host memory into `dst` (HPU memory). */
  dmaFromHost(hostOffset: number, dst: Uint8Array | null, dstOffset: number, len: number, options?: DmaOptions): DmaHandle
  /** Waits for a non-blocking DMA. */
  dmaWait(handle: DmaHandle): void

  /** Sends one packet (len <= mtu) from HPU memory or the packet buffer. */
  putFromDevice(src: Uint8Array | null, srcOffset: number, len: number, dest: PutDestination): void
  /** Enqueues a put of host memory (the ME's buffer) as if the host had posted it. */
  putFromHost(hostOffset: number, len: number, dest: PutDestination): void

  /** Atomic fetch-and-add on a little-endian int32 in HPU memory; returns the old value. */
  fetchAdd(memOffset: number, inc: number): number
  /** Atomic compare-and-swap on a little-endian int32 in HPU memory. */
  compareAndSwap(memOffset: number, expected: number, desired: number): boolean
  /** Atomic add of a float64 in HPU memory (the NIC's floating-point atomic). */
  atomicAddF64(memOffset: number, value: number): number
  /** Atomic fetch-and-add on an int32 in host memory (a blocking DMA round trip). */
  hostFetchAdd(hostOffset: number, inc: number): number
  /** Atomic compare-and-swap on an int32 in host memory (a blocking DMA round trip). */
  hostCompareAndSwap(hostOffset: number, expected: number, desired: number): boolean

  /** Adds to the ME's counting event. */
  counterInc(n?: number): void
  /** Posts a 'handler' event carrying `value` to the host event queue. */
  hostEvent(value: number): void
}

/** Runs once per message, on its first packet. */
export type HeaderHandler = (ctx: HandlerContext, hdr: MessageHeader) => ReturnCode
/** Runs once per packet of the message. */
export type PayloadHandler = (ctx: HandlerContext, pkt: PayloadPacket) => ReturnCode
/** Runs once per message, after every payload handler finished. */
export type CompletionHandler = (ctx: HandlerContext, info: CompletionInfo) => ReturnCode

/** How a message's packets are spread over HPUs: any free HPU, or blocked round-robin (SC19 §3.2.3). */
export type SchedulingPolicy =
  | { readonly kind: 'default' }
  | { readonly kind: 'blockedRR'; readonly deltaP: number; readonly vhpus: number }

/**
 * What an ME carries to have its messages processed by handlers. A missing header handler acts as
 * PROCESS_DATA, a missing payload handler deposits the packet at its offset (the default action),
 * a missing completion handler acts as SUCCESS.
 */
export interface ExecutionContextSpec {
  readonly header?: HeaderHandler
  readonly payload?: PayloadHandler
  readonly completion?: CompletionHandler
  /** HPU memory the handlers share; allocated from NIC memory when the ME is posted. */
  readonly hpuMemBytes: number
  readonly initialMem?: Uint8Array
  readonly policy?: SchedulingPolicy
  /** Host memory DMA targets (the ME's buffer); null in timing mode. */
  readonly hostBuffer: Uint8Array | null
}
