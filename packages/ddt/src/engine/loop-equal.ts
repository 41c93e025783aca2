// Structural equality of dataloops (cold code: struct normalization compares siblings).

import type { Loop } from './loop.js'

function sameArray(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export function sameLoop(a: Loop, b: Loop): boolean {
  if (a === b) return true
  if (a.offset !== b.offset) return false
  switch (a.kind) {
    case 'run':
      return b.kind === 'run' && a.len === b.len
    case 'vector':
    case 'contig':
      return (b.kind === 'vector' || b.kind === 'contig') && a.count === b.count && a.stride === b.stride && sameLoop(a.child, b.child)
    case 'blockindexed':
      return b.kind === 'blockindexed' && sameArray(a.displs, b.displs) && sameLoop(a.child, b.child)
    case 'indexed':
      return b.kind === 'indexed' && sameArray(a.displs, b.displs) && sameArray(a.lens, b.lens)
    case 'struct':
      return b.kind === 'struct' && sameArray(a.displs, b.displs) && a.children.length === b.children.length && a.children.every((c, i) => { const other = b.children[i]; return other !== undefined && sameLoop(c, other) })
  }
}
