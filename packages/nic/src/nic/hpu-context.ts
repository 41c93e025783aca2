// The context a handler runs with on one HPU. One object per HPU, reset for every invocation, so
// running a handler allocates nothing. It keeps the handler's own clock: start, plus the cycles
// charged (ctx.cycles / ctx.account, the fixed per-handler cost, the issue cost of each action),
// plus blocking waits (a blocking DMA's completion time is known when it is issued). Every action
// happens at the clock value when it is called.

import type { DmaEngine } from '../host-link/dma-engine.js'
import type { Ps } from '../sim/time.js'
import { PS_PER_S, cyclesPs } from '../sim/time.js'
import { BULK_COPY_MIN, type HostCopies } from '../sim/host-copies.js'
import type {
  DmaHandle, DmaOptions, HandlerContext, HandlerPhase, MessageHeader, PutDestination,
} from './handler-api.js'
import { PieceCopier } from './piece-copy.js'
import type { ProcessedMessage } from './processed-message.js'
import type { HandlerSplit } from './execution-context.js'

/** A handler broke a rule of the API (out-of-range access, oversized put...). */
export class HandlerError extends Error {
  override readonly name = 'HandlerError'
}

/** What the NIC does for a handler's actions; each takes the time the action is issued. */
export interface HpuServices {
  readonly node: number
  readonly numHpus: number
  readonly hpuHz: number
  readonly mtu: number
  /** Cycles the HPU spends issuing one DMA or NIC command. */
  readonly issueCycles: number
  /** Cycles of one atomic read-modify-write on HPU memory. */
  readonly atomicCycles: number
  /** Payload copies to host memory made in bulk later (the simulator's queue). */
  readonly hostCopies: HostCopies
  /**
   * The NIC's DMA engine: a handler's DMAs are issued from its HPU's lane (writeAt, readAt: its
   * clock never goes back while it runs). For the runner: a handler's end event settles it (so the
   * handler's DMAs issued for earlier times are booked by then), and a handler's first DMA may
   * ride on that event (beginRide, endRide, rideDone).
   */
  readonly dma: DmaEngine<ProcessedMessage>
  putFromDevice(t: Ps, data: Uint8Array | null, len: number, dest: PutDestination, msg: ProcessedMessage): void
  putFromHost(t: Ps, hostOffset: number, len: number, dest: PutDestination, msg: ProcessedMessage): void
  counterInc(t: Ps, msg: ProcessedMessage, n: number): void
  hostEvent(t: Ps, msg: ProcessedMessage, value: number): void
}

export class HpuContext implements HandlerContext {
  readonly numHpus: number
  readonly node: number
  vhpu = -1
  mem!: Uint8Array
  /** HPU memory as a DataView (the context's, made at its first use). */
  get view(): DataView {
    return this.msg.context.view
  }
  header!: MessageHeader
  /**
   * The inbound packet's payload view while its payload handler runs (else null): the one source
   * whose copies to host memory may wait in hostCopies (no handler writes into it).
   */
  payload: Uint8Array | null = null
  /** The payload's buffer, where in it the payload starts and its length (set with payload). */
  payloadBuffer: ArrayBufferLike | null = null
  payloadStart = 0
  payloadLength = 0
  /** Host memory of the ME (read through hostBuffer by handlers). */
  private host: Uint8Array | null = null
  private msg!: ProcessedMessage
  private hostLength = 0
  /** Clock = base + cycles since base. */
  private base: Ps = 0
  private cyc = 0
  private readonly hz: number
  /** Picoseconds per cycle when that is a whole number, else 0 (see now). */
  private readonly psPerCycle: number
  private readonly issueCycles: number
  private readonly copier = new PieceCopier()
  private readonly copies: HostCopies

  constructor(readonly hpu: number, private readonly services: HpuServices) {
    this.numHpus = services.numHpus
    this.node = services.node
    this.hz = services.hpuHz
    const ppc = PS_PER_S / this.hz
    this.psPerCycle = Number.isInteger(ppc) && ppc * this.hz === PS_PER_S ? ppc : 0
    this.issueCycles = services.issueCycles
    this.copies = services.hostCopies
  }

  /** Host memory of the ME, or null in timing mode; every earlier DMA write is in it. */
  get hostBuffer(): Uint8Array | null {
    this.copies.flush()
    return this.host
  }

  /**
   * Prepares the context for one handler invocation starting at clock[0]. (The start comes in an
   * array, and end leaves the end time in one: a time past 2^31 ps passed to or returned from a
   * call V8 does not inline is boxed, 16 B per handler.)
   */
  begin(msg: ProcessedMessage, clock: Float64Array, vhpu: number, baseCycles: number): void {
    const c = msg.context
    this.msg = msg
    this.mem = c.mem
    this.host = c.hostBuffer
    this.hostLength = c.hostLength
    this.header = msg.header
    this.vhpu = vhpu
    this.base = clock[0]!
    this.cyc = baseCycles
    c.beginHandler(baseCycles)
  }

