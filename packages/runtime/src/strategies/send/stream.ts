// `stream` send (SC19 §3.1): the CPU walks the type and hands each contiguous region to the NIC
// as a streaming-put chunk as soon as it has found it (host time per region); one message at
// the target.

import { Segment, type Datatype } from '@spinmpi/ddt'
import { ns, type Nic, type Profile, type Ps } from '@spinmpi/nic'
import { hostPackWorkPs } from '../model/host-cost.js'
import { typeWork } from '../model/type-work.js'
import { issued, sendStart, type SendStrategy } from './record.js'
import type { TypedSendOf as TypedSend } from './send-contract.js'

export const streamSend: SendStrategy<'stream'> = {
  name: 'stream',
  summary: 'the host walks the type and issues a streaming-put chunk per contiguous region',
  packsOnHost: false,
  send: sendStream,
  hostBusyPs: streamHostBusyPs,
}

/** One (region step + o) per contiguous region, at least one o. */
function streamHostBusyPs(profile: Profile, type: Datatype, count: number): Ps {
  const o = ns(profile.network.overheadNs)
  const host = profile.host
  const regions = type.size * count === 0 ? 0 : typeWork(type, count, host.cacheLineBytes).blocks
  return regions === 0 ? o : regions * (hostPackWorkPs(host, 0, 1) + o)
}

function sendStream(s: TypedSend, bytes: number): Ps {
  const start = sendStart(s)
  const host = s.nic.profile.host
  const sim = s.nic.sim
  const o = ns(s.nic.profile.network.overheadNs)
  let t = start
  let stream: ReturnType<Nic['sputStart']> | null = null
  if (bytes === 0) {
    sim.at(t + o, () => issued(s, s.nic.put({ ...s.dest, bytes: 0, data: null })))
    return o
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
  return t - start
}
