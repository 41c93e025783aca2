// `host`: the NIC deposits the packed message into a staging buffer (RDMA, no handlers) and the
// host CPU unpacks it after the last byte is in (SC19 Fig. 4, left tile).

import { unpack } from '@spinmpi/ddt'
import type { ReceivePlanOf as ReceivePlan, ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { hostUnpackPs } from '../model/host-cost.js'
import { nothingToUndo } from './planned.js'
import { servesAny, type ReceiveStrategy } from './record.js'

export function hostPlan(req: ReceiveRequest, fallback: string | null = null): ReceivePlan {
  const bytes = req.type.size * req.count
  const staging = req.buffer === null ? null : new Uint8Array(bytes)
  const profile = req.nic.profile
  return {
    strategy: 'host',
    fallback,
    context: null,
    hostBuffer: staging,
    hostLength: bytes,
    nicMemBytes: 0,
    hostPrepPs: 0,
    prepCopyBytes: 0,
    finish() {
      if (staging !== null && req.buffer !== null) unpack(req.type, req.count, staging, 0, req.buffer, req.bufferOffset)
      return hostUnpackPs(profile, req.type, req.count)
    },
  }
}

export const hostReceive: ReceiveStrategy<'host'> = {
  name: 'host',
  summary: 'the NIC deposits the packed message, the host CPU unpacks it after the last byte',
  unpackedBy: 'host',
  chart: { colour: '#1f77b4', order: 0 },
  plan: (req) => ({ plan: hostPlan(req), abandon: nothingToUndo }),
  model: null,
  deltaR: null,
  finishesOnHost: true,
  cannotServe: servesAny,
}
