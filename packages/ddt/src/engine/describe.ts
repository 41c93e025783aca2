// A readable one-line form of a dataloop, for logs, the CLI and test expectations.

import type { Loop } from './loop.js'

const at = (offset: number): string => (offset === 0 ? '' : `@${offset}`)

const LIST_LIMIT = 8

function list(values: ArrayLike<number>): string {
  const shown = Array.from({ length: Math.min(values.length, LIST_LIMIT) }, (_, i) => values[i]).join(',')
  return values.length > LIST_LIMIT ? `${shown},…(${values.length})` : shown
}

/** e.g. `vector(8 x 64B, stride 128)`, `contig(3, struct(...))`. */
export function describeLoop(l: Loop): string {
  switch (l.kind) {
    case 'run':
      return `run(${l.len})${at(l.offset)}`
    case 'vector':
    case 'contig':
      if (l.child.kind === 'run') return `${l.kind}(${l.count} x ${l.child.len}B, stride ${l.stride})${at(l.offset)}`
      return `${l.kind}(${l.count}, stride ${l.stride}, ${describeLoop(l.child)})${at(l.offset)}`
    case 'blockindexed':
      return `blockindexed([${list(l.displs)}], ${describeLoop(l.child)})${at(l.offset)}`
    case 'indexed':
      return `indexed([${list(l.displs)}], lens [${list(l.lens)}])${at(l.offset)}`
    case 'struct':
      return `struct([${list(l.displs)}], ${l.children.map(describeLoop).join(', ')})${at(l.offset)}`
  }
}
