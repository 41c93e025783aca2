// Turns a kernel's description into a Workload placed at the virtual bases.

import { virtualBases } from './address-space.js'
import type { AppName, Expected, IndexList, PlaceFn, Region, Side, Workload } from './workload.js'

export interface KernelInstance {
  readonly app: AppName
  readonly input: string
  readonly side: Side
  readonly regions: readonly Region[]
  readonly place: PlaceFn
  readonly seed?: number
  readonly indexLists?: readonly IndexList[]
  readonly expected: Expected
}

export function makeWorkload(k: KernelInstance): Workload {
  const place: PlaceFn = (bases) => {
    if (bases.length !== k.regions.length) {
      throw new RangeError(`${k.app} ${k.input}: ${k.regions.length} region bases needed, got ${bases.length}`)
    }
    const p = k.place(bases)
    p.type.commit()
    return p
  }
  const bases = virtualBases(k.regions)
  const p = place(bases)
  return { ...k, place, bases, type: p.type, count: p.count, origin: p.origin }
}
