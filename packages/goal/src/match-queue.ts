// Posted-receive and unexpected-message queues of every rank, as doubly linked lists threaded
// through typed arrays indexed by operation id (an operation is in at most one queue at a
// time). Searching walks in posting order, as MPI matching and LogGOPSim's list matching do.
import { ANY } from './goal-types.js'

export class MatchQueues {
  private readonly head: Int32Array
  private readonly tail: Int32Array
  private readonly next: Int32Array
  private readonly prev: Int32Array
  private readonly length: Int32Array

  constructor(numRanks: number, numOps: number) {
    this.head = new Int32Array(numRanks).fill(-1)
    this.tail = new Int32Array(numRanks).fill(-1)
    this.length = new Int32Array(numRanks)
    this.next = new Int32Array(numOps)
    this.prev = new Int32Array(numOps)
  }

  append(rank: number, op: number): void {
    const t = this.tail[rank]!
    this.prev[op] = t
    this.next[op] = -1
    if (t < 0) this.head[rank] = op
    else this.next[t] = op
    this.tail[rank] = op
    this.length[rank]!++
  }

  /**
   * Removes and returns the first entry of `rank`'s queue whose (source, tag) matches; -1 if
   * none. A wildcard on either side matches, as in LogGOPSim. An entry's source is
   * `entrySrc[op]` (the sender's rank for messages, the posted source for receives).
   */
  take(rank: number, src: number, tag: number, entrySrc: Int32Array, entryTag: Float64Array): number {
    for (let op = this.head[rank]!; op >= 0; op = this.next[op]!) {
      const s = entrySrc[op]!
      if (src !== ANY && s !== ANY && s !== src) continue
      const t = entryTag[op]!
      if (tag !== ANY && t !== ANY && t !== tag) continue
      this.remove(rank, op)
      return op
    }
    return -1
  }

  /** Entries of `rank` in posting order. */
  entries(rank: number): number[] {
    const out: number[] = []
    for (let op = this.head[rank]!; op >= 0; op = this.next[op]!) out.push(op)
    return out
  }

  count(rank: number): number {
    return this.length[rank]!
  }

  private remove(rank: number, op: number): void {
    const p = this.prev[op]!
    const n = this.next[op]!
    if (p < 0) this.head[rank] = n
    else this.next[p] = n
    if (n < 0) this.tail[rank] = p
    else this.prev[n] = p
    this.length[rank]!--
  }
}
