// `iovec` (SC19 §5.3 baseline): the host flattens the type into an iovec list (offset, length
// pairs, 16 B each) in host memory; the NIC walks it in order, fetching `iovecEntriesPerRead`
// entries per PCIe read of `iovecReadNs`, and writes each piece with one DMA. One vHPU takes
// every packet in arrival order (an in-order engine); a packet behind the cursor restarts the
// walk from the list's head. The walk is NIC hardware (a scatter-gather engine): it costs the
// DMA issue per entry and the fetch latency, no handler compute per entry.

import { flatten } from '@spinmpi/ddt'
import { ns, ReturnCode, type PayloadHandler, type SchedulingPolicy } from '@spinmpi/nic'
import type { PlanDetails, ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { hostWalkPs } from '../model/host-cost.js'
import { receiveLayout, spanOf, type ReceiveLayout } from '../layout.js'
import { checkpointFreeDetails, contextSpec, detailsPair, OffloadedPlan, pooledPlan, type HandlerCounters } from './offload-plan.js'
import { PlanPool } from './plan-pool.js'
import { residencyOf, type Residency } from './residency.js'
import type { Planned } from './planned.js'
import { gammaOf, typeWork } from '../model/type-work.js'
import { handlerUnits } from '../model/completion-model.js'
import { servesAny, type ReceiveStrategy } from './record.js'
import { PieceWriter } from '../handlers/piece-writer.js'
import { TypeCountCache } from '../type-cache.js'

const ENTRY_BYTES = 16

/** The iovec list of (type, count): each entry's buffer offset and length, and where it starts in the stream (n + 1 starts). */
export interface IovecList {
  readonly offsets: Float64Array
  readonly lengths: Float64Array
  readonly starts: Float64Array
}

const lists = new TypeCountCache<IovecList>((type, count) => {
  const runs = flatten(type, count)
  const n = runs.length
  const lens = runs.lengths
  const starts = new Float64Array(n + 1)
  for (let i = 0; i < n; i++) starts[i + 1] = starts[i]! + lens[i]!
  return { offsets: runs.offsets, lengths: lens, starts }
})

/** The iovec list of (type, count), flattened once per type and count (the NIC only reads it). */
export function iovecList(type: Parameters<typeof flatten>[0], count: number): IovecList {
  return lists.get(type, count)
}

export function iovecPlan(req: ReceiveRequest): Planned {
  const residency = residencyOf(req.nic)
  const list = iovecList(req.type, req.count)
  let byList = iovecParts.get(residency)
  if (byList === undefined) iovecParts.set(residency, (byList = new WeakMap()))
  const parts = byList.get(list) ?? newParts(req, list, byList)
  const host = spanOf(parts.layout, req.buffer, req.bufferOffset)
  const spare = pooledPlan(parts.plans, 'iovec', parts.layout, host, null, true, parts.hpuMemBytes, parts.hostPs, parts.details)
  if (spare !== null) {
    // the walk starts again at the list's head
    const walk = spare.counters as IovecWalk
    walk.cursor = 0
    walk.window = -1
    return spare
  }
  const walk: IovecWalk = { resets: 0, cursor: 0, window: -1 }
  const context = contextSpec(parts.hpuMemBytes, host, iovecPayload(parts, walk), parts.policy, undefined)
  return new OffloadedPlan(residency, 'iovec', parts.layout, context, null, true, parts.hpuMemBytes, parts.hostPs, parts.details, walk, parts.plans)
}

/**
 * A receive's walk of the list (the plan's counters): the entry holding the engine's position and
 * the window of entries fetched last (-1: none).
 */
interface IovecWalk extends HandlerCounters {
  cursor: number
  window: number
}

/**
 * What every iovec receive of one (type, count) on one NIC shares, made at its first receive.
 * Per receive remain the walk, the payload closure over it, the context spec and the plan:
 * pooled here (the MPI layer gives a rendezvous receive's plan back once it is done with it).
 */
interface IovecParts {
  readonly list: IovecList
  readonly layout: ReceiveLayout
  /** No state stays in it from one handler to the next (bind starts each). */
  readonly writer: PieceWriter
  readonly perRead: number
  readonly fetchPs: number
  readonly policy: SchedulingPolicy
  readonly hpuMemBytes: number
  readonly hostPs: number
  readonly details: PlanDetails
  readonly plans: PlanPool<OffloadedPlan>
}

/** Per NIC (its residency), per list. */
const iovecParts = new WeakMap<Residency, WeakMap<IovecList, IovecParts>>()

function newParts(req: ReceiveRequest, list: IovecList, byList: WeakMap<IovecList, IovecParts>): IovecParts {
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const perRead = profile.costs.iovecEntriesPerRead
  const work = typeWork(req.type, req.count, profile.host.cacheLineBytes)
  const parts: IovecParts = {
    list, layout, perRead,
    writer: new PieceWriter(layout.lo),
    fetchPs: ns(profile.costs.iovecReadNs),
    // frozen, as the details: every receive's context holds the same object
    policy: Object.freeze({ kind: 'blockedRR', deltaP: Math.max(1, Math.ceil(layout.bytes / profile.network.mtuBytes)), vhpus: 1 }),
    hpuMemBytes: perRead * ENTRY_BYTES,
    hostPs: hostWalkPs(profile.host, list.offsets.length),
    // the list is made for every receive (no resident state): never reused
    details: detailsPair(checkpointFreeDetails(gammaOf(work, profile.network.mtuBytes)))[0],
    plans: new PlanPool<OffloadedPlan>(),
  }
  byList.set(list, parts)
  return parts
}

/** The payload handler of one receive: the engine walking the list in order, over `walk`. */
function iovecPayload(parts: IovecParts, walk: IovecWalk): PayloadHandler {
  const { offsets: offs, starts } = parts.list
  const { perRead, fetchPs, writer: w } = parts
  return (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    w.bind(pkt)
    let s = pkt.offset
    const end = s + pkt.length
    let cursor = walk.cursor
    if (s < starts[cursor]!) {
      cursor = 0
      walk.window = -1
    }
    while (starts[cursor + 1]! <= s) cursor++
    while (s < end) {
      const win = Math.floor(cursor / perRead)
      if (win !== walk.window) {
        // the pieces before the fetch are issued first (the wait reads the clock they advanced)
        walk.cursor = cursor
        w.issue(ctx, 0)
        ctx.dmaWait(ctx.now + fetchPs)
        walk.window = win
      }
      const stop = Math.min(starts[cursor + 1]!, end)
      // a DMA per entry, no handler work before it (the engine's walk costs the issue only)
      w.add(offs[cursor]! + (s - starts[cursor]!), s, stop - s, 0)
      s = stop
      if (s === starts[cursor + 1]!) cursor++
    }
    walk.cursor = cursor
    // (A piece outside the ME throws at its issue, when the walk has moved past it; the engine
    // with a DMA per entry stopped at it, so the message's later packets may fetch the list again
    // where they did not. Only a failed receive sees it: the runtime posts the layout's span.)
    w.issue(ctx, 0)
    return ReturnCode.SUCCESS
  }
}

export const iovecReceive: ReceiveStrategy<'iovec'> = {
  name: 'iovec',
  summary: 'the host flattens the type into an iovec list; a NIC engine walks it in order, one DMA per piece',
  unpackedBy: 'nic-engine',
  chart: { colour: '#8c564b', order: 5 },
  plan: iovecPlan,
  model: {
    // per entry: the DMA issue and its share of one list fetch; no handler code per block
    handler(profile) {
      const u = handlerUnits(profile)
      const fetch = ns(u.costs.iovecReadNs) / u.costs.iovecEntriesPerRead
      return { initPs: u.dispatchPs + u.ps(u.fixedCycles), setupPs: 0, blockPs: u.ps(u.costs.dmaIssueCycles) + fetch }
    },
    deltaP: () => 1,
    // the engine walks in order: one packet at a time
    hpus: () => 1,
  },
  deltaR: null,
  finishesOnHost: false,
  cannotServe: servesAny,
}
