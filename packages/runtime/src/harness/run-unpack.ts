// The unpack harness: one message of (type, count) from node 0 to node 1 of a fresh two-node
// cluster, received with a chosen strategy. Message processing time is SC19's: from the first
// byte in at the receiver to the last byte written into the user buffer (for host unpack: the
// RDMA deposit plus the CPU unpack after it). In data mode the received buffer is compared with
// a host unpack of the same packed bytes, and guard bytes around and between the blocks must
// keep their pattern.

import { ERR_COUNT, ERR_TYPE, flatten, MpiError, pack, unpack, type Datatype, type Runs } from '@spinmpi/ddt'
import { typeSpan } from '../comm/buffer.js'
import { checkCount, checkMessageSize } from '../comm/validate.js'
import { Cluster, ns, resolveProfile, toNs, type HandlerSplit, type Profile, type SeriesSamples } from '@spinmpi/nic/internal'
import type { PlanDetails, ReceiveStrategyChoice, ReceiveStrategyName, SendStrategyName } from '../strategies/contract.js'
import { fillData, fillGuard, GUARD } from './fill.js'
import { receiveLayout } from '../strategies/layout.js'
import { hostUnpackPs } from '../strategies/model/host-cost.js'
import { modelBreakdown, type ModelBreakdown } from '../strategies/model/completion-model.js'
import { postReceive } from '../strategies/receive/post-receive.js'
import { receiveStrategy } from '../strategies/receive/registry.js'
import { residencyOf } from '../strategies/receive/residency.js'
import { sendTyped } from '../strategies/send/send-typed.js'
import { gammaOf, packetBlocks, typeWork } from '../strategies/model/type-work.js'
import { clusterFaults, parseFaultSpec, type FaultSpec } from '../faults/fault-spec.js'
import { faultCounts, type FaultCounts } from '../faults/fault-counts.js'
import { spilledReceivesOf } from '../faults/spill-unpack.js'
import { reportFaults, scopedFaults } from '../faults/fault-scope.js'
import { scopedTimeLimit } from '../time-limit-scope.js'
import { TimeLimitError } from '../errors.js'

export interface RunUnpackOptions {
  readonly type: Datatype
  readonly count?: number
  readonly strategy: ReceiveStrategyChoice
  /** Profile name or object (default 'sc19'). */
  readonly profile?: string | Profile
  /** Override the profile's HPU count. */
  readonly hpus?: number
  /** Deliver packets out of order (seeded), within `window` packets (default 16). */
  readonly reorder?: { readonly seed: number; readonly window?: number }
  /** Real bytes (default) or timing mode. */
  readonly dataMode?: boolean
  readonly sendStrategy?: SendStrategyName
  readonly epsilon?: number
  readonly deltaR?: number
  readonly onNicMemoryFull?: 'fallback' | 'evict'
  /** Bytes of NIC memory to occupy before posting (exercises exhaustion). */
  readonly reserveNicMemBytes?: number
  /** Keep at most this many points of the DMA queue depth series (default 400). */
  readonly seriesPoints?: number
  /** Faults to inject (packet loss, duplicates, NIC memory for packets); docs/faults.md. */
  readonly faults?: FaultSpec
}

export interface UnpackResult {
  readonly strategy: ReceiveStrategyName
  readonly requested: ReceiveStrategyChoice
  readonly bytes: number
  readonly ns: number
  readonly gbps: number
  readonly gamma: number
  readonly nicMemBytes: number
  readonly dmaWrites: number
  readonly dmaQueueMax: number
  readonly fallback: string | null
  /** null in timing mode. */
  readonly verified: boolean | null
  readonly guardIntact: boolean | null
  readonly deltaR: number
  readonly checkpoints: number
  readonly checkpointBytes: number
  readonly resets: number
  readonly hostPrepNs: number
  readonly hostUnpackNs: number
  readonly prepCopyBytes: number
  readonly modelNs: number
  /** The model's handler time, the HPUs it keeps busy and what bounds it. */
  readonly model: { readonly handlerNs: number; readonly hpus: number; readonly bound: ModelBreakdown['bound'] }
  /** ro-cp / rw-cp: the limit that set Δr and the §3.2.4 constraints that hold. */
  readonly deltaRChoice: PlanDetails['deltaRChoice'] | null
  /** Handler cycles booked per phase (ctx.account) and the handler count. */
  readonly split: HandlerSplit
  readonly payloadHandlers: number
  readonly dmaSeries: SeriesSamples
  /** From the send call (t = 0) to the last byte in place, and the sender's host busy time. */
  readonly endToEndNs: number
  readonly senderHostBusyNs: number
  /** What the injected faults did (all zero without faults). */
  readonly faults: FaultCounts
}

