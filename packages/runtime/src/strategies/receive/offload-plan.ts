// The common shape of an offloaded receive plan: the ME exposes the typemap's span of the user
// buffer, the execution context has no header handler and the completion handler signals the
// host (SC19 §3.2.2), and the type's resident NIC state is acquired now and released at finish.

import type { ExecutionContextSpec, PayloadHandler, SchedulingPolicy } from '@spinmpi/nic'
import type { PlanDetails, ReceivePlanOf as ReceivePlan, ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { spanOf, type ReceiveLayout } from '../layout.js'
import { signalCompletion } from '../handlers/piece-writer.js'
import type { Planned } from './planned.js'
import { residencyOf, type Residency, type ResidentState } from './residency.js'
import { gammaOf, typeWork } from '../model/type-work.js'

export interface HandlerCounters {
  /** Segment resets forced by out-of-order packets (rw-cp, hpu-local). */
  resets: number
}

export interface OffloadParts {
  readonly strategy: string
  readonly layout: ReceiveLayout
  readonly payload: PayloadHandler
  readonly policy?: SchedulingPolicy
  /** Per-receive HPU memory (working copies, per-vHPU segments, scratch). */
  readonly hpuMemBytes: number
  readonly initialMem?: Uint8Array
  readonly resident: ResidentState | null
  /** Whether the resident state was created (and copied over PCIe) for this receive. */
  readonly created: boolean
  readonly hostPrepPs: number
  /** The plan's details; `reused` follows from `created`. */
  readonly details: Omit<PlanDetails, 'reused'>
  readonly counters?: HandlerCounters
}

export function offloadPlan(req: ReceiveRequest, p: OffloadParts): Planned {
  const host = spanOf(p.layout, req.buffer, req.bufferOffset)
  const details = p.details
  return new OffloadedPlan(
    residencyOf(req.nic), p.strategy, p.layout, contextSpec(p.hpuMemBytes, host, p.payload, p.policy, p.initialMem),
    p.resident, p.created, p.hpuMemBytes, p.hostPrepPs,
    {
      gamma: details.gamma, deltaR: details.deltaR, checkpoints: details.checkpoints, checkpointBytes: details.checkpointBytes,
      reused: !p.created, deltaRChoice: details.deltaRChoice,
    },
    p.counters ?? { resets: 0 },
  )
}

/**
 * An offloaded receive's execution context, every field named (no spreads): an absent policy or
 * initial memory is undefined, which the NIC reads as absent. The NIC keeps it with the ME.
 */
export function contextSpec(
  hpuMemBytes: number, hostBuffer: Uint8Array | null, payload: PayloadHandler, policy: SchedulingPolicy | undefined, initialMem: Uint8Array | undefined,
): ExecutionContextSpec {
  return { hpuMemBytes, hostBuffer, payload, completion: signalCompletion, policy, initialMem }
}

/**
 * An offloaded receive's plan, and its own Planned (`plan` is itself): one object per receive
 * where a plan literal, a Planned wrapper and two closures over a `released` flag were four. The
 * resident state is released once, at finish or when posting fails (abandon).
 */
export class OffloadedPlan implements ReceivePlan, Planned {
  readonly plan: ReceivePlan = this
  readonly fallback = null
  readonly hostBuffer: Uint8Array | null
  readonly hostLength: number
  readonly nicMemBytes: number
  readonly hostPrepPs: number
  readonly prepCopyBytes: number
  /**
   * Own properties, not prototype methods (one bound function serves both): a strategy record
   * may hand on a spread copy of a plan or of its Planned (extend-strategies.test.ts), and a
   * spread keeps own properties only.
   */
  readonly finish: () => number
  readonly abandon: () => void
  private released = false

  constructor(
    private readonly residency: Residency,
    readonly strategy: string,
    layout: ReceiveLayout,
    readonly context: ExecutionContextSpec,
    private readonly resident: ResidentState | null,
    created: boolean,
    hpuMemBytes: number,
    hostPrepPs: number,
    /** Read only (a strategy may hand every receive of one state the same object). */
    readonly details: PlanDetails,
    readonly counters: HandlerCounters,
  ) {
    const residentBytes = resident === null ? 0 : resident.data.length
    this.hostBuffer = context.hostBuffer
    this.hostLength = layout.hi - layout.lo
    this.nicMemBytes = residentBytes + hpuMemBytes
    this.hostPrepPs = created ? hostPrepPs : 0
    this.prepCopyBytes = created ? residentBytes : 0
    this.finish = this.abandon = this.release.bind(this)
  }

  /** Gives the resident state back (once); no host work: 0 ps. */
  private release(): number {
    if (this.released || this.resident === null) return 0
    this.released = true
    this.residency.release(this.resident)
    return 0
  }
}

/** Details of a plan that keeps no checkpoints (specialized, iovec, hpu-local). */
export function checkpointFreeDetails(gamma: number, slotBytes = 0): Omit<PlanDetails, 'reused'> {
  return { gamma, deltaR: 0, checkpoints: 0, checkpointBytes: slotBytes }
}

/** Average blocks per packet of the request's message (for the plan's details). */
export function planGamma(req: ReceiveRequest): number {
  const p = req.nic.profile
  return gammaOf(typeWork(req.type, req.count, p.host.cacheLineBytes), p.network.mtuBytes)
}
