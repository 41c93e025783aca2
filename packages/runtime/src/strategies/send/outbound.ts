// `outbound` send (SC19 §3.1): process-put; the NIC makes the packets and outbound handlers fill
// each from the type (a segment restored per packet); the host only posts the command (o).

import { Segment } from '@spinmpi/ddt'
import { ns, ReturnCode, type DmaOptions, type PayloadHandler, type Ps } from '@spinmpi/nic'
import { receiveLayout, spanOf } from '../layout.js'
import { catchupCycles } from '../handlers/handler-costs.js'
import { issued, sendStart, type SendStrategy } from './record.js'
import type { TypedSendOf as TypedSend } from './send-contract.js'

const NO_WAIT: DmaOptions = { blocking: false }

export const outboundSend: SendStrategy<'outbound'> = {
  name: 'outbound',
  summary: 'process-put: NIC outbound handlers fill each packet from the sender\'s buffer',
  packsOnHost: false,
  send(s, bytes) {
    const start = sendStart(s)
    const o = ns(s.nic.profile.network.overheadNs)
    const ctx = outboundContext(s)
    s.nic.sim.at(start + o, () => issued(s, s.nic.processPut(s.dest, bytes, ctx)))
    return o
  },
  hostBusyPs: (profile) => ns(profile.network.overheadNs),
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
