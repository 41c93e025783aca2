// Bounds of a derived type from its lowered form (MPI-4.1 §5.1; docs/datatypes.md says where
// MPICH and Open MPI differ and which one this follows).
//
// Every lowered constructor is a set of blocks: `n` consecutive instances of a child placed at
// a byte displacement, instance i at displacement + i * child.extent. Bounds only depend on the
// lowest and highest displacement of blocks that share a child, so vectors are summed in
// closed form instead of block by block.
//
// Empty pieces (docs/datatypes.md, "Empty pieces"): a block of 0 instances adds nothing; a
// struct member of blocklength >= 1 adds its lb/ub at its displacement even when it holds no
// data (the standard gives the struct's bounds member by member from each member's lb/ub, and
// an empty type has them too); any other constructor that ends up holding no data is a
// zero-length type, lb = ub = 0, except that hvector and hindexedBlock keep the markers of a
// data-less member (MPICH and Open MPI agree on contig and hindexed dropping them; on these two
// they differ, and the standard keeps markers).

/** What a data-less child leaves in the bounds: its place (struct), its markers, or nothing. */
type EmptyChild = 'place' | 'markers' | 'nothing'

import type { Bounds, Datatype, Lowered } from './datatype.js'

/** Bounds plus the true extent, which every datatype also carries. */
export interface FullBounds extends Bounds {
  readonly trueExtent: number
}

const EMPTY: FullBounds = {
  size: 0, lb: 0, ub: 0, extent: 0, trueLb: 0, trueUb: 0, trueExtent: 0,
  alignment: 1, explicitLb: false, explicitUb: false, elements: 0,
}

/** Accumulates blocks; explicit (resized) markers win over data bounds, as MPI's LB/UB do. */
class BoundsBuilder {
  private size = 0
  private elements = 0
  private alignment = 1
  private dataLb = Infinity
  private dataUb = -Infinity
  private markerLb = Infinity
  private markerUb = -Infinity
  private trueLb = Infinity
  private trueUb = -Infinity

  /**
   * Adds `blocks` blocks of `n` instances of `child`, the lowest block at `lowDispl` and the
   * highest at `highDispl` (bytes). `empty` says what a child without data leaves.
   */
  add(child: Datatype, n: number, blocks: number, lowDispl: number, highDispl: number, empty: EmptyChild): void {
    if (n === 0 || blocks === 0) return
    this.size += blocks * n * child.size
    this.elements += blocks * n * child.elements
    const hasData = child.size > 0
    const markers = child.explicitLb || child.explicitUb
    if (!hasData && (empty === 'nothing' || (empty === 'markers' && !markers))) return // zero-length
    const reach = (n - 1) * child.extent + 0 // avoid -0 from 0 * negative extent
    const spreadLow = Math.min(0, reach)
    const spreadHigh = Math.max(0, reach)
    const lb = lowDispl + child.lb + spreadLow + 0
    const ub = highDispl + child.ub + spreadHigh + 0
    if (child.explicitLb) this.markerLb = Math.min(this.markerLb, lb)
    else if (hasData || empty === 'place') this.dataLb = Math.min(this.dataLb, lb)
    if (child.explicitUb) this.markerUb = Math.max(this.markerUb, ub)
    else if (hasData || empty === 'place') this.dataUb = Math.max(this.dataUb, ub)
    if (hasData) {
      this.trueLb = Math.min(this.trueLb, lowDispl + child.trueLb + spreadLow + 0)
      this.trueUb = Math.max(this.trueUb, highDispl + child.trueUb + spreadHigh + 0)
      this.alignment = Math.max(this.alignment, child.alignment)
    }
  }

  /**
   * Final bounds. The extent is rounded up to the largest alignment of the data (the standard's
   * epsilon, for every constructor, as Open MPI does; MPICH pads structs only) unless ub is a marker.
   */
  finish(): FullBounds {
    const explicitLb = this.markerLb !== Infinity
    const explicitUb = this.markerUb !== -Infinity
    const hasDataBounds = this.dataLb !== Infinity
    if (!explicitLb && !explicitUb && !hasDataBounds) return { ...EMPTY, size: this.size, elements: this.elements }
    const lb = explicitLb ? this.markerLb : hasDataBounds ? this.dataLb : 0
    let ub = explicitUb ? this.markerUb : hasDataBounds ? this.dataUb : 0
    if (!explicitUb) {
      const rest = (ub - lb) % this.alignment
      if (rest !== 0) ub += this.alignment - (rest < 0 ? rest + this.alignment : rest)
    }
    const hasTrue = this.trueLb !== Infinity
    const trueLb = hasTrue ? this.trueLb : 0
    const trueUb = hasTrue ? this.trueUb : 0
    return {
      size: this.size, lb, ub, extent: ub - lb, trueLb, trueUb, trueExtent: trueUb - trueLb,
      alignment: this.alignment, explicitLb, explicitUb, elements: this.elements,
    }
  }
}

function minOf(values: readonly number[]): number {
  let min = Infinity
  for (const v of values) if (v < min) min = v
  return min
}

function maxOf(values: readonly number[]): number {
  let max = -Infinity
  for (const v of values) if (v > max) max = v
  return max
}

/** Bounds of a derived (non-elementary) lowered form. */
export function boundsOfLowered(lowered: Exclude<Lowered, { kind: 'elem' }>): FullBounds {
  const builder = new BoundsBuilder()
  switch (lowered.kind) {
    case 'contig':
      builder.add(lowered.child, lowered.count, 1, 0, 0, 'nothing')
      return builder.finish()
    case 'hvector': {
      const last = (lowered.count - 1) * lowered.stride + 0
      builder.add(lowered.child, lowered.blocklength, lowered.count, Math.min(0, last), Math.max(0, last), 'markers')
      return builder.finish()
    }
    case 'hindexedBlock':
      if (lowered.displs.length > 0) {
        builder.add(lowered.child, lowered.blocklength, lowered.displs.length, minOf(lowered.displs), maxOf(lowered.displs), 'markers')
      }
      return builder.finish()
    case 'hindexed':
      // blocklengths and displs are parallel (one length, checked by the constructor)
      lowered.displs.forEach((d, i) => builder.add(lowered.child, lowered.blocklengths[i]!, 1, d, d, 'nothing'))
      return builder.finish()
    case 'struct':
      lowered.children.forEach((child, i) => {
        const d = lowered.displs[i]! // parallel to children, like blocklengths
        builder.add(child, lowered.blocklengths[i]!, 1, d, d, 'place')
      })
      return builder.finish()
    case 'resized': {
      const child = lowered.child
      return {
        size: child.size, lb: lowered.lb, ub: lowered.lb + lowered.extent, extent: lowered.extent,
        trueLb: child.trueLb, trueUb: child.trueUb, trueExtent: child.trueExtent,
        alignment: child.alignment, explicitLb: true, explicitUb: true, elements: child.elements,
      }
    }
  }
}
