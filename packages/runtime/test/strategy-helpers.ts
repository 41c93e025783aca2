// Shared pieces of the strategy tests: a small-packet profile (many packets per small message)
// and the non-overlap filter (a receive typemap must not overlap itself, MPI-3.1 §4.1.11).

import { flatten, type Datatype } from '@spinmpi/ddt'
import { resolveProfile, type Profile } from '@spinmpi/nic'

/** sc19 with 256 B packets and 4 HPUs: small messages still span many packets. */
export function smallPacketProfile(): Profile {
  return resolveProfile('sc19', { 'network.mtuBytes': 256, 'nic.hpus': 4 })
}

export function overlaps(type: Datatype, count: number): boolean {
  const runs = flatten(type, count).toArray().sort((a, b) => a[0] - b[0])
  for (let i = 1; i < runs.length; i++) if (runs[i]![0] < runs[i - 1]![0] + runs[i - 1]![1]) return true
  return false
}
