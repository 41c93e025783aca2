// The common shape of an offloaded receive plan: the ME exposes the typemap's span of the user
// buffer, the execution context has no header handler and the completion handler signals the
// host (SC19 §3.2.2), and the type's resident NIC state is acquired now and released at finish.

import type { ExecutionContextSpec, PayloadHandler, SchedulingPolicy } from '@spinmpi/nic'
import type { PlanDetails, ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { spanOf, type ReceiveLayout } from '../layout.js'
import { signalCompletion } from '../handlers/piece-writer.js'
import type { Planned } from './planned.js'
import { residencyOf, type ResidentState } from './residency.js'
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
  const residency = residencyOf(req.nic)
  const host = spanOf(p.layout, req.buffer, req.bufferOffset)
  const context: ExecutionContextSpec = {
    hpuMemBytes: p.hpuMemBytes,
    hostBuffer: host,
    payload: p.payload,
    completion: signalCompletion,
    ...(p.policy === undefined ? {} : { policy: p.policy }),
    ...(p.initialMem === undefined ? {} : { initialMem: p.initialMem }),
  }
  const residentBytes = p.resident === null ? 0 : p.resident.data.length
  let released = false
  const release = (): void => {
    if (released || p.resident === null) return
    released = true
    residency.release(p.resident)
  }
  return {
    plan: {
      strategy: p.strategy,
      fallback: null,
      context,
      hostBuffer: host,
      hostLength: p.layout.hi - p.layout.lo,
      nicMemBytes: residentBytes + p.hpuMemBytes,
      hostPrepPs: p.created ? p.hostPrepPs : 0,
      prepCopyBytes: p.created ? residentBytes : 0,
      details: { ...p.details, reused: !p.created },
      counters: p.counters ?? { resets: 0 },
      finish() {
        release()
        return 0
      },
    },
    abandon: release,
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
