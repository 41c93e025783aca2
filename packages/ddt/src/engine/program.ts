// A dataloop flattened into typed arrays: what segments walk without touching objects.

import type { Loop } from './loop.js'
import { info } from './loop-info.js'

export const RUN = 0
export const VECTOR = 1
export const BLOCKINDEXED = 2
export const INDEXED = 3
export const STRUCT = 4

/**
 * Node i is a loop over `count[i]` elements. An element is either a byte run or a child node.
 * Tables (in `table`, from `tab[i]`): blockindexed: displs; indexed: displs, lens, prefix sizes
 * (n+1); struct: displs, prefix sizes (n+1), prefix runs (n+1), plus child ids in `kids`.
 */
export interface Program {
  readonly nodes: number
  readonly kind: Uint8Array
  readonly count: Float64Array
  readonly offset: Float64Array
  readonly stride: Float64Array
  /** Child node of vector/blockindexed nodes; -1 otherwise. */
  readonly child: Int32Array
  /** Size and leaf runs of one element of a vector/blockindexed node (its child). */
  readonly elemSize: Float64Array
  readonly elemRuns: Float64Array
  readonly size: Float64Array
  readonly runs: Float64Array
  readonly tab: Int32Array
  readonly kidStart: Int32Array
  readonly table: Float64Array
  readonly kids: Int32Array
  /** Deepest nesting, i.e. the frames a segment needs. */
  readonly depth: number
}

const KIND_CODE = { run: RUN, vector: VECTOR, contig: VECTOR, blockindexed: BLOCKINDEXED, indexed: INDEXED, struct: STRUCT } as const

/** Frames a segment needs below and at `l`: one per loop on the deepest path (runs need none). */
function framesOf(l: Loop, memo: Map<Loop, number>): number {
  let h = memo.get(l)
  if (h !== undefined) return h
  if (l.kind === 'vector' || l.kind === 'contig' || l.kind === 'blockindexed') h = 1 + framesOf(l.child, memo)
  else if (l.kind === 'struct') h = 1 + l.children.reduce((m, c) => Math.max(m, framesOf(c, memo)), 0)
  else h = l.kind === 'indexed' ? 1 : 0
  memo.set(l, h)
  return h
}

export function toProgram(root: Loop): Program {
  const order: Loop[] = []
  const ids = new Map<Loop, number>()
  let tableLen = 0
  let kidsLen = 0
  // Shared sub-loops get one node: the tree may be a DAG after memoized building.
  const visit = (l: Loop): void => {
    if (ids.has(l)) return
    ids.set(l, order.length)
    order.push(l)
    if (l.kind === 'vector' || l.kind === 'contig') visit(l.child)
    else if (l.kind === 'blockindexed') {
      tableLen += l.displs.length
      visit(l.child)
    } else if (l.kind === 'indexed') tableLen += 3 * l.displs.length + 1
    else if (l.kind === 'struct') {
      tableLen += 3 * l.displs.length + 2
      kidsLen += l.children.length
      for (const c of l.children) visit(c)
    }
  }
  visit(root)
  // A bare run still gets one frame (its single element).
  const depth = Math.max(1, framesOf(root, new Map()))
  const n = order.length
  const p = {
    nodes: n, depth,
    kind: new Uint8Array(n), count: new Float64Array(n), offset: new Float64Array(n), stride: new Float64Array(n),
    child: new Int32Array(n).fill(-1), elemSize: new Float64Array(n), elemRuns: new Float64Array(n),
    size: new Float64Array(n), runs: new Float64Array(n), tab: new Int32Array(n), kidStart: new Int32Array(n),
    table: new Float64Array(tableLen), kids: new Int32Array(kidsLen),
  }
  let t = 0
  let k = 0
  order.forEach((l, i) => {
    const li = info(l)
    p.kind[i] = KIND_CODE[l.kind]
    p.offset[i] = l.offset
    p.size[i] = li.size
    p.runs[i] = li.runs
    p.tab[i] = t
    p.kidStart[i] = k
    switch (l.kind) {
      case 'run':
        p.count[i] = 1
        p.elemSize[i] = l.len
        p.elemRuns[i] = 1
        break
      case 'vector':
      case 'contig':
      case 'blockindexed': {
        const c = info(l.child)
        p.child[i] = ids.get(l.child) as number
        p.elemSize[i] = c.size
        p.elemRuns[i] = c.runs
        if (l.kind === 'blockindexed') {
          p.count[i] = l.displs.length
          p.table.set(l.displs, t)
          t += l.displs.length
        } else {
          p.count[i] = l.count
          p.stride[i] = l.stride
        }
        break
      }
      case 'indexed': {
        const m = l.displs.length
        p.count[i] = m
        p.table.set(l.displs, t)
        p.table.set(l.lens, t + m)
        let acc = 0
        for (let j = 0; j < m; j++) {
          p.table[t + 2 * m + j] = acc
          acc += l.lens[j]!
        }
        p.table[t + 3 * m] = acc
        t += 3 * m + 1
        break
      }
      case 'struct': {
        const m = l.displs.length
        p.count[i] = m
        p.table.set(l.displs, t)
        let acc = 0, runs = 0
        for (let j = 0; j < m; j++) {
          const child = l.children[j]! // one child per displacement
          const c = info(child)
          p.table[t + m + j] = acc
          p.table[t + 2 * m + 1 + j] = runs
          acc += c.size
          runs += c.runs
          p.kids[k + j] = ids.get(child) as number
        }
        p.table[t + 2 * m] = acc
        p.table[t + 3 * m + 1] = runs
        t += 3 * m + 2
        k += m
        break
      }
    }
  })
  return p
}
