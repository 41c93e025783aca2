// Posted-receive and unexpected-message queues of every rank. Matching must return the first
// entry in posting order that matches (MPI's rule, and LogGOPSim's list walk), but walking a
// whole queue per match is slow when queues are long. So each entry is on two lists threaded
// through typed arrays indexed by operation id: its rank's list (posting order, for queries
// with a wildcard and for reports), and either the bucket of its exact (rank, source, tag) in a
// hash table or, if it has a wildcard itself, its rank's wildcard list. An exact query takes
// the earlier (by posting stamp) of its bucket's head and the first matching wildcard entry.
// A short queue is cheaper to walk than to hash: a rank's queue is indexed only once it grows past
// HASH_FROM entries (its entries are then indexed in posting order), and goes back to a plain
// list when it empties. An operation is in at most one queue at a time, so the posted and
// unexpected queues of a run share one set of link arrays (MatchLinks).
import { ANY } from './goal-types.js'

/** Queue length from which a rank's entries are indexed by (source, tag). */
const HASH_FROM = 16

/** Per-operation links, shared by the queues of one run. */
export class MatchLinks {
  readonly next: Int32Array
  readonly prev: Int32Array
  readonly bnext: Int32Array
  readonly bprev: Int32Array
  /** Bucket of an exact entry, -1 for an entry on the wildcard list. */
  readonly bucket: Int32Array
  /** Posting stamp (order of appends). */
  readonly seq: Int32Array
  stamp = 0

  constructor(numOps: number) {
    this.next = new Int32Array(numOps)
    this.prev = new Int32Array(numOps)
    this.bnext = new Int32Array(numOps)
    this.bprev = new Int32Array(numOps)
    this.bucket = new Int32Array(numOps)
    this.seq = new Int32Array(numOps)
  }
}

export class MatchQueues {
  private readonly head: Int32Array
  private readonly tail: Int32Array
  private readonly length: Int32Array
  private readonly wildHead: Int32Array
  private readonly wildTail: Int32Array
  /** 1 while a rank's entries are indexed (bucket or wildcard list), 0 while a plain list. */
  private readonly hashed: Uint8Array
  // buckets: key (rank, src, tag) and the head/tail of their entries
  private keyRank: Int32Array = new Int32Array(256)
  private keySrc: Int32Array = new Int32Array(256)
  private keyTag: Float64Array = new Float64Array(256)
  private bHead: Int32Array = new Int32Array(256)
  private bTail: Int32Array = new Int32Array(256)
  private buckets = 0
  /** Bucket index + 1 per slot (0: empty). */
  private table: Int32Array = new Int32Array(512)
  private readonly links: MatchLinks

  /**
   * An entry's own source and tag are `srcOf[op]` and `tagOf[op]` (the sender's rank for
   * messages, the posted source for receives; either may be ANY).
   */
  constructor(
    numRanks: number,
    numOpsOrLinks: number | MatchLinks,
    private readonly srcOf: Int32Array,
    private readonly tagOf: Float64Array,
  ) {
    this.head = new Int32Array(numRanks).fill(-1)
    this.tail = new Int32Array(numRanks).fill(-1)
    this.wildHead = new Int32Array(numRanks).fill(-1)
    this.wildTail = new Int32Array(numRanks).fill(-1)
    this.length = new Int32Array(numRanks)
    this.hashed = new Uint8Array(numRanks)
    this.links = typeof numOpsOrLinks === 'number' ? new MatchLinks(numOpsOrLinks) : numOpsOrLinks
  }

  /** Appends `op` to `rank`'s queue. */
  append(rank: number, op: number): void {
    const L = this.links
    const t = this.tail[rank]!
    L.prev[op] = t
    L.next[op] = -1
    if (t < 0) this.head[rank] = op
    else L.next[t] = op
    this.tail[rank] = op
    this.length[rank]!++
    L.seq[op] = L.stamp++
    if (this.hashed[rank] === 1) this.index(rank, op)
    else if (this.length[rank]! > HASH_FROM) this.startIndexing(rank)
  }

  /** Indexes the rank's entries, in posting order. */
  private startIndexing(rank: number): void {
    this.hashed[rank] = 1
    const L = this.links
    for (let op = this.head[rank]!; op >= 0; op = L.next[op]!) this.index(rank, op)
  }

  private index(rank: number, op: number): void {
    const L = this.links
    const src = this.srcOf[op]!
    const tag = this.tagOf[op]!
    L.bnext[op] = -1
    if (src === ANY || tag === ANY) {
      L.bucket[op] = -1
      const w = this.wildTail[rank]!
      L.bprev[op] = w
      if (w < 0) this.wildHead[rank] = op
      else L.bnext[w] = op
      this.wildTail[rank] = op
      return
    }
    const b = this.bucketOf(rank, src, tag, true)
    L.bucket[op] = b
    const bt = this.bTail[b]!
    L.bprev[op] = bt
    if (bt < 0) this.bHead[b] = op
    else L.bnext[bt] = op
    this.bTail[b] = op
  }

