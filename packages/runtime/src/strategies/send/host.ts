// `host` send (SC19 §3.1): the CPU packs the whole message, then one put; the put is issued
// after the pack time and the host overhead o.

import { pack } from '@spinmpi/ddt'
import { ns } from '@spinmpi/nic'
import { hostPackPs } from '../model/host-cost.js'
import { issued, sendStart, type SendStrategy } from './record.js'
import { HostPut, ReusableTypedSend } from './reusable-send.js'

export const hostSend: SendStrategy<'host'> = {
  name: 'host',
  summary: 'the host CPU packs the whole message, then one put',
  packsOnHost: true,
  send(s, bytes) {
    const start = sendStart(s)
    const whole = s.type.size * s.count
    const o = ns(s.nic.profile.network.overheadNs)
    const busy = hostSend.hostBusyPs(s.nic.profile, s.type, s.count) - o
    let packed: Uint8Array | null = null
    if (s.buffer !== null) {
      packed = new Uint8Array(whole)
      pack(s.type, s.count, s.buffer, s.bufferOffset, packed, 0)
      if (bytes < whole) packed = packed.subarray(0, bytes)
    }
    // the put's options field by field (a spread of `dest`, whose shape differs by caller, took
    // V8's generic object-clone path); one object is the options and the issue event's argument,
    // kept with a reusable send (nic.put copies what it needs: the header, the data reference)
    let put: HostPut
    if (s instanceof ReusableTypedSend) put = s.hostPut ??= new HostPut(s)
    else put = new HostPut(s)
    const sim = s.nic.sim
    sim.staged[0] = start + busy + o
    sim.atStaged(putPacked, put.fill(s.dest, bytes, packed))
    return busy + o
  },
  hostBusyPs: (profile, type, count) => hostPackPs(profile, type, count) + ns(profile.network.overheadNs),
}

/** The host send's issue event: the packed message's put. */
function putPacked(put: HostPut): void {
  issued(put.send, put.send.nic.put(put))
}