const GUARD_BYTES = 64

/** Buffer bytes a data-mode runUnpack may hold per side (send and receive buffers each). */
export const MAX_UNPACK_DATA_BYTES = 2 ** 28

/** Checked before any buffer or cluster exists: count and the message it makes. */
function checkUnpackSize(o: RunUnpackOptions, count: number): void {
  const where = 'runUnpack'
  if (typeof o.type !== 'object' || o.type === null || typeof o.type.size !== 'number') {
    throw new MpiError(ERR_TYPE, `${where}: type is not a datatype`)
  }
  checkCount(count, where)
  checkMessageSize(count, o.type, where)
  if (o.dataMode === false) return
  const span = typeSpan(o.type, count)
  if (span.hi - span.lo > MAX_UNPACK_DATA_BYTES) {
    throw new MpiError(ERR_COUNT, `${where}: count ${count} spans ${span.hi - span.lo} B of buffer, more than the ${MAX_UNPACK_DATA_BYTES} B (256 MiB) data mode holds per side (timing mode allows larger)`)
  }
}

/** Runs the cluster to its end, or (inside withTimeLimit) to the limit: an event past it is a TimeLimitError. */
function runWithinLimit(cluster: Cluster): void {
  const limitNs = scopedTimeLimit()
  if (limitNs === undefined) return cluster.run()
  const limitPs = ns(limitNs)
  cluster.sim.run(limitPs)
  if (cluster.sim.pending > 0) throw new TimeLimitError(limitPs, cluster.sim.now, [])
}