  /**
   * Removes and returns the first entry of `rank`'s queue (in posting order) whose (source,
   * tag) matches; -1 if none. A wildcard on either side matches, as in LogGOPSim.
   */
  take(rank: number, src: number, tag: number): number {
    const L = this.links
    const entrySrc = this.srcOf
    const entryTag = this.tagOf
    if (src === ANY || tag === ANY || this.hashed[rank] === 0) {
      for (let op = this.head[rank]!; op >= 0; op = L.next[op]!) {
        const s = entrySrc[op]!
        if (src !== ANY && s !== ANY && s !== src) continue
        const t = entryTag[op]!
        if (tag !== ANY && t !== ANY && t !== tag) continue
        this.remove(rank, op)
        return op
      }
      return -1
    }
    let found = -1
    if (this.length[rank]! > 0) {
      const b = this.bucketOf(rank, src, tag, false)
      if (b >= 0) found = this.bHead[b]!
    }
    const before = found >= 0 ? L.seq[found]! : 0x7fffffff
    for (let op = this.wildHead[rank]!; op >= 0 && L.seq[op]! < before; op = L.bnext[op]!) {
      const s = entrySrc[op]!
      if (s !== ANY && s !== src) continue
      const t = entryTag[op]!
      if (t !== ANY && t !== tag) continue
      found = op
      break
    }
    if (found >= 0) this.remove(rank, found)
    return found
  }

  /** Entries of `rank` in posting order. */
  entries(rank: number): number[] {
    const out: number[] = []
    for (let op = this.head[rank]!; op >= 0; op = this.links.next[op]!) out.push(op)
    return out
  }

  count(rank: number): number {
    return this.length[rank]!
  }

  private remove(rank: number, op: number): void {
    const L = this.links
    const p = L.prev[op]!
    const n = L.next[op]!
    if (p < 0) this.head[rank] = n
    else L.next[p] = n
    if (n < 0) this.tail[rank] = p
    else L.prev[n] = p
    const indexed = this.hashed[rank] === 1
    if (--this.length[rank]! === 0) this.hashed[rank] = 0
    if (!indexed) return
    const b = L.bucket[op]!
    const bp = L.bprev[op]!
    const bn = L.bnext[op]!
    if (b < 0) {
      if (bp < 0) this.wildHead[rank] = bn
      else L.bnext[bp] = bn
      if (bn < 0) this.wildTail[rank] = bp
      else L.bprev[bn] = bp
    } else {
      if (bp < 0) this.bHead[b] = bn
      else L.bnext[bp] = bn
      if (bn < 0) this.bTail[b] = bp
      else L.bprev[bn] = bp
    }
  }

  /** The bucket of an exact key; created when `create`, else -1 when absent. */
  private bucketOf(rank: number, src: number, tag: number, create: boolean): number {
    let mask = this.table.length - 1
    let s = hashKey(rank, src, tag) & mask
    for (;;) {
      const e = this.table[s]!
      if (e === 0) break
      const b = e - 1
      if (this.keyRank[b] === rank && this.keySrc[b] === src && this.keyTag[b] === tag) return b
      s = (s + 1) & mask
    }
    if (!create) return -1
    if (2 * (this.buckets + 1) > this.table.length) {
      this.rehash()
      mask = this.table.length - 1
      s = hashKey(rank, src, tag) & mask
      while (this.table[s] !== 0) s = (s + 1) & mask
    }
    const b = this.buckets++
    if (b === this.keyRank.length) this.growBuckets()
    this.keyRank[b] = rank
    this.keySrc[b] = src
    this.keyTag[b] = tag
    this.bHead[b] = -1
    this.bTail[b] = -1
    this.table[s] = b + 1
    return b
  }

  private rehash(): void {
    const table = new Int32Array(2 * this.table.length)
    const mask = table.length - 1
    for (let b = 0; b < this.buckets; b++) {
      let s = hashKey(this.keyRank[b]!, this.keySrc[b]!, this.keyTag[b]!) & mask
      while (table[s] !== 0) s = (s + 1) & mask
      table[s] = b + 1
    }
    this.table = table
  }

  private growBuckets(): void {
    const n = 2 * this.keyRank.length
    const i32 = (a: Int32Array): Int32Array => {
      const b = new Int32Array(n)
      b.set(a)
      return b
    }
    this.keyRank = i32(this.keyRank)
    this.keySrc = i32(this.keySrc)
    this.bHead = i32(this.bHead)
    this.bTail = i32(this.bTail)
    const tags = new Float64Array(n)
    tags.set(this.keyTag)
    this.keyTag = tags
  }
}

function hashKey(rank: number, src: number, tag: number): number {
  let h = Math.imul(rank, 0x9e3779b1) ^ Math.imul(src + 0x7f4a7c15, 0x85ebca77) ^ Math.imul(tag | 0, 0xc2b2ae3d)
  h ^= h >>> 15
  h = Math.imul(h, 0x2c1b3c6d)
  return (h ^ (h >>> 12)) & 0x7fffffff
}