  get now(): Ps {
    return this.clockAt(this.cyc)
  }

  /** The handler's clock after `c` cycles. */
  private clockAt(c: number): Ps {
    // A whole number of cycles below 2^25 at a clock of a whole number of ps per cycle: c * 1e12
    // and the quotient are exact, so the product is what cyclesPs's division gives, without one.
    if ((c & 0x1ffffff) === c && this.psPerCycle > 0) return this.base + c * this.psPerCycle
    return this.base + cyclesPs(c, this.hz)
  }

  cycles(n: number): void {
    this.cyc += n
    this.msg.context.bookOther(n)
  }

  account(phase: HandlerPhase, n: number): void {
    this.cyc += n
    this.msg.context.book(phase, n)
  }

  // dmaToHost and dmaFromHost are small on purpose: inlined into a handler, they let the compiler
  // drop an options literal the handler passes (when it inlines them; a handler that keeps its
  // options in a constant allocates nothing either way).
  dmaToHost(hostOffset: number, src: Uint8Array | null, srcOffset: number, len: number, options?: DmaOptions): DmaHandle {
    // `!= null`: a JS caller's null means no options, as undefined does.
    const blocking = options != null && options.blocking === true
    return this.writeToHost(hostOffset, src, srcOffset, len, blocking, options != null && options.noEvent === true)
  }

  dmaFromHost(hostOffset: number, dst: Uint8Array | null, dstOffset: number, len: number, options?: DmaOptions): DmaHandle {
    // Data from the host cannot be used before it is there: reads block unless told otherwise.
    return this.readFromHost(hostOffset, dst, dstOffset, len, options == null || options.blocking !== false)
  }

  private writeToHost(hostOffset: number, src: Uint8Array | null, srcOffset: number, len: number, blocking: boolean, noEvent: boolean): DmaHandle {
    this.checkHost(hostOffset, len, 'dmaToHost')
    const host = this.host
    if (src !== null && host !== null && len > 0) this.copyToHost(host, hostOffset, src, srcOffset, len)
    this.charge(this.issueCycles)
    // (the time goes in and out through the engine's fields: see DmaEngine.completion)
    const dma = this.services.dma
    dma.requestAt = this.clockNow()
    dma.writeAtRequest(len, this.hpu, this.msg, hostOffset, !noEvent)
    const done = dma.completion
    if (blocking) this.waitUntil(done)
    return done
  }

  dmaToHostRows(src: Uint8Array | null, rows: Float64Array, stride: number, count: number, hostBase: number, unitA: number, unitB: number): void {
    if (!(Number.isInteger(count) && Number.isInteger(stride) && count >= 0 && stride >= 5 && (count === 0 || (count - 1) * stride + 5 <= rows.length))) {
      throw new HandlerError(`dmaToHostRows: ${count} rows of ${stride} numbers do not fit ${rows.length} numbers (at least 5 per row)`)
    }
    // The issue times go straight into the lane's time ring (DmaEngine.beginRun/endRun).
    const dma = this.services.dma
    const hpu = this.hpu
    const times = dma.beginRun(hpu, count)
    let k = dma.runAt
    const tmask = dma.runMask
    const c = this.msg.context
    const host = this.host
    const copying = src !== null && host !== null
    const hostLength = this.hostLength
    // Numbers read from fields and parameters unboxed once (x * 1 is x): else each use in the
    // loop checks and unboxes them again.
    const issue = this.issueCycles * 1
    const base = this.base * 1
    const ppc = this.psPerCycle * 1
    const a = unitA * 1
    const b = unitB * 1
    // The cycle count and the split's block and other counts (context and node; ctx.account and
    // the issue cost add to them row by row) are kept in locals, added to in the same order, and
    // written back before anything can read them (the loop calls nothing that does).
    // (The context's split is its own object, never the node's.)
    const split = c.split
    const node = c.nodeSplit
    let cyc = this.cyc * 1
    let sBlock = split.block * 1
    let sOther = split.other * 1
    let nBlock = node.block * 1
    let nOther = node.other * 1
    // Whether the times never went back and every size was the first's (endRun need not check).
    let checked = true
    let prev = -Infinity
    const len0 = count > 0 ? rows[2]! : 0
    let i = 0
    for (let r = 0; i < count; i++, r += stride) {
      const cycles = rows[r + 3]! * a + rows[r + 4]! * b
      cyc += cycles
      sBlock += cycles
      nBlock += cycles
      const hostOffset = hostBase + rows[r]!
      const len = rows[r + 2]!
      // checkHost's test written out: as a shared helper it cost 12 more instructions per row (count.sh block16 844 -> 856)
      if (!(Number.isInteger(hostOffset) && Number.isInteger(len) && hostOffset >= 0 && len >= 0 && hostOffset + len <= hostLength)) break
      if (copying && len > 0) {
        try {
          this.copyToHost(host!, hostOffset, src!, rows[r + 1]!, len)
        } catch (err) {
          // What the writes before it did stands, as with one dmaToHost per row.
          this.storeRows(cyc, split, node, sBlock, sOther, nBlock, nOther)
          dma.endRun(hpu, this.msg, i, rows, 2, stride)
          throw err
        }
      }
      cyc += issue
      sOther += issue
      nOther += issue
      // this.clockAt(cyc)
      const t = (cyc & 0x1ffffff) === cyc && ppc > 0 ? base + cyc * ppc : base + cyclesPs(cyc, this.hz)
      if (!(t >= prev && len === len0)) checked = false
      prev = t
      times[k] = t
      k = (k + 1) & tmask
    }
    this.storeRows(cyc, split, node, sBlock, sOther, nBlock, nOther)
    if (i < count) {
      // A row outside the ME: the rows before it are issued, then the row's error is thrown.
      dma.endRun(hpu, this.msg, i, rows, 2, stride)
      throw hostRangeError('dmaToHost', hostBase + rows[i * stride]!, rows[i * stride + 2]!, hostLength)
    }
    dma.endRun(hpu, this.msg, count, rows, 2, stride, checked)
  }