export function runUnpack(o: RunUnpackOptions): UnpackResult {
  const count = o.count ?? 1
  checkUnpackSize(o, count)
  const given = o.faults ?? scopedFaults()
  const faults = given === undefined ? undefined : parseFaultSpec(given, 'runUnpack')
  const seed = o.reorder?.seed ?? 1
  const profile = resolveProfile(o.profile ?? 'sc19', o.hpus === undefined ? {} : { 'nic.hpus': o.hpus })
  const cluster = new Cluster({
    nodes: 2,
    profile,
    seed,
    dataMode: o.dataMode ?? true,
    ...(o.reorder === undefined ? {} : { reorder: { window: o.reorder.window ?? 16 } }),
    ...(faults === undefined ? {} : { faults: clusterFaults(faults, seed) }),
  })
  const sender = cluster.nic(0)
  const receiver = cluster.nic(1)
  const layout = receiveLayout(o.type, count)
  const bytes = layout.bytes
  const span = layout.hi - layout.lo
  const data = cluster.dataMode
  // sender: the same layout, filled with data
  const sendBuf = data ? new Uint8Array(span + 2 * GUARD_BYTES) : null
  if (sendBuf !== null) fillData(sendBuf)
  const recvBuf = data ? new Uint8Array(span + 2 * GUARD_BYTES) : null
  if (recvBuf !== null) fillGuard(recvBuf)
  const origin = GUARD_BYTES - layout.lo
  if (o.reserveNicMemBytes !== undefined && o.reserveNicMemBytes > 0) receiver.memory.alloc(o.reserveNicMemBytes, 0)

  const posted = postReceive(
    {
      nic: receiver, type: o.type, count, buffer: recvBuf, bufferOffset: origin, strategy: o.strategy,
      ...(o.epsilon === undefined ? {} : { epsilon: o.epsilon }),
      ...(o.deltaR === undefined ? {} : { deltaR: o.deltaR }),
      ...(o.onNicMemoryFull === undefined ? {} : { onNicMemoryFull: o.onNicMemoryFull }),
    },
    { matchBits: 1n, source: 0 },
  )
  const plan = posted.plan
  const sent = sendTyped({ nic: sender, dest: { target: 1, matchBits: 1n }, type: o.type, count, buffer: sendBuf, bufferOffset: origin, strategy: o.sendStrategy ?? 'host' })
  runWithinLimit(cluster)
  const record = receiver.stats.messages.find((m) => m.meId === posted.me.id)
  if (record === undefined) throw new Error('runUnpack: the message did not arrive')
  const finishPs = plan.finish()
  receiver.dma.finish()
  // host unpack (all of it for `host`, the spilled packets of an offload) starts at completion
  const end = receiveStrategy(plan.strategy).finishesOnHost || finishPs > 0 ? Math.max(record.lastWriteAt, record.completedAt) + finishPs : record.lastWriteAt
  const ps = end - record.firstByteAt

  let verified: boolean | null = null
  let guardIntact: boolean | null = null
  if (sendBuf !== null && recvBuf !== null) {
    const expected = new Uint8Array(recvBuf.length)
    fillGuard(expected)
    const packed = new Uint8Array(bytes)
    pack(o.type, count, sendBuf, origin, packed, 0)
    unpack(o.type, count, packed, 0, expected, origin)
    verified = equal(expected, recvBuf)
    guardIntact = guardsKept(recvBuf, flatten(o.type, count), origin)
  }
  const work = typeWork(o.type, count, profile.host.cacheLineBytes)
  const gamma = gammaOf(work, profile.network.mtuBytes)
  const d = plan.details
  const split = posted.me.context?.split ?? { init: 0, setup: 0, block: 0, other: 0, handlers: 0 }
  residencyOf(receiver).clear(cluster.sim.now)
  const faultsSeen = faultCounts(cluster, spilledReceivesOf(receiver))
  reportFaults(faultsSeen)
  const model = modelBreakdown({
    profile, model: receiveStrategy(plan.strategy).model, bytes, gamma, work, packetBlocks: packetBlocks(o.type, count, profile.network.mtuBytes),
    deltaR: d?.deltaR || profile.network.mtuBytes, slotBytes: d?.checkpointBytes ?? 0,
    hostUnpackPs: hostUnpackPs(profile, o.type, count),
  })
  return {
    strategy: plan.strategy,
    requested: o.strategy,
    bytes,
    ns: toNs(ps),
    gbps: ps > 0 ? (bytes * 8) / toNs(ps) : 0,
    gamma,
    nicMemBytes: plan.nicMemBytes,
    dmaWrites: receiver.dma.writes,
    dmaQueueMax: receiver.dma.peakDepth,
    fallback: plan.fallback,
    verified,
    guardIntact,
    deltaR: d?.deltaR ?? 0,
    checkpoints: d?.checkpoints ?? 0,
    checkpointBytes: d?.checkpointBytes ?? 0,
    resets: plan.counters?.resets ?? 0,
    hostPrepNs: toNs(plan.hostPrepPs),
    hostUnpackNs: toNs(finishPs),
    prepCopyBytes: plan.prepCopyBytes,
    modelNs: toNs(model.ps),
    model: { handlerNs: toNs(model.handlerPs), hpus: model.hpus, bound: model.bound },
    deltaRChoice: d?.deltaRChoice ?? null,
    split: { ...split, handlers: Math.max(0, split.handlers - 1) },
    payloadHandlers: Math.max(0, split.handlers - 1),
    dmaSeries: receiver.dma.depth.samples(o.seriesPoints ?? 400),
    endToEndNs: toNs(end),
    senderHostBusyNs: toNs(sent.hostBusyPs),
    faults: faultsSeen,
  }
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Every byte outside the typemap still holds the guard pattern. */
function guardsKept(got: Uint8Array, runs: Runs, origin: number): boolean {
  const inside = new Uint8Array(got.length)
  for (let r = 0; r < runs.length; r++) inside.fill(1, origin + runs.offsets[r]!, origin + runs.offsets[r]! + runs.lengths[r]!)
  for (let i = 0; i < got.length; i++) if (inside[i] === 0 && got[i] !== GUARD) return false
  return true
}
