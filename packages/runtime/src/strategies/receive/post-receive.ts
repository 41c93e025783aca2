// postReceive: plans a receive with the requested strategy, posts its ME, and handles NIC
// memory exhaustion (SC19 §3.2.6): fall back to host unpack, or evict the least recently used
// resident type state and retry.

import debugFactory from 'debug'
import {
  MeOptionsRecord, NicMemoryError, type MatchEntry,
} from '@spinmpi/nic'
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
  const { me: posted, plan, readyAt } = postParsedReceive(req, me)
  // the caller's own object (postParsedReceive's is rewritten by the next receive)
  return { me: posted, plan, readyAt }
}

/**
 * postReceive for a request the runtime built from arguments its API checked already (the
 * receive protocol, once per message): no zod parse on that path. The result is one record,
 * rewritten by the next call: read it at once.
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

// The options post hands the NIC, every field named (no spreads: a spread of the caller's options
// plus the plan's fields cost ~300 B per receive, and up to 1.3 KB when V8 left the copy in
// dictionary mode), refilled per receive.
const POSTED = new MeOptionsRecord()

function post(req: ReceiveRequest, me: Parameters<PostReceive>[1], planned: ReceivePlan): PostedReceive {
  // under the nicmem fault, packets the NIC cannot buffer go raw to a spill area the host unpacks
  const spilling = needsSpill(req, planned) ? withSpill(req, planned) : null
  const plan = spilling === null ? planned : spilling.plan
  // One options object refilled per receive: transient, the NIC copies it into the ME.
  const o = POSTED
  o.matchBits = me.matchBits
  o.ignoreBits = me.ignoreBits
  o.source = me.source
  o.list = me.list
  o.useOnce = me.useOnce
  o.hostBytesOnDemand = me.hostBytesOnDemand
  o.manageLocal = me.manageLocal
  o.flowControl = me.flowControl
  o.counter = me.counter
  o.userPtr = me.userPtr
  o.hostBuffer = plan.hostBuffer
  o.length = plan.hostLength
  o.context = plan.context ?? undefined
  o.spill = spilling === null ? me.spill : spilling.spill
  let posted: MatchEntry
  try {
    posted = req.nic.postMe(o)
  } finally {
    // nothing the last receive pointed to stays reachable from here
    o.clear()
  }
  // resident state copied to NIC memory for this receive crosses PCIe (host to NIC), once:
  // callers wait on readyAt instead of reading it again
  const readyAt = plan.prepCopyBytes > 0 ? req.nic.dma.read(plan.prepCopyBytes) : req.nic.sim.now
  const r = POSTED_RECEIVE
  r.me = posted
  r.plan = plan
  r.readyAt = readyAt
  return r
}

/** postParsedReceive's result, refilled per receive (its callers read it at once). */
const POSTED_RECEIVE: { me: MatchEntry; plan: ReceivePlan; readyAt: number } = { me: null!, plan: null!, readyAt: 0 }
