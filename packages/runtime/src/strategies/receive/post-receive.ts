// postReceive: plans a receive with the requested strategy, posts its ME, and handles NIC
// memory exhaustion (SC19 §3.2.6): fall back to host unpack, or evict the least recently used
// resident type state and retry.

import debugFactory from 'debug'
import { NicMemoryError } from '@spinmpi/nic'
import { MpiError, ERR_ARG } from '@spinmpi/ddt'
import { needsSpill, withSpill } from '../../faults/spill-unpack.js'
import type { PostedReceive, PostReceive, ReceivePlan, ReceiveRequest } from '../contract.js'
import { hostPlan } from './host.js'
import { namedPlan, planFor } from './registry.js'
import { residencyOf } from './residency.js'
import { parseReceiveRequest } from './request-schema.js'

const log = debugFactory('spinmpi:runtime')

export const postReceive: PostReceive = (req, me) => {
  parseReceiveRequest(req)
  return postParsedReceive(req, me)
}

/**
 * postReceive for a request the runtime built from arguments its API checked already (the
 * receive protocol, once per message): no zod parse on that path.
 */
export const postParsedReceive: PostReceive = (req, me) => {
  if (!req.type.committed) throw new MpiError(ERR_ARG, 'receive.type: the datatype is not committed')
  const residency = residencyOf(req.nic)
  const policy = req.onNicMemoryFull ?? 'fallback'
  for (;;) {
    try {
      const planned = planFor(req)
      try {
        return post(req, me, namedPlan(planned.plan))
      } catch (e) {
        planned.abandon()
        throw e
      }
    } catch (e) {
      if (!(e instanceof NicMemoryError)) throw e
      if (policy === 'evict' && residency.evictOne(req.nic.sim.now)) {
        log('node %d: NIC memory full, evicted one resident type state', req.nic.node)
        continue
      }
      const why = `nic memory full (${e.requested} B requested, ${e.free} B free)`
      log('node %d: %s, falling back to host unpack', req.nic.node, why)
      residency.fallbacks++
      return post(req, me, namedPlan(hostPlan(req, why)))
    }
  }
}

function post(req: ReceiveRequest, me: Parameters<PostReceive>[1], planned: ReceivePlan): PostedReceive {
  // under the nicmem fault, packets the NIC cannot buffer go raw to a spill area the host unpacks
  const spilling = needsSpill(req, planned) ? withSpill(req, planned) : null
  const plan = spilling === null ? planned : spilling.plan
  // Every field named, no spreads: a spread of the caller's options plus the plan's fields cost
  // ~300 B per receive, and up to 1.3 KB when V8 left the copy in dictionary mode. Absent options
  // are undefined here, which the NIC reads as absent.
  const posted = req.nic.postMe({
    matchBits: me.matchBits,
    ignoreBits: me.ignoreBits,
    source: me.source,
    list: me.list,
    useOnce: me.useOnce,
    hostBytesOnDemand: me.hostBytesOnDemand,
    manageLocal: me.manageLocal,
    flowControl: me.flowControl,
    counter: me.counter,
    userPtr: me.userPtr,
    hostBuffer: plan.hostBuffer,
    length: plan.hostLength,
    context: plan.context ?? undefined,
    spill: spilling === null ? me.spill : spilling.spill,
  })
  // resident state copied to NIC memory for this receive crosses PCIe (host to NIC), once:
  // callers wait on readyAt instead of reading it again
  const readyAt = plan.prepCopyBytes > 0 ? req.nic.dma.read(plan.prepCopyBytes) : req.nic.sim.now
  return { me: posted, plan, readyAt }
}
