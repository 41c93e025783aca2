// An execution context at run time: the handlers, their HPU memory (a real byte array whose
// space is booked in NIC memory), the scheduling policy and the host memory DMA targets.

import type { CountingEvent } from './counting-event.js'
import type {
  CompletionHandler, ExecutionContextSpec, HandlerPhase, HeaderHandler, PayloadHandler, SchedulingPolicy,
} from './handler-api.js'

/** Cycles a context's handlers booked per phase (ctx.account), for the handler time split. */
export function emptySplit(): HandlerSplit {
  return new SplitCounts()
}

/**
 * A split as a class instance: V8 updates its fractional cycle counts in place, where an object
 * literal's fields took a new heap number at every += (two per booking, once per handler phase).
 */
class SplitCounts implements HandlerSplit {
  init = 0
  setup = 0
  block = 0
  other = 0
  handlers = 0
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
const NO_MEM = new Uint8Array(0)
const POISONED_SPEC: ExecutionContextSpec = Object.freeze({ hpuMemBytes: -1, hostBuffer: null })

/**
 * An execution context's fields are set by the constructor and by reset only: a context retired
 * with its ME (Nic.retireMe) is taken again for the NIC's next one.
 */
export class ExecutionContext {
  spec!: ExecutionContextSpec
  /** Offset of the HPU memory in NIC memory (-1 when it holds none). */
  nicMemOffset!: number
  /** Bytes of host memory the DMA targets cover. */
  hostLength!: number
  mem!: Uint8Array
  /** Made at the first use: most handlers never read HPU memory through it (one object less per context). */
  private memView: DataView | null = null
  policy!: SchedulingPolicy
  /**
   * The spec's handlers and host buffer, read once: specs of different handlers have different
   * shapes, so reading them from the spec on every packet was a polymorphic lookup.
   */
  header: HeaderHandler | undefined
  payload: PayloadHandler | undefined
  completion: CompletionHandler | undefined
  hostBuffer!: Uint8Array | null
  readonly split: HandlerSplit = new SplitCounts()
  released = false
  /** The ME's counting event, bumped by ctx.counterInc. */
  counter: CountingEvent | null = null

  constructor(
    spec: ExecutionContextSpec,
    nicMemOffset: number,
    hostLength: number,
    /** The node-wide split this context also adds to. */
    readonly nodeSplit: HandlerSplit,
    /** Zeroed bytes of exactly spec.hpuMemBytes to use as the HPU memory (a pooled one), or null. */
    zeroed: Uint8Array | null = null,
  ) {
    this.reset(spec, nicMemOffset, hostLength, zeroed)
  }

  /** Every field as the constructor sets it (the node's split stays): a retired context taken again. */
  reset(spec: ExecutionContextSpec, nicMemOffset: number, hostLength: number, zeroed: Uint8Array | null): this {
    this.spec = spec
    this.nicMemOffset = nicMemOffset
    this.hostLength = hostLength
    this.mem = zeroed ?? new Uint8Array(spec.hpuMemBytes)
    this.memView = null
    const init = spec.initialMem
    // (a view of the first hpuMemBytes only when there are more: subarray allocates one per receive)
    if (init) this.mem.set(init.length <= spec.hpuMemBytes ? init : init.subarray(0, spec.hpuMemBytes))
    this.policy = spec.policy ?? DEFAULT_POLICY
    this.header = spec.header
    this.payload = spec.payload
    this.completion = spec.completion
    this.hostBuffer = spec.hostBuffer
    const s = this.split
    s.init = s.setup = s.block = s.other = s.handlers = 0
    this.released = false
    this.counter = null
    return this
  }

  /** Retired and not taken again (reuse off, tests): values no live context has, so a stale read shows. */
  poison(): void {
    this.spec = POISONED_SPEC
    this.nicMemOffset = -1
    this.hostLength = -1
    this.mem = NO_MEM
    this.memView = null
    this.header = this.payload = this.completion = undefined
    this.hostBuffer = null
    const s = this.split
    s.init = s.setup = s.block = s.other = s.handlers = NaN
    this.released = true
    this.counter = null
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