  /** dmaToHostRows' locals written back: the cycle count and the splits' block and other counts. */
  private storeRows(cyc: number, split: HandlerSplit, node: HandlerSplit, sBlock: number, sOther: number, nBlock: number, nOther: number): void {
    this.cyc = cyc
    split.block = sBlock
    split.other = sOther
    node.block = nBlock
    node.other = nOther
  }

  /** A write's bytes into host memory (data mode), checked against the source's extent. */
  private copyToHost(host: Uint8Array, hostOffset: number, src: Uint8Array, srcOffset: number, len: number): void {
    // A long piece of the packet (the packet's own view is not read: its object is cold, its
    // extent came with it) waits to be copied in bulk. Kept this small, the rest in copyOther
    // (which the copy handler never calls): with the checks and the error message in it, V8 did
    // not inline the queue's merge into the handler's DMA call (count.sh packet-data 8,353 ->
    // 8,213 instructions per packet with this and HostCopies' merge kept in fields).
    if (src === this.payload && len >= BULK_COPY_MIN && srcOffset >= 0 && srcOffset + len <= this.payloadLength) {
      this.copies.copyFrom(host, hostOffset, this.payloadBuffer!, this.payloadStart + srcOffset, len)
    } else {
      this.copyOther(host, hostOffset, src, srcOffset, len)
    }
  }

  /** copyToHost for any other source or a short piece, or a source range outside the source (thrown). */
  private copyOther(host: Uint8Array, hostOffset: number, src: Uint8Array, srcOffset: number, len: number): void {
    const srcLength = src === this.payload ? this.payloadLength : src.length
    if (srcOffset < 0 || srcOffset + len > srcLength) {
      throw new HandlerError(`dmaToHost: source range [${srcOffset}, ${srcOffset + len}) outside ${srcLength} B`)
    }
    // Short pieces (datatype blocks) and other sources go at once as words, after what waits (in
    // order); a long piece of the payload inside it was copyToHost's.
    this.copies.flush()
    this.copier.copy(host, hostOffset, src, srcOffset, len)
  }

  private readFromHost(hostOffset: number, dst: Uint8Array | null, dstOffset: number, len: number, blocking: boolean): DmaHandle {
    this.checkHost(hostOffset, len, 'dmaFromHost')
    const host = this.host
    if (dst !== null && host !== null && len > 0) {
      if (dstOffset < 0 || dstOffset + len > dst.length) {
        throw new HandlerError(`dmaFromHost: destination range [${dstOffset}, ${dstOffset + len}) outside ${dst.length} B`)
      }
      this.copies.flush()
      this.copier.copy(dst, dstOffset, host, hostOffset, len)
    }
    this.charge(this.issueCycles)
    const dma = this.services.dma
    dma.requestAt = this.now
    dma.readAtRequest(len, this.hpu)
    const done = dma.completion
    if (blocking) this.waitUntil(done)
    return done
  }

  dmaWait(handle: DmaHandle): void {
    this.waitUntil(handle)
  }

