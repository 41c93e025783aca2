// Turns a kernel's description into a Workload placed at the virtual bases.

import { virtualBases } from './address-space.js'
import type { AppName, Expected, IndexList, Placement, PlaceFn, Region, Side, Workload } from './workload.js'

/** One base address per region of `R`, in the same order (a one-region kernel gets `[base]`). */
export type BasesOf<R extends readonly Region[]> = { readonly [K in keyof R]: number }

export interface KernelInstance<R extends readonly Region[]> {
  readonly app: AppName
  readonly input: string
  readonly side: Side
  readonly regions: R
  readonly place: (bases: BasesOf<R>) => Placement
  readonly seed?: number
  readonly indexLists?: readonly IndexList[]
  readonly expected: Expected
}

export function makeWorkload<const R extends readonly Region[]>(k: KernelInstance<R>): Workload {
  const place: PlaceFn = (bases) => {
    if (bases.length !== k.regions.length) {
      throw new RangeError(`${k.app} ${k.input}: ${k.regions.length} region bases needed, got ${bases.length}`)
    }
    // one base per region, as the check above made sure
    const p = k.place(bases as BasesOf<R>)
    p.type.commit()
    return p
  }
  const bases = virtualBases(k.regions)
  const p = place(bases)
  return { ...k, place, bases, type: p.type, count: p.count, origin: p.origin }
}
