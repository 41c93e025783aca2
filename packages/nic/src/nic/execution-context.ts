// An execution context at run time: the handlers, their HPU memory (a real byte array whose
// space is booked in NIC memory), the scheduling policy and the host memory DMA targets.

import type { CountingEvent } from './counting-event.js'
import type {
  CompletionHandler, ExecutionContextSpec, HandlerPhase, HeaderHandler, PayloadHandler, SchedulingPolicy,
} from './handler-api.js'

/** Cycles a context's handlers booked per phase (ctx.account), for the handler time split. */
export function emptySplit(): HandlerSplit {
  return { init: 0, setup: 0, block: 0, other: 0, handlers: 0 }
}

export interface HandlerSplit {
  init: number
  setup: number
  block: number
  /** Cycles charged with ctx.cycles (no phase) plus the fixed per-handler cost. */
  other: number
  handlers: number
}

const DEFAULT_POLICY: SchedulingPolicy = { kind: 'default' }

export class ExecutionContext {
  readonly mem: Uint8Array
  /** Made at the first use: most handlers never read HPU memory through it (one object less per context). */
  private memView: DataView | null = null
  readonly policy: SchedulingPolicy
  /**
   * The spec's handlers and host buffer, read once: specs of different handlers have different
   * shapes, so reading them from the spec on every packet was a polymorphic lookup.
   */
  readonly header: HeaderHandler | undefined
  readonly payload: PayloadHandler | undefined
  readonly completion: CompletionHandler | undefined
  readonly hostBuffer: Uint8Array | null
  readonly split: HandlerSplit = { init: 0, setup: 0, block: 0, other: 0, handlers: 0 }
  released = false
  /** The ME's counting event, bumped by ctx.counterInc. */
  counter: CountingEvent | null = null

  constructor(
    readonly spec: ExecutionContextSpec,
    /** Offset of the HPU memory in NIC memory (-1 when it holds none). */
    readonly nicMemOffset: number,
    /** Bytes of host memory the DMA targets cover. */
    readonly hostLength: number,
    /** The node-wide split this context also adds to. */
    private readonly nodeSplit: HandlerSplit,
    /** Zeroed bytes of exactly spec.hpuMemBytes to use as the HPU memory (a pooled one), or null. */
    zeroed: Uint8Array | null = null,
  ) {
    this.mem = zeroed ?? new Uint8Array(spec.hpuMemBytes)
    const init = spec.initialMem
    // (a view of the first hpuMemBytes only when there are more: subarray allocates one per receive)
    if (init) this.mem.set(init.length <= spec.hpuMemBytes ? init : init.subarray(0, spec.hpuMemBytes))
    this.policy = spec.policy ?? DEFAULT_POLICY
    this.header = spec.header
    this.payload = spec.payload
    this.completion = spec.completion
    this.hostBuffer = spec.hostBuffer
  }

  get view(): DataView {
    return (this.memView ??= new DataView(this.mem.buffer, this.mem.byteOffset, this.mem.byteLength))
  }

  book(phase: HandlerPhase | 'other', cycles: number): void {
    // Named fields, not split[phase]: a keyed store by a string cost more than the rest of a
    // block's accounting (this runs once per block a handler finds).
    const s = this.split
    const d = this.nodeSplit
    if (phase === 'block') {
      s.block += cycles
      d.block += cycles
    } else if (phase === 'setup') {
      s.setup += cycles
      d.setup += cycles
    } else if (phase === 'init') {
      s.init += cycles
      d.init += cycles
    } else {
      s.other += cycles
      d.other += cycles
    }
  }

  /** Cycles charged with no phase (ctx.cycles, action issue costs). */
  bookOther(cycles: number): void {
    this.split.other += cycles
    this.nodeSplit.other += cycles
  }

  /** Counts one handler invocation and books its fixed cost as 'other'. */
  beginHandler(baseCycles: number): void {
    const s = this.split
    const d = this.nodeSplit
    s.other += baseCycles
    d.other += baseCycles
    s.handlers++
    d.handlers++
  }
}
