// The general (MPITypes-style) strategies of SC19 §3.2.4, as plans:
//   hpu-local  one segment per vHPU (blocked-RR, Δp = 1, P vHPUs); catch-up over the other
//              vHPUs' packets, reset when a packet is behind the segment
//   ro-cp      host-made checkpoints every Δr bytes; each handler copies the nearest one into
//              its HPU's scratch slot and catches up from there
//   rw-cp      blocked-RR with Δp = ⌈Δr/k⌉ and one vHPU per run, which owns the working copy of
//              its run's checkpoint; a master copy restores it when a packet arrives behind it

import { Segment } from '@spinmpi/ddt'
import { ReturnCode, type PayloadHandler } from '@spinmpi/nic'
import { makeCheckpoints, restoreSlot, slotBytesOf, type CheckpointSet } from './checkpoints.js'
import type { ReceiveRequest } from './contract.js'
import { dataloopBytes } from './dataloop-bytes.js'
import { copyCycles, stateSaveBytes } from './handler-costs.js'
import { receiveLayout } from './layout.js'
import { offloadPlan, type HandlerCounters } from './offload-plan.js'
import type { Planned } from './planned.js'
import { residencyOf } from './residency.js'
import { SegmentWriter } from './segment-writer.js'
import { chooseDeltaR } from './choose-delta-r.js'
import { gammaOf, typeWork } from './type-work.js'

function gamma(req: ReceiveRequest): number {
  const p = req.nic.profile
  return gammaOf(typeWork(req.type, req.count, p.host.cacheLineBytes), p.network.mtuBytes)
}

export function hpuLocalPlan(req: ReceiveRequest): Planned {
  const counters: HandlerCounters = { resets: 0 }
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const P = profile.nic.hpus
  const proto = new Segment(req.type, req.count)
  const slot = slotBytesOf(proto, profile.nic)
  const residency = residencyOf(req.nic)
  const { state, created } = residency.acquire(residency.key(req.type, req.count, 'dataloop'), () => ({
    data: new Uint8Array(dataloopBytes(req.type, req.count)),
    extra: null,
  }))
  const segs: Segment[] = []
  for (let i = 0; i < P; i++) segs.push(proto.clone())
  const w = new SegmentWriter(layout.lo, profile.costs)
  const payload: PayloadHandler = (ctx, pkt) => {
    const seg = segs[ctx.vhpu]!
    if (pkt.offset < seg.position) {
      seg.reset()
      counters.resets++
    }
    w.run(ctx, pkt, seg)
    return ReturnCode.SUCCESS
  }
  return offloadPlan(req, {
    strategy: 'hpu-local', layout, payload, resident: state, created, counters,
    policy: { kind: 'blockedRR', deltaP: 1, vhpus: P },
    hpuMemBytes: P * slot,
    hostPrepPs: 0,
    details: { gamma: gamma(req), deltaR: 0, checkpoints: 0, checkpointBytes: slot, reused: false },
  })
}

interface ResidentCheckpoints {
  readonly set: CheckpointSet
}

function residentCheckpoints(req: ReceiveRequest, what: string, deltaR: number) {
  const profile = req.nic.profile
  const loopBytes = dataloopBytes(req.type, req.count)
  const residency = residencyOf(req.nic)
  return residency.acquire(residency.key(req.type, req.count, `${what}/${deltaR}`), () => {
    const set = makeCheckpoints(req.type, req.count, deltaR, profile)
    // dataloop tree first, then the checkpoint slots
    const data = new Uint8Array(loopBytes + set.slots.length)
    data.set(set.slots, loopBytes)
    const extra: ResidentCheckpoints = { set }
    return { data, extra }
  })
}

