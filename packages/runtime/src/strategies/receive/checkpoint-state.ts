// The resident NIC state of the checkpointed strategies (ro-cp, rw-cp): the dataloop tree and,
// after it, one slot per checkpoint, made on the host once per (type, count, Δr) and kept
// resident; and the copy of a master slot into a handler's HPU memory.

import type { ReceiveRequestOf as ReceiveRequest } from '../contract-core.js'
import { makeCheckpoints, type CheckpointSet } from '../handlers/checkpoints.js'
import { typeSegments } from '../handlers/type-segments.js'
import { residencyOf, type Acquired } from './residency.js'

export interface ResidentCheckpoints {
  readonly set: CheckpointSet
}

export function residentCheckpoints(req: ReceiveRequest, what: string, deltaR: number): Acquired {
  const residency = residencyOf(req.nic)
  const key = residency.key(req.type, req.count, what, deltaR)
  // resident already (the common case): no build closure (nor its context, made at entry of the
  // function that holds the closure: hence builder)
  return residency.reuse(key) ?? residency.acquire(key, builder(req, deltaR))
}

/** Makes the checkpoints of (type, count, Δr): the dataloop tree first, then the slots. */
function builder(req: ReceiveRequest, deltaR: number): () => { data: Uint8Array; extra: ResidentCheckpoints } {
  return () => {
    const set = makeCheckpoints(req.type, req.count, deltaR, req.nic.profile)
    const data = new Uint8Array(typeSegments(req.type, req.count).dataloopBytes + set.slots.length)
    data.set(set.slots, data.length - set.slots.length)
    return { data, extra: { set } }
  }
}

/** Copies master slot `from` (slots start `base` bytes into `src`) into slot `to` of `dst`. */
export function copySlotFrom(src: Uint8Array, base: number, from: number, dst: Uint8Array, to: number, slotBytes: number): void {
  const a = base + from * slotBytes, b = to * slotBytes
  for (let i = 0; i < slotBytes; i++) dst[b + i] = src[a + i]!
}
