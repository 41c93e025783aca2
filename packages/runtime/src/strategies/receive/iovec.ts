// `iovec` (SC19 §5.3 baseline): the host flattens the type into an iovec list (offset, length
// pairs, 16 B each) in host memory; the NIC walks it in order, fetching `iovecEntriesPerRead`
// entries per PCIe read of `iovecReadNs`, and writes each piece with one DMA. One vHPU takes
// every packet in arrival order (an in-order engine); a packet behind the cursor restarts the
// walk from the list's head. The walk is NIC hardware (a scatter-gather engine): it costs the
// DMA issue per entry and the fetch latency, no handler compute per entry.

import { flatten } from '@spinmpi/ddt'
import { ns, ReturnCode, type PayloadHandler } from '@spinmpi/nic'
import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { hostWalkPs } from '../model/host-cost.js'
import { receiveLayout } from '../layout.js'
import { checkpointFreeDetails, offloadPlan } from './offload-plan.js'
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
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const { offsets: offs, starts } = iovecList(req.type, req.count)
  const n = offs.length
  const perRead = profile.costs.iovecEntriesPerRead
  const fetchPs = ns(profile.costs.iovecReadNs)
  const nPkt = Math.max(1, Math.ceil(layout.bytes / profile.network.mtuBytes))
  let cursor = 0
  let window = -1
  const w = new PieceWriter(layout.lo)
  const payload: PayloadHandler = (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    w.bind(pkt)
    let s = pkt.offset
    const end = s + pkt.length
    if (s < starts[cursor]!) {
      cursor = 0
      window = -1
    }
    while (starts[cursor + 1]! <= s) cursor++
    while (s < end) {
      const win = Math.floor(cursor / perRead)
      if (win !== window) {
        // the pieces before the fetch are issued first (the wait reads the clock they advanced)
        w.issue(ctx, 0)
        ctx.dmaWait(ctx.now + fetchPs)
        window = win
      }
      const stop = Math.min(starts[cursor + 1]!, end)
      // a DMA per entry, no handler work before it (the engine's walk costs the issue only)
      w.add(offs[cursor]! + (s - starts[cursor]!), s, stop - s, 0)
      s = stop
      if (s === starts[cursor + 1]!) cursor++
    }
    // (A piece outside the ME throws at its issue, when the walk has moved past it; the engine
    // with a DMA per entry stopped at it, so the message's later packets may fetch the list again
    // where they did not. Only a failed receive sees it: the runtime posts the layout's span.)
    w.issue(ctx, 0)
    return ReturnCode.SUCCESS
  }
  const work = typeWork(req.type, req.count, profile.host.cacheLineBytes)
  return offloadPlan(req, {
    strategy: 'iovec', layout, payload, resident: null, created: true,
    policy: { kind: 'blockedRR', deltaP: nPkt, vhpus: 1 },
    hpuMemBytes: perRead * ENTRY_BYTES,
    hostPrepPs: hostWalkPs(profile.host, n),
    details: checkpointFreeDetails(gammaOf(work, profile.network.mtuBytes)),
  })
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