  putFromDevice(src: Uint8Array | null, srcOffset: number, len: number, dest: PutDestination): void {
    if (len > this.services.mtu) throw new HandlerError(`putFromDevice: ${len} B exceeds one packet (${this.services.mtu} B)`)
    let data: Uint8Array | null = null
    if (src !== null) {
      if (srcOffset < 0 || srcOffset + len > src.length) {
        throw new HandlerError(`putFromDevice: source range [${srcOffset}, ${srcOffset + len}) outside ${src.length} B`)
      }
      this.copies.flush()
      data = src.slice(srcOffset, srcOffset + len)
    }
    this.charge(this.issueCycles)
    this.services.putFromDevice(this.now, data, len, dest, this.msg)
  }

  putFromHost(hostOffset: number, len: number, dest: PutDestination): void {
    this.checkHost(hostOffset, len, 'putFromHost')
    this.charge(this.issueCycles)
    this.services.putFromHost(this.now, hostOffset, len, dest, this.msg)
  }

  fetchAdd(memOffset: number, inc: number): number {
    this.checkMem(memOffset, 4, 'fetchAdd')
    this.charge(this.services.atomicCycles)
    const view = this.view
    const old = view.getInt32(memOffset, true)
    view.setInt32(memOffset, (old + inc) | 0, true)
    return old
  }

  compareAndSwap(memOffset: number, expected: number, desired: number): boolean {
    this.checkMem(memOffset, 4, 'compareAndSwap')
    this.charge(this.services.atomicCycles)
    const view = this.view
    if (view.getInt32(memOffset, true) !== (expected | 0)) return false
    view.setInt32(memOffset, desired, true)
    return true
  }

  atomicAddF64(memOffset: number, value: number): number {
    this.checkMem(memOffset, 8, 'atomicAddF64')
    this.charge(this.services.atomicCycles)
    const view = this.view
    const old = view.getFloat64(memOffset, true)
    view.setFloat64(memOffset, old + value, true)
    return old
  }

  hostFetchAdd(hostOffset: number, inc: number): number {
    this.checkHost(hostOffset, 4, 'hostFetchAdd')
    this.charge(this.issueCycles)
    this.waitUntil(this.services.dma.readAt(this.now, 4, this.hpu))
    const host = this.hostBuffer
    if (host === null) return 0
    const v = new DataView(host.buffer, host.byteOffset, host.byteLength)
    const old = v.getInt32(hostOffset, true)
    v.setInt32(hostOffset, (old + inc) | 0, true)
    return old
  }

  hostCompareAndSwap(hostOffset: number, expected: number, desired: number): boolean {
    this.checkHost(hostOffset, 4, 'hostCompareAndSwap')
    this.charge(this.issueCycles)
    this.waitUntil(this.services.dma.readAt(this.now, 4, this.hpu))
    const host = this.hostBuffer
    if (host === null) return false
    const v = new DataView(host.buffer, host.byteOffset, host.byteLength)
    if (v.getInt32(hostOffset, true) !== (expected | 0)) return false
    v.setInt32(hostOffset, desired, true)
    return true
  }

  counterInc(n = 1): void {
    this.charge(this.issueCycles)
    this.services.counterInc(this.now, this.msg, n)
  }

  hostEvent(value: number): void {
    this.charge(this.issueCycles)
    this.services.hostEvent(this.now, this.msg, value)
  }

  /** Writes the handler's end time into clock[0] (after it returned). */
  end(clock: Float64Array): void {
    clock[0] = this.clockNow()
  }

  /**
   * The clock now: clockAt(cyc) written out, for the per-packet callers (writeToHost, end). The
   * runner's execute, into which they are inlined with the handler, has used up the compiler's
   * inlining budget by then, and a call of the `now` getter cost about as much as its body.
   */
  private clockNow(): Ps {
    const c = this.cyc
    return (c & 0x1ffffff) === c && this.psPerCycle > 0 ? this.base + c * this.psPerCycle : this.base + cyclesPs(c, this.hz)
  }

  private charge(n: number): void {
    this.cyc += n
    this.msg.context.bookOther(n)
  }

  private waitUntil(t: Ps): void {
    const now = this.now
    if (t > now) {
      this.base = t
      this.cyc = 0
    }
  }

  private checkHost(off: number, len: number, what: string): void {
    // The message is made elsewhere: a small check is inlined into the handler's DMA call.
    if (!(Number.isInteger(off) && Number.isInteger(len) && off >= 0 && len >= 0 && off + len <= this.hostLength)) {
      throw hostRangeError(what, off, len, this.hostLength)
    }
  }

  private checkMem(off: number, len: number, what: string): void {
    if (!(Number.isInteger(off) && off >= 0 && off + len <= this.mem.length)) {
      throw new HandlerError(`${what}: HPU memory offset ${off} outside the context's ${this.mem.length} B`)
    }
  }
}

function hostRangeError(what: string, off: number, len: number, hostLength: number): HandlerError {
  return new HandlerError(`${what}: host range [${off}, ${off + len}) outside the ME's ${hostLength} B`)
}
