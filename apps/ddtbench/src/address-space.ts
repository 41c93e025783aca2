// Where the application's separate allocations live.
//
// Measuring (bytes, blocks, γ) uses a virtual address space: region k starts at
// VIRTUAL_BASE + k * REGION_SPACING (1 TiB, then 64 GiB apart), as separate mallocs would be far
// apart. Types built for MPI_BOTTOM carry these absolute addresses as struct displacements.
// Nothing is allocated there. A data-mode run instead calls hostMemory(): the regions are packed
// into one Uint8Array at cache-line-aligned offsets with a guard line between them, and the kernel
// rebuilds its type at those bases, so typemap offsets are indices into that one array. Inside
// each region the layout is identical, and the guard keeps runs of different regions from ever
// touching, so blocks and γ are the same under both placements.

import type { Placement, Region, Workload } from './workload.js'

export const VIRTUAL_BASE = 2 ** 40
export const REGION_SPACING = 2 ** 36
/** Alignment and guard gap of the compact host layout (one cache line). */
export const HOST_ALIGN = 64

/** The virtual base of each region; throws if a region does not fit in its slot. */
export function virtualBases(regions: readonly Region[]): number[] {
  return regions.map((r, k) => {
    if (r.bytes > REGION_SPACING) throw new RangeError(`region ${r.name} (${r.bytes} B) exceeds the ${REGION_SPACING} B slot`)
    return VIRTUAL_BASE + k * REGION_SPACING
  })
}

const alignUp = (x: number, a: number): number => Math.ceil(x / a) * a

/** Compact bases: region k right after region k-1, aligned, one guard line in between. */
export function compactLayout(regions: readonly Region[]): { readonly bases: number[]; readonly bytes: number } {
  const bases: number[] = []
  let at = 0
  for (const r of regions) {
    bases.push(at)
    at = alignUp(at + r.bytes, HOST_ALIGN) + HOST_ALIGN
  }
  return { bases, bytes: Math.max(0, at - HOST_ALIGN) }
}

export interface HostMemory {
  /** One array holding every region at `bases`. */
  readonly memory: Uint8Array
  readonly bases: readonly number[]
  /** The workload's type, count and origin placed in `memory`. */
  readonly placement: Placement
}

/** Allocates the workload's regions for a data-mode run. */
export function hostMemory(w: Workload): HostMemory {
  const layout = compactLayout(w.regions)
  return { memory: new Uint8Array(layout.bytes), bases: layout.bases, placement: w.place(layout.bases) }
}

/** Which region a virtual address falls in, or -1. */
export function regionOf(w: Pick<Workload, 'regions' | 'bases'>, address: number): number {
  for (const [k, region] of w.regions.entries()) {
    const base = w.bases[k]
    if (base !== undefined && address >= base && address < base + region.bytes) return k
  }
  return -1
}
