// A deliberately simple oracle: walks the lowered form recursively and lists every elementary
// piece. Slow and obviously correct; property tests compare the engine against it. It must not
// use any engine code. The `+ 0`s turn -0 (0 times a negative extent) into a plain 0.

import type { Datatype } from '../src/datatype.js'

/** An elementary piece or a merged run: [byte offset, byte length]. */
export type Piece = [offset: number, length: number]

function walk(type: Datatype, base: number, out: Piece[]): void {
  const l = type.lowered
  switch (l.kind) {
    case 'elem':
      out.push([base, type.size])
      return
    case 'contig':
      for (let i = 0; i < l.count; i++) walk(l.child, base + i * l.child.extent + 0, out)
      return
    case 'hvector':
      for (let b = 0; b < l.count; b++) {
        for (let i = 0; i < l.blocklength; i++) walk(l.child, base + b * l.stride + i * l.child.extent + 0, out)
      }
      return
    case 'hindexedBlock':
      for (const d of l.displs) {
        for (let i = 0; i < l.blocklength; i++) walk(l.child, base + d + i * l.child.extent + 0, out)
      }
      return
    case 'hindexed':
      for (let b = 0; b < l.displs.length; b++) {
        for (let i = 0; i < l.blocklengths[b]; i++) walk(l.child, base + l.displs[b] + i * l.child.extent + 0, out)
      }
      return
    case 'struct':
      for (let b = 0; b < l.displs.length; b++) {
        const child = l.children[b]
        for (let i = 0; i < l.blocklengths[b]; i++) walk(child, base + l.displs[b] + i * child.extent + 0, out)
      }
      return
    case 'resized':
      walk(l.child, base, out)
      return
  }
}

/** Elementary pieces of `count` instances in typemap order, instance i at i * extent; unmerged. */
export function referenceTypemap(type: Datatype, count: number): Piece[] {
  const out: Piece[] = []
  for (let i = 0; i < count; i++) walk(type, i * type.extent + 0, out)
  return out
}

/** The typemap with each piece merged into the previous one when it starts where that ends. */
export function referenceRuns(type: Datatype, count: number): Piece[] {
  const runs: Piece[] = []
  for (const [offset, length] of referenceTypemap(type, count)) {
    if (length === 0) continue
    const last = runs[runs.length - 1]
    if (last !== undefined && last[0] + last[1] === offset) last[1] += length
    else runs.push([offset, length])
  }
  return runs
}
