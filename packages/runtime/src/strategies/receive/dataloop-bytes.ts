// NIC memory a dataloop tree occupies when copied for the general handlers (MPITypes-like
// layout: a node header of kind, count, offset and stride or child pointer, plus its tables).

import { loopOfCount, type Datatype, type Loop } from '@spinmpi/ddt/internal'

const HEADER = 32

export function loopBytes(l: Loop): number {
  switch (l.kind) {
    case 'run': return HEADER
    case 'vector':
    case 'contig': return HEADER + loopBytes(l.child)
    case 'blockindexed': return HEADER + 8 * l.displs.length + loopBytes(l.child)
    case 'indexed': return HEADER + 16 * l.displs.length
    case 'struct': return HEADER + 8 * l.displs.length + l.children.reduce((a, c) => a + loopBytes(c), 0)
  }
}

export function dataloopBytes(type: Datatype, count: number): number {
  return loopBytes(loopOfCount(type, count))
}
