// An offloaded receive under the `nicmem` fault: its ME gets a spill area, and its plan's finish()
// unpacks whatever the NIC spilled there (raw packets at their message offsets) into the user
// buffer, charging the host for those bytes and blocks. Handlers never see spilled packets; every
// strategy's handlers can start at any packet (segments catch up, checkpoints restore), so the
// bytes they write plus the host's give the full message.

import { Segment } from '@spinmpi/ddt'
import { SpillArea, type Nic, type Ps } from '@spinmpi/nic'
import { hostUnpackWorkPs } from '../strategies/model/host-cost.js'
import type { ReceivePlan, ReceiveRequest } from '../strategies/contract.js'

const SPILLS = Symbol('spinmpi:spilled-receives')

/** Receives on `nic` that had packets spilled (partial host fallbacks). */
export function spilledReceivesOf(nic: Nic): number {
  return (nic.attached.get(SPILLS) as number | undefined) ?? 0
}

/** True when a fault limits the NIC memory for packets, so offloaded receives need a spill area. */
export function needsSpill(req: ReceiveRequest, plan: ReceivePlan): boolean {
  return plan.context !== null && req.nic.buffer.memLimit !== Infinity
}

/** The spill area for `plan`'s ME and the plan whose finish() also unpacks the spilled bytes. */
export function withSpill(req: ReceiveRequest, plan: ReceivePlan): { spill: SpillArea; plan: ReceivePlan } {
  const bytes = req.type.size * req.count
  const spill = new SpillArea(bytes, req.buffer !== null)
  const inner = plan.finish.bind(plan)
  const wrapped: ReceivePlan = {
    ...plan,
    finish(): Ps {
      const ps = inner()
      if (spill.packets === 0) return ps
      req.nic.attached.set(SPILLS, spilledReceivesOf(req.nic) + 1)
      return ps + unpackSpilled(req, spill)
    },
  }
  return { spill, plan: wrapped }
}

/** Copies the spilled ranges into the user buffer (data mode); returns the host time (bytes moved, blocks walked). */
function unpackSpilled(req: ReceiveRequest, spill: SpillArea): Ps {
  const order = spill.offsets.map((_, i) => i).sort((a, b) => spill.offsets[a]! - spill.offsets[b]!)
  const seg = new Segment(req.type, req.count)
  const src = spill.buffer
  const dst = req.buffer
  let blocks = 0
  for (const i of order) {
    const first = spill.offsets[i]!
    const last = first + spill.lengths[i]!
    seg.process(first, last, (b, s, len) => {
      blocks++
      if (src !== null && dst !== null) dst.set(src.subarray(s, s + len), req.bufferOffset + b)
    })
  }
  return hostUnpackWorkPs(req.nic.profile.host, spill.bytes, blocks)
}
