// Whether count instances of a type are one contiguous run in memory, in packed order: then the
// NIC moves the user bytes directly (no host pack / unpack, no staging).

import type { Datatype } from '@spinmpi/ddt'
import { typeWork } from '../strategies/model/type-work.js'

const oneRun = new WeakMap<Datatype, boolean>()

export function isContiguous(type: Datatype, count: number): boolean {
  if (type.size === 0 || count === 0) return true
  let single = oneRun.get(type)
  if (single === undefined) {
    single = type.trueUb - type.trueLb === type.size && typeWork(type, 1, 64).blocks === 1
    oneRun.set(type, single)
  }
  return single && (count === 1 || type.extent === type.size)
}