export function roCpPlan(req: ReceiveRequest): Planned {
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const choice = chooseDeltaR(req, 'ro-cp', 1)
  const { state, created } = residentCheckpoints(req, 'ro-cp', choice.deltaR)
  const { set } = state.extra as ResidentCheckpoints
  const base = state.data.length - set.slots.length
  const P = profile.nic.hpus
  const scratch: Segment[] = []
  for (let i = 0; i < P; i++) scratch.push(new Segment(req.type, req.count))
  const copy = copyCycles(profile, set.slotBytes)
  const w = new SegmentWriter(layout.lo, profile.costs)
  const deltaR = set.deltaR
  const payload: PayloadHandler = (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    const j = Math.floor(pkt.offset / deltaR)
    // the copy: master slot j (after the dataloop) into this HPU's scratch slot
    copySlotFrom(state.data, base, j, ctx.mem, ctx.hpu, set.slotBytes)
    ctx.account('init', copy)
    const seg = scratch[ctx.hpu]!
    restoreSlot(seg, ctx.mem, 0, ctx.hpu, set.slotBytes)
    w.run(ctx, pkt, seg)
    return ReturnCode.SUCCESS
  }
  return offloadPlan(req, {
    strategy: 'ro-cp', layout, payload, resident: state, created,
    hpuMemBytes: P * set.slotBytes,
    hostPrepPs: set.hostPs,
    details: {
      gamma: gamma(req), deltaR, checkpoints: set.count, checkpointBytes: set.slotBytes, reused: false,
      deltaRChoice: { binds: choice.binds, satisfied: choice.satisfied },
    },
  })
}

export function rwCpPlan(req: ReceiveRequest): Planned {
  const counters: HandlerCounters = { resets: 0 }
  const profile = req.nic.profile
  const layout = receiveLayout(req.type, req.count)
  const choice = chooseDeltaR(req, 'rw-cp', 2)
  const { state, created } = residentCheckpoints(req, 'rw-cp', choice.deltaR)
  const { set } = state.extra as ResidentCheckpoints
  const base = state.data.length - set.slots.length
  // The working copies live in HPU memory (slot j for run j, initialMem: equal to the masters at
  // posting). A handler works on its run's slot in place: it reads the state there, progresses
  // it and stores it back, so the next packet of the run continues where this one stopped. The
  // Segment object only decodes the slot; no state is kept outside NIC memory between handlers.
  const decoder = new Segment(req.type, req.count)
  const copy = copyCycles(profile, set.slotBytes)
  const w = new SegmentWriter(layout.lo, profile.costs)
  const deltaR = set.deltaR
  const slotBytes = set.slotBytes
  const payload: PayloadHandler = (ctx, pkt) => {
    if (pkt.length === 0) return ReturnCode.SUCCESS
    const j = Math.floor(pkt.offset / deltaR)
    const at = j * slotBytes
    restoreSlot(decoder, ctx.mem, 0, j, slotBytes)
    if (pkt.offset < decoder.position) {
      // behind the working copy (out of order): the master restores it
      copySlotFrom(state.data, base, j, ctx.mem, j, slotBytes)
      ctx.account('init', copy)
      restoreSlot(decoder, ctx.mem, 0, j, slotBytes)
      counters.resets++
    }
    w.run(ctx, pkt, decoder)
    // the progressed state back into the slot: the live frames' stores are this handler's work
    decoder.writeCheckpoint(ctx.mem, at)
    ctx.account('init', copyCycles(profile, stateSaveBytes(profile, decoder.frames, slotBytes)))
    return ReturnCode.SUCCESS
  }
  return offloadPlan(req, {
    strategy: 'rw-cp', layout, payload, resident: state, created, counters,
    policy: { kind: 'blockedRR', deltaP: Math.ceil(deltaR / profile.network.mtuBytes), vhpus: set.count },
    hpuMemBytes: set.slots.length,
    initialMem: set.slots,
    hostPrepPs: set.hostPs,
    details: {
      gamma: gamma(req), deltaR, checkpoints: 2 * set.count, checkpointBytes: slotBytes, reused: false,
      deltaRChoice: { binds: choice.binds, satisfied: choice.satisfied },
    },
  })
}

/** Copies master slot `from` (slots start `base` bytes into `src`) into slot `to` of `dst`. */
function copySlotFrom(src: Uint8Array, base: number, from: number, dst: Uint8Array, to: number, slotBytes: number): void {
  const a = base + from * slotBytes, b = to * slotBytes
  for (let i = 0; i < slotBytes; i++) dst[b + i] = src[a + i]!
}
