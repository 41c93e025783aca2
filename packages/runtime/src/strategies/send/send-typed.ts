// Send side (SC19 §3.1): how a typed buffer leaves the sender.
//   host      the CPU packs the whole message, then one put (host pack time before injection)
//   stream    the CPU walks the type and issues a streaming-put chunk for each contiguous region
//             as soon as it has found it (host time per region), one message at the target
//   outbound  process-put: the NIC makes the packets and outbound handlers fill each from the
//             type (a segment restored per packet), the host only posts the command (o)
// Every NIC command is issued after the host overhead o that posts it, as for any other put.

import { pack, Segment, type Datatype } from '@spinmpi/ddt'
import {
  ns, ReturnCode, type DmaOptions, type MessageHeader, type Nic, type PayloadHandler, type Profile, type PutDestination, type Ps,
} from '@spinmpi/nic'
import type { SendStrategyName } from '../contract.js'
import { hostPackPs, hostPackWorkPs } from '../model/host-cost.js'
import { receiveLayout, spanOf } from '../layout.js'
import { catchupCycles } from '../handlers/handler-costs.js'
import { typeWork } from '../model/type-work.js'

/** The send strategies: host pack then put, streaming puts, NIC outbound handlers. */
export const SEND_STRATEGIES = ['host', 'stream', 'outbound'] as const satisfies readonly SendStrategyName[]

export interface TypedSend {
  readonly nic: Nic
  /** Target, match bits and header fields (hdrData, userHeader) of the message. */
  readonly dest: PutDestination
  readonly type: Datatype
  readonly count: number
  /** Sender buffer (null in timing mode) and the index of the MPI buffer address in it. */
  readonly buffer: Uint8Array | null
  readonly bufferOffset: number
  readonly strategy: SendStrategyName
  /** Simulated time the sending CPU starts on the send (default: now; never before now). */
  readonly at?: Ps
  /** Send only this prefix of the packed stream (a rendezvous the receiver truncated); default all. */
  readonly bytes?: number
  /** Called with the message's header when its first NIC command is issued (to await its send event). */
  readonly onIssued?: (header: MessageHeader) => void
}

export interface SendReport {
  readonly strategy: SendStrategyName
  /** Bytes of the message (the prefix when `bytes` was given). */
  readonly bytes: number
  /** Host CPU time the send occupies (packing or finding regions, and o per NIC command). */
  readonly hostBusyPs: Ps
}

const NO_WAIT: DmaOptions = { blocking: false }

/** Starts sending `count` instances of `type` at `at`; the network does the rest as the sim runs. */
export function sendTyped(s: TypedSend): SendReport {
  const whole = s.type.size * s.count
  const bytes = s.bytes ?? whole
  if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > whole) {
    throw new RangeError(`sendTyped: bytes ${bytes} is outside [0, ${whole}]`)
  }
  const profile = s.nic.profile
  const sim = s.nic.sim
  const start = Math.max(sim.now, s.at ?? sim.now)
  const o = ns(profile.network.overheadNs)
  switch (s.strategy) {
    case 'host': {
      const busy = sendHostBusyPs(profile, s.type, s.count, 'host') - o
      let packed: Uint8Array | null = null
      if (s.buffer !== null) {
        packed = new Uint8Array(whole)
        pack(s.type, s.count, s.buffer, s.bufferOffset, packed, 0)
        if (bytes < whole) packed = packed.subarray(0, bytes)
      }
      sim.at(start + busy + o, () => issued(s, s.nic.put({ ...s.dest, bytes, data: packed })))
      return { strategy: 'host', bytes, hostBusyPs: busy + o }
    }
    case 'stream': return streamSend(s, bytes, start)
    case 'outbound': {
      const ctx = outboundContext(s)
      sim.at(start + o, () => issued(s, s.nic.processPut(s.dest, bytes, ctx)))
      return { strategy: 'outbound', bytes, hostBusyPs: o }
    }
  }
}

/**
 * Host CPU time `sendTyped` reports for the whole message, known before sending: host pack + o,
 * one (region step + o) per contiguous region for stream (at least one o), o for outbound.
 */
export function sendHostBusyPs(profile: Profile, type: Datatype, count: number, strategy: SendStrategyName): Ps {
  const o = ns(profile.network.overheadNs)
  const host = profile.host
  switch (strategy) {
    case 'host': return hostPackPs(profile, type, count) + o
    case 'stream': {
      const regions = type.size * count === 0 ? 0 : typeWork(type, count, host.cacheLineBytes).blocks
      return regions === 0 ? o : regions * (hostPackWorkPs(host, 0, 1) + o)
    }
    case 'outbound': return o
  }
}

function issued(s: TypedSend, header: MessageHeader): void {
  s.onIssued?.(header)
}

function streamSend(s: TypedSend, bytes: number, start: Ps): SendReport {
  const host = s.nic.profile.host
  const sim = s.nic.sim
  const o = ns(s.nic.profile.network.overheadNs)
  let t = start
  let stream: ReturnType<Nic['sputStart']> | null = null
  if (bytes === 0) {
    sim.at(t + o, () => issued(s, s.nic.put({ ...s.dest, bytes: 0, data: null })))
    return { strategy: 'stream', bytes, hostBusyPs: o }
  }
  const step = hostPackWorkPs(host, 0, 1) + o
  const seg = new Segment(s.type, s.count)
  // Each region is found (per-block cost) and handed to the NIC (o) at its own host time.
  seg.process(0, bytes, (buf, streamOffset, len) => {
    t += step
    const chunk = s.buffer === null ? null : s.buffer.subarray(s.bufferOffset + buf, s.bufferOffset + buf + len)
    const eom = streamOffset + len === bytes
    sim.at(t, () => {
      if (stream === null) {
        stream = s.nic.sputStart(s.dest, bytes, chunk, len, eom)
        issued(s, stream.header)
      } else {
        s.nic.sputStream(stream, chunk, len, eom)
      }
    })
  })
  return { strategy: 'stream', bytes, hostBusyPs: t - start }
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
