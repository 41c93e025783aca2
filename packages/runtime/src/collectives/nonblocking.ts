// Nonblocking collectives (MPI_Ibcast ...): the blocking algorithm runs on the rank's progress
// engine (CommCore.engine) instead of the application's thread. Its messages are issued at engine
// time, so the rounds after the first proceed while the application computes; its host work is
// still charged to the rank. The returned request completes when the algorithm finishes, and is
// completed by the ordinary wait / waitall / test.
//
// Matching: every rank starts collectives in the same order (MPI's rule), so the n-th nonblocking
// collective of a communicator has the same sequence number everywhere; its tags are shifted
// into a range of their own, so two in flight (or one and a blocking one) never match each other.

import { ERR_OTHER, MpiError } from '@spinmpi/ddt'
import { ANY_SOURCE, ANY_TAG, TAG_UB, type Buffer, type PointToPoint, type Request } from '../comm/comm-types.js'
import type { CollectivePointToPoint, CommCore } from '../comm/comm-core.js'
import { RequestImpl } from '../comm/request.js'
import { StatusImpl } from '../comm/status.js'
import { TAGS_PER_COLLECTIVE } from './tags.js'

/** First tag of the nonblocking ranges (the blocking collectives use tags below it). */
const FIRST_TAG = 1 << 12
const RANGES = Math.floor((TAG_UB + 1 - FIRST_TAG) / TAGS_PER_COLLECTIVE)

/** `p` with every tag moved up by `base` (wait, test ... unchanged). */
function shiftedTags(p: CollectivePointToPoint, base: number): CollectivePointToPoint {
  const t = (tag: number): number => (tag === ANY_TAG ? tag : tag + base)
  const shifted: Partial<CollectivePointToPoint> = {
    send: (b: Buffer, c, ty, d, tag) => p.send(b, c, ty, d, t(tag)),
    recv: (b: Buffer, c, ty, s, tag) => p.recv(b, c, ty, s, t(tag)),
    isend: (b: Buffer, c, ty, d, tag) => p.isend(b, c, ty, d, t(tag)),
    irecv: (b: Buffer, c, ty, s, tag) => p.irecv(b, c, ty, s, t(tag)),
    sendrecv: (sb, sc, st, d, stag, rb, rc, rt, s, rtag) => p.sendrecv(sb, sc, st, d, t(stag), rb, rc, rt, s, t(rtag)),
    probe: (s, tag) => p.probe(s, t(tag)),
    iprobe: (s, tag) => p.iprobe(s, t(tag)),
    sendrecvSeries: (steps, fill, step) => p.sendrecvSeries(steps, (k, a) => {
      fill(k, a)
      a.sendtag = t(a.sendtag)
      a.recvtag = t(a.recvtag)
    }, step),
  }
  // Everything else (wait, waitall, test ...) is p's own.
  return Object.assign(Object.create(p) as CollectivePointToPoint, shifted)
}

/** Empty status of a completed collective (MPI: only its error field is defined). */
const DONE = new StatusImpl(ANY_SOURCE, ANY_TAG, 0)

/**
 * Starts `algorithm` on the progress engine as the collective `description`: it sees a CommCore
 * whose `coll` and `busy` are the engine's. Errors (argument errors included) fail the request.
 */
export function startNonblocking(core: CommCore, description: string, algorithm: (engineCore: CommCore) => Promise<void>): Request {
  const base = FIRST_TAG + (core.nextNonblockingSequence() % RANGES) * TAGS_PER_COLLECTIVE
  const engine = core.engine
  const view = Object.create(core, {
    coll: { value: shiftedTags(engine.coll, base) },
    busy: { value: (ps: number) => engine.busy(ps) },
  }) as CommCore
  const req = new RequestImpl('coll', description, core.sim)
  let run: Promise<void>
  try {
    run = algorithm(view)
  } catch (e) {
    run = Promise.reject(e)
  }
  run.then(
    () => req.complete(DONE, 0),
    (e: unknown) => {
      // Named after the user's call (the algorithm's own messages may name the blocking form).
      const call = description.slice(0, description.indexOf('(') + 1)
      const err = e instanceof MpiError
        ? (e.message.startsWith(call) ? e : e.within(description))
        : new MpiError(ERR_OTHER, `${description}: ${e instanceof Error ? e.message : String(e)}`)
      req.complete(new StatusImpl(ANY_SOURCE, ANY_TAG, 0, false, err.errorClass), 0, err)
    },
  )
  return req
}
