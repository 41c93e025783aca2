// The sending side. Eager (up to the profile's eagerLimitBytes): one put carrying the data.
// Rendezvous: a zero-byte ready-to-send (RTS) put carrying the size; the receiver, once it has
// posted the data ME and its execution context, answers clear-to-send (CTS) with the bytes it
// accepts; the sender's progress engine then puts the data. Host work on the rank's CPU:
// overhead o, plus the host pack of a non-contiguous type.

import { pack, type Datatype } from '@spinmpi/ddt'
import { hostPackPs } from '../strategies/host-cost.js'
import { PROC_NULL } from './comm-api.js'
import { isContiguous } from './contiguous.js'
import type { Endpoint } from './endpoint.js'
import { KIND_CTS, KIND_DATA, KIND_EAGER, KIND_RTS, matchBits } from './match-bits.js'
import { RequestImpl } from './request.js'
import { signatureCode } from './signature-code.js'
import { SEND_STATUS } from './status.js'
import { typeSpan } from './buffer.js'
import { goalTag } from '../trace/goal-tags.js'

export interface SendArgs {
  readonly context: number
  readonly bytes: Uint8Array | null
  readonly origin: number
  readonly count: number
  readonly type: Datatype
  readonly dest: number
  readonly tag: number
}

const noop = (): void => {}

export function startSend(ep: Endpoint, a: SendArgs, description: string): RequestImpl {
  const sim = ep.sim
  const req = new RequestImpl('send', description, sim)
  if (a.dest === PROC_NULL) {
    req.complete(sim.now, SEND_STATUS, 0)
    return req
  }
  const n = a.count * a.type.size
  const contiguous = isContiguous(a.type, a.count)
  const packPs = contiguous ? 0 : hostPackPs(ep.profile, a.type, a.count)
  const issueAt = ep.cpu.book(ep.overheadPs + packPs)
  if (ep.trace !== null) {
    ep.trace.calc(packPs)
    req.traceOp = ep.trace.send(n, a.dest, goalTag(a.context, a.tag))
  }
  const data = snapshot(a, n, contiguous)
  const sig = signatureCode(a.type)
  const nic = ep.nic
  const stats = ep.world.stats
  const complete = (): void => req.complete(sim.now, SEND_STATUS, 0)
  if (n <= ep.eagerLimit) {
    stats.eager++
    sim.at(issueAt, () => {
      const h = nic.put({ target: a.dest, matchBits: matchBits(KIND_EAGER, a.context, ep.rank, a.tag), bytes: n, data, hdrData: n, userHeader: [sig, 0] })
      ep.onSent(h.messageId, complete)
    })
    return req
  }
  stats.rendezvous++
  const rv = ep.rendezvousId()
  const ctsPtr = ep.route((e) => {
    if (e.kind !== 'put') return
    ep.unroute(ctsPtr)
    const accepted = e.header!.hdrData
    sim.after(ep.overheadPs, () => {
      const h = nic.put({
        target: a.dest, matchBits: matchBits(KIND_DATA, a.context, ep.rank, rv), bytes: accepted,
        data: data === null ? null : data.subarray(0, accepted),
      })
      ep.onSent(h.messageId, complete)
    })
  })
  nic.postMe({ matchBits: matchBits(KIND_CTS, a.context, a.dest, rv), source: a.dest, length: 0, useOnce: true, userPtr: ctsPtr })
  sim.at(issueAt, () => {
    const h = nic.put({ target: a.dest, matchBits: matchBits(KIND_RTS, a.context, ep.rank, a.tag), bytes: 0, hdrData: n, userHeader: [sig, rv] })
    ep.onSent(h.messageId, noop)
  })
  return req
}

/**
 * The bytes the NIC will read, taken now: MPI lets the user reuse the buffer once the send
 * completes, which can be before the bytes reach the receiver in the simulation.
 */
function snapshot(a: SendArgs, n: number, contiguous: boolean): Uint8Array | null {
  if (a.bytes === null) return null
  if (contiguous) {
    const start = a.origin + typeSpan(a.type, a.count).lo
    return a.bytes.slice(start, start + n)
  }
  const out = new Uint8Array(n)
  pack(a.type, a.count, a.bytes, a.origin, out, 0)
  return out
}
