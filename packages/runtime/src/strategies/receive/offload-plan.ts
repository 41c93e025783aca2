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
import type { PlanPool } from './plan-pool.js'

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
    withReused(details, !p.created),
    p.counters ?? { resets: 0 },
  )
}

/** `details` of a receive that created its state (reused false) or reused it. */
export function withReused(details: Omit<PlanDetails, 'reused'>, reused: boolean): PlanDetails {
  return {
    gamma: details.gamma, deltaR: details.deltaR, checkpoints: details.checkpoints, checkpointBytes: details.checkpointBytes,
    reused, deltaRChoice: details.deltaRChoice,
  }
}

/** The details of a pooled strategy whose details do not change between receives: [created, reused], frozen. */
export function detailsPair(details: Omit<PlanDetails, 'reused'>): readonly [PlanDetails, PlanDetails] {
  return [Object.freeze(withReused(details, false)), Object.freeze(withReused(details, true))]
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

/** An execution context spec whose fields a pooled plan refills (its own object). */
type OwnSpec = { -readonly [K in keyof ExecutionContextSpec]: ExecutionContextSpec[K] }

/** A pooled plan's spec taken again: the fields that differ between receives of one strategy's parts. */
export function refillSpec(spec: ExecutionContextSpec, hpuMemBytes: number, hostBuffer: Uint8Array | null): ExecutionContextSpec {
  const s = spec as OwnSpec
  s.hpuMemBytes = hpuMemBytes
  s.hostBuffer = hostBuffer
  return s
}

/**
 * A plan of `pool` taken again for a new receive: its spec refilled, its counters at zero (its
 * spec, payload closure and counters are its own, made for the pool's parts), every other
 * per-receive field as for a new plan. Null when the pool has none.
 */
export function pooledPlan(
  pool: PlanPool<OffloadedPlan>, strategy: string, layout: ReceiveLayout, host: Uint8Array | null, resident: ResidentState | null,
  created: boolean, hpuMemBytes: number, hostPrepPs: number, details: PlanDetails,
): OffloadedPlan | null {
  const spare = pool.take()
  if (spare === null) return null
  spare.counters.resets = 0
  const context = refillSpec(spare.context, hpuMemBytes, host)
  return spare.refill(strategy, layout, context, resident, created, hpuMemBytes, hostPrepPs, details, spare.counters)
}

/**
 * What the receives of one type share in a strategy whose details do not depend on the receive
 * (hpu-local, specialized): the layout, the details of a receive that made the state and of one
 * that reused it, and the pool of given-back plans.
 */
export interface PooledParts {
  readonly layout: ReceiveLayout
  /** [created, reused] */
  readonly details: readonly [PlanDetails, PlanDetails]
  readonly plans: PlanPool<OffloadedPlan>
}

/** Details no live plan has (a recycled plan's): a stale read shows. */
const POISONED_DETAILS: PlanDetails = Object.freeze({ gamma: NaN, deltaR: NaN, checkpoints: NaN, checkpointBytes: NaN, reused: false })

/**
 * An offloaded receive's plan, and its own Planned (`plan` is itself): one object per receive
 * where a plan literal, a Planned wrapper and two closures over a `released` flag were four. The
 * resident state is released once, at finish or when posting fails (abandon). A plan made with
 * a pool goes back to it when the MPI layer is done with it (recyclePlan) and is refilled there.
 */
export class OffloadedPlan implements ReceivePlan, Planned {
  readonly plan: ReceivePlan = this
  readonly fallback = null
  // Written by refill only (the interface reads them as readonly).
  strategy!: string
  context!: ExecutionContextSpec
  hostBuffer!: Uint8Array | null
  hostLength!: number
  nicMemBytes!: number
  hostPrepPs!: number
  prepCopyBytes!: number
  /** Read only (a strategy may hand every receive of one state the same object). */
  details!: PlanDetails
  counters!: HandlerCounters
  /**
   * Own properties, not prototype methods (one bound function serves both): a strategy record
   * may hand on a spread copy of a plan or of its Planned (extend-strategies.test.ts), and a
   * spread keeps own properties only.
   */
  readonly finish: () => number
  readonly abandon: () => void
  private released = false
  /** Given back to its pool (poisoned): finish must not come again. */
  private recycled = false
  private resident: ResidentState | null = null

  constructor(
    private readonly residency: Residency,
    strategy: string,
    layout: ReceiveLayout,
    context: ExecutionContextSpec,
    resident: ResidentState | null,
    created: boolean,
    hpuMemBytes: number,
    hostPrepPs: number,
    details: PlanDetails,
    counters: HandlerCounters,
    /** Where recyclePlan gives it back, or null: never reused. */
    private readonly pool: PlanPool<OffloadedPlan> | null = null,
  ) {
    this.finish = this.abandon = this.release.bind(this)
    this.refill(strategy, layout, context, resident, created, hpuMemBytes, hostPrepPs, details, counters)
  }

  /** Every per-receive field, as for a new plan (a pooled one taken again). */
  refill(
    strategy: string, layout: ReceiveLayout, context: ExecutionContextSpec, resident: ResidentState | null, created: boolean,
    hpuMemBytes: number, hostPrepPs: number, details: PlanDetails, counters: HandlerCounters,
  ): this {
    const residentBytes = resident === null ? 0 : resident.data.length
    this.strategy = strategy
    this.context = context
    this.hostBuffer = context.hostBuffer
    this.hostLength = layout.hi - layout.lo
    this.nicMemBytes = residentBytes + hpuMemBytes
    this.hostPrepPs = created ? hostPrepPs : 0
    this.prepCopyBytes = created ? residentBytes : 0
    this.details = details
    this.counters = counters
    this.released = false
    this.recycled = false
    this.resident = resident
    return this
  }

  /** Gives the resident state back (once); no host work: 0 ps. */
  private release(): number {
    if (this.recycled) throw new Error(`${this.strategy} plan: finished or abandoned after it was recycled`)
    if (this.released || this.resident === null) return 0
    this.released = true
    this.residency.release(this.resident)
    return 0
  }

  /**
   * The MPI layer is done with it (finished, recorded, its ME retired): back to its pool, if it
   * has one. A plan not finished yet keeps its state and stays out.
   */
  recycle(): void {
    const pool = this.pool
    if (pool === null || (!this.released && this.resident !== null)) return
    pool.give(this)
  }

  /** Values no live plan has, so a read of a recycled one shows (its spec and counters are its own). */
  poison(): void {
    this.strategy = '(recycled)'
    refillSpec(this.context, -1, null)
    this.hostBuffer = null
    this.hostLength = -1
    this.nicMemBytes = -1
    this.hostPrepPs = NaN
    this.prepCopyBytes = -1
    this.details = POISONED_DETAILS
    this.counters.resets = NaN
    this.released = true
    this.recycled = true
    this.resident = null
  }
}

/**
 * The MPI layer has finished and recorded a receive whose data ME the NIC retired: its plan
 * goes back to its strategy's pool (a pooled OffloadedPlan; any other plan is left alone).
 */
export function recyclePlan(plan: ReceivePlan): void {
  if (plan instanceof OffloadedPlan) plan.recycle()
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
