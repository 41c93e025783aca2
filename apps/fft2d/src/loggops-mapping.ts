// LogGOPS parameters from a machine profile, in picoseconds (the GOAL simulator's time unit is
// an integer; nanoseconds would round the per-byte gap of a 200 Gbit/s link, 0.04 ns, to zero).
//   L = network.latencyNs                      wire + switches per message
//   o = network.overheadNs                     host CPU overhead per message, each side
//   g = network.gapNs                          NIC gap per message
//   G = 8 / linkGbps * (mtu + header) / mtu    link time per payload byte, packet headers included
//   O = 0                                      contiguous transfers need no per-byte CPU work
//   S = network.eagerLimitBytes                eager up to S, rendezvous above (as the runtime)

import type { LogGopsParams } from '@spinmpi/goal'
import type { Profile } from '@spinmpi/nic'

/** Picoseconds per nanosecond: the GOAL schedule's time unit is one picosecond. */
export const PS_PER_NS = 1000

export function logGopsFromProfile(profile: Profile): LogGopsParams {
  const net = profile.network
  const nsPerByte = (8 / net.linkGbps) * ((net.mtuBytes + net.headerBytes) / net.mtuBytes)
  return {
    L: Math.round(net.latencyNs * PS_PER_NS),
    o: Math.round(net.overheadNs * PS_PER_NS),
    g: Math.round(net.gapNs * PS_PER_NS),
    G: Math.round(nsPerByte * PS_PER_NS),
    O: 0,
    S: net.eagerLimitBytes,
  }
}
