// The spec's handler class of a workload (§1), derived from the normalized dataloop (`classify`)
// and, where classify answers 'general' (nested or multi-array types), from the flattened runs:
// equal runs on a two-level stride pattern are a 2-level vector, other equal runs an index-block
// list, unequal runs an indexed list.

import { classify, flatten, type Classification, type Runs } from '@spinmpi/ddt'
import type { HandlerClass, Workload } from './workload.js'

/** True when all runs have one length and offsets follow o + (i mod c)·s1 + ⌊i/c⌋·s2. */
export function isTwoLevelVector(runs: Runs): boolean {
  const { offsets, lengths } = runs
  const n = offsets.length
  const [o0, o1] = [offsets[0], offsets[1]]
  if (n < 3 || o0 === undefined || o1 === undefined) return false
  for (let i = 1; i < n; i++) if (lengths[i] !== lengths[0]) return false
  // every index below is < n: the reads are asserted, not checked
  const s1 = o1 - o0
  let c = 1
  while (c < n && offsets[c]! - offsets[c - 1]! === s1) c++
  if (c === n || n % c !== 0) return false
  const s2 = offsets[c]! - o0
  for (let i = 0; i < n; i++) {
    if (offsets[i] !== o0 + (i % c) * s1 + Math.floor(i / c) * s2) return false
  }
  return true
}

function fromRuns(runs: Runs): HandlerClass {
  if (runs.length === 1) return 'contig'
  if (isTwoLevelVector(runs)) return '2-level vector'
  const l = runs.lengths
  for (let i = 1; i < l.length; i++) if (l[i] !== l[0]) return 'indexed'
  return 'index-block'
}

function fromClassification(c: Classification): HandlerClass | undefined {
  switch (c.kind) {
    case 'vector': return c.count <= 1 ? 'contig' : 'vector'
    case 'indexBlock': return 'index-block'
    case 'indexed': return 'indexed'
    case 'general': return undefined
  }
}

export function handlerClass(w: Pick<Workload, 'type' | 'count'>): HandlerClass {
  return fromClassification(classify(w.type, w.count)) ?? fromRuns(flatten(w.type, w.count))
}
