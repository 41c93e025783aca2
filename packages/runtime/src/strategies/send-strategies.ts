// Send side (SC19 §3.1): how a typed buffer leaves the sender.
//   host      the CPU packs the whole message, then one put (host pack time before injection)
//   stream    the CPU walks the type and issues a streaming-put chunk for each contiguous region
//             as soon as it has found it (host time per region), one message at the target
//   outbound  process-put: the NIC makes the packets and outbound handlers fill each from the
//             type (a segment restored per packet), the host only posts the command

import { pack, Segment, type Datatype } from '@spinmpi/ddt'
import { ns, ReturnCode, type DmaOptions, type Nic, type PayloadHandler, type PutDestination, type Ps } from '@spinmpi/nic'
import type { SendStrategyName } from './contract.js'
import { hostPackWorkPs } from './host-cost.js'
import { receiveLayout, spanOf } from './layout.js'
import { catchupCycles } from './handler-costs.js'
import { typeWork } from './type-work.js'

export const SEND_STRATEGIES: readonly SendStrategyName[] = ['host', 'stream', 'outbound']

export interface TypedSend {
  readonly nic: Nic
  readonly dest: PutDestination
  readonly type: Datatype
  readonly count: number
  /** Sender buffer (null in timing mode) and the index of the MPI buffer address in it. */
  readonly buffer: Uint8Array | null
  readonly bufferOffset: number
  readonly strategy: SendStrategyName
}

export interface SendReport {
  readonly strategy: SendStrategyName
  readonly bytes: number
  /** Host CPU time the send occupies (packing or finding regions). */
  readonly hostBusyPs: Ps
}

const NO_WAIT: DmaOptions = { blocking: false }

/** Starts sending `count` instances of `type` now; the network does the rest as the sim runs. */
export function sendTyped(s: TypedSend): SendReport {
  const bytes = s.type.size * s.count
  const profile = s.nic.profile
  const host = profile.host
  const work = typeWork(s.type, s.count, host.cacheLineBytes)
  const sim = s.nic.sim
  const o = ns(profile.network.overheadNs)
  switch (s.strategy) {
    case 'host': {
      const busy = hostPackWorkPs(host, work.bytes, work.blocks)
      let packed: Uint8Array | null = null
      if (s.buffer !== null) {
        packed = new Uint8Array(bytes)
        pack(s.type, s.count, s.buffer, s.bufferOffset, packed, 0)
      }
      sim.at(sim.now + busy + o, () => { s.nic.put({ ...s.dest, bytes, data: packed }) })
      return { strategy: 'host', bytes, hostBusyPs: busy + o }
    }
    case 'stream': return streamSend(s, bytes)
    case 'outbound': {
      s.nic.processPut(s.dest, bytes, outboundContext(s))
      return { strategy: 'outbound', bytes, hostBusyPs: o }
    }
  }
}

function streamSend(s: TypedSend, bytes: number): SendReport {
  const host = s.nic.profile.host
  const sim = s.nic.sim
  const seg = new Segment(s.type, s.count)
  const o = ns(s.nic.profile.network.overheadNs)
  let t = sim.now
  let stream: ReturnType<Nic['sputStart']> | null = null
  let regions = 0
  if (bytes === 0) {
    sim.at(t + o, () => { s.nic.put({ ...s.dest, bytes: 0, data: null }) })
    return { strategy: 'stream', bytes, hostBusyPs: o }
  }
  // Each region is found (per-block cost) and handed to the NIC (o) at its own host time.
  seg.process(0, bytes, (buf, streamOffset, len) => {
    regions++
    t += hostPackWorkPs(host, 0, 1) + o
    const chunk = s.buffer === null ? null : s.buffer.subarray(s.bufferOffset + buf, s.bufferOffset + buf + len)
    const eom = streamOffset + len === bytes
    sim.at(t, () => {
      if (stream === null) stream = s.nic.sputStart(s.dest, bytes, chunk, len, eom)
      else s.nic.sputStream(stream, chunk, len, eom)
    })
  })
  return { strategy: 'stream', bytes, hostBusyPs: t - sim.now + (regions === 0 ? o : 0) }
}

/** Outbound handlers: each fills its packet from the sender's buffer, one DMA read per piece. */
function outboundContext(s: TypedSend) {
  const profile = s.nic.profile
  const layout = receiveLayout(s.type, s.count)
  const host = spanOf(layout, s.buffer, s.bufferOffset)
  const segs: Segment[] = []
  for (let i = 0; i < profile.nic.hpus; i++) segs.push(new Segment(s.type, s.count))
  const c = profile.costs
  let ctxRef: Parameters<PayloadHandler>[0] | null = null
  let dst: Uint8Array | null = null
  let pktOff = 0
  let lastRead: Ps = 0
  const sink = (buf: number, stream: number, len: number): void => {
    const ctx = ctxRef!
    ctx.account('block', c.pieceCycles + c.segmentStepCycles)
    const done = ctx.dmaFromHost(buf - layout.lo, dst, stream - pktOff, len, NO_WAIT)
    if (done > lastRead) lastRead = done
  }
  const payload: PayloadHandler = (ctx, pkt) => {
    const seg = segs[ctx.hpu]!
    seg.resetCounters()
    if (pkt.offset !== seg.position) seg.process(pkt.offset, pkt.offset, () => {})
    ctx.account('setup', c.segmentStepCycles + catchupCycles(c, seg))
    ctxRef = ctx
    dst = pkt.data
    pktOff = pkt.offset
    lastRead = 0
    seg.process(pkt.offset, pkt.offset + pkt.length, sink)
    // the packet leaves only once every piece has arrived from host memory
    if (lastRead > 0) ctx.dmaWait(lastRead)
    return ReturnCode.SUCCESS
  }
  return { hpuMemBytes: 0, hostBuffer: host, payload }
}
