// `host` send (SC19 §3.1): the CPU packs the whole message, then one put; the put is issued
// after the pack time and the host overhead o.

import { pack } from '@spinmpi/ddt'
import { ns, type PutOptions } from '@spinmpi/nic'
import { hostPackPs } from '../model/host-cost.js'
import { issued, type SendStrategy } from './record.js'

export const hostSend: SendStrategy<'host'> = {
  name: 'host',
  summary: 'the host CPU packs the whole message, then one put',
  packsOnHost: true,
  send(s, bytes, start) {
    const whole = s.type.size * s.count
    const o = ns(s.nic.profile.network.overheadNs)
    const busy = hostSend.hostBusyPs(s.nic.profile, s.type, s.count) - o
    let packed: Uint8Array | null = null
    if (s.buffer !== null) {
      packed = new Uint8Array(whole)
      pack(s.type, s.count, s.buffer, s.bufferOffset, packed, 0)
      if (bytes < whole) packed = packed.subarray(0, bytes)
    }
    // the put's options field by field: a spread of `dest` (whose shape differs by caller) took
    // V8's generic object-clone path, a visible share of a message's CPU at 1,024 ranks
    const d = s.dest
    const put: PutOptions = {
      target: d.target, matchBits: d.matchBits, remoteOffset: d.remoteOffset, hdrData: d.hdrData, userHeader: d.userHeader, ack: d.ack,
      bytes, data: packed,
    }
    s.nic.sim.at(start + busy + o, () => issued(s, s.nic.put(put)))
    return { strategy: 'host', bytes, hostBusyPs: busy + o }
  },
  hostBusyPs: (profile, type, count) => hostPackPs(profile, type, count) + ns(profile.network.overheadNs),
}
