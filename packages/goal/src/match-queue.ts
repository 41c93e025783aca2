// Posted-receive and unexpected-message queues of every rank. Matching must return the first
// entry in posting order that matches (MPI's rule, and LogGOPSim's list walk), but walking a
// whole queue per match is slow when queues are long. So each entry is on two lists threaded
// through typed arrays: its rank's list (posting order, for queries with a wildcard and for
// reports), and either the bucket of its exact (rank, source, tag) in a hash table or, if it has
// a wildcard itself, its rank's wildcard list. An exact query takes the earlier (by posting
// stamp) of its bucket's head and the first matching wildcard entry.
// A short queue is cheaper to walk than to hash: a rank's queue is indexed only once it grows past
// HASH_FROM entries (its entries are then indexed in posting order), and goes back to a plain
// list when it empties. The links live in slots, one per queued entry, taken from a free list
// and grown on demand, so their memory follows the longest the queues get, not the number of
// operations. An operation is in at most one queue at a time, so the posted and unexpected
// queues of a run share one slot pool (MatchLinks).
import { ANY } from './goal-types.js'

/** Queue length from which a rank's entries are indexed by (source, tag). */
const HASH_FROM = 16

/** Queue entries (slots) of the queues of one run: the operation and its links. */
export class MatchLinks {
  /** The operation in each slot. */
  op: Int32Array
  next: Int32Array
  prev: Int32Array
  bnext: Int32Array
  bprev: Int32Array
  /** Bucket of an exact entry, -1 for an entry on the wildcard list. */
  bucket: Int32Array
  /** Posting stamp (order of appends). */
  seq: Int32Array
  stamp = 0
  private free: Int32Array
  private freeTop: number

  /** `expected`: how many entries to make room for at first (the pool grows past it). */
  constructor(expected: number) {
    const cap = Math.max(16, Math.min(expected, 1 << 12))
    this.op = new Int32Array(cap)
    this.next = new Int32Array(cap)
    this.prev = new Int32Array(cap)
    this.bnext = new Int32Array(cap)
    this.bprev = new Int32Array(cap)
    this.bucket = new Int32Array(cap)
    this.seq = new Int32Array(cap)
    this.free = new Int32Array(cap)
    for (let k = 0; k < cap; k++) this.free[k] = cap - 1 - k
    this.freeTop = cap
  }

  /** A free slot holding `op`; the arrays may be replaced (grown), so read them after this. */
  alloc(op: number): number {
    if (this.freeTop === 0) this.grow()
    const slot = this.free[--this.freeTop]!
    this.op[slot] = op
    return slot
  }

  release(slot: number): void {
    this.free[this.freeTop++] = slot
  }

  private grow(): void {
    const old = this.op.length
    const cap = 2 * old
    const grown = (a: Int32Array): Int32Array => {
      const b = new Int32Array(cap)
      b.set(a)
      return b
    }
    this.op = grown(this.op)
    this.next = grown(this.next)
    this.prev = grown(this.prev)
    this.bnext = grown(this.bnext)
    this.bprev = grown(this.bprev)
    this.bucket = grown(this.bucket)
    this.seq = grown(this.seq)
    // every slot was in use: the new ones are the only free ones
    this.free = new Int32Array(cap)
    for (let k = 0; k < old; k++) this.free[k] = cap - 1 - k
    this.freeTop = old
  }
}

export class MatchQueues {
  // heads and tails are slots, -1 for none
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
   * messages, the posted source for receives; either may be ANY). A number for `expectedOrLinks`
   * makes a pool of its own for that many entries at first.
   */
  constructor(
    numRanks: number,
    expectedOrLinks: number | MatchLinks,
    private readonly srcOf: Int32Array,
    private readonly tagOf: Float64Array,
  ) {
    this.head = new Int32Array(numRanks).fill(-1)
    this.tail = new Int32Array(numRanks).fill(-1)
    this.wildHead = new Int32Array(numRanks).fill(-1)
    this.wildTail = new Int32Array(numRanks).fill(-1)
    this.length = new Int32Array(numRanks)
    this.hashed = new Uint8Array(numRanks)
    this.links = typeof expectedOrLinks === 'number' ? new MatchLinks(expectedOrLinks) : expectedOrLinks
  }

  /** Appends `op` to `rank`'s queue. */
  append(rank: number, op: number): void {
    const L = this.links
    const e = L.alloc(op)
    const t = this.tail[rank]!
    L.prev[e] = t
    L.next[e] = -1
    if (t < 0) this.head[rank] = e
    else L.next[t] = e
    this.tail[rank] = e
    this.length[rank]!++
    L.seq[e] = L.stamp++
    if (this.hashed[rank] === 1) this.index(rank, e)
    else if (this.length[rank]! > HASH_FROM) this.startIndexing(rank)
  }

  /** Indexes the rank's entries, in posting order. */
  private startIndexing(rank: number): void {
    this.hashed[rank] = 1
    const L = this.links
    for (let e = this.head[rank]!; e >= 0; e = L.next[e]!) this.index(rank, e)
  }

  private index(rank: number, e: number): void {
    const L = this.links
    const op = L.op[e]!
    const src = this.srcOf[op]!
    const tag = this.tagOf[op]!
    L.bnext[e] = -1
    if (src === ANY || tag === ANY) {
      L.bucket[e] = -1
      const w = this.wildTail[rank]!
      L.bprev[e] = w
      if (w < 0) this.wildHead[rank] = e
      else L.bnext[w] = e
      this.wildTail[rank] = e
      return
    }
    const b = this.bucketOf(rank, src, tag, true)
    L.bucket[e] = b
    const bt = this.bTail[b]!
    L.bprev[e] = bt
    if (bt < 0) this.bHead[b] = e
    else L.bnext[bt] = e
    this.bTail[b] = e
  }

  /**
   * Removes and returns the first entry of `rank`'s queue (in posting order) whose (source,
   * tag) matches; -1 if none. A wildcard on either side matches, as in LogGOPSim.
   */
  take(rank: number, src: number, tag: number): number {
    const L = this.links
    const entryOp = L.op
    const entrySrc = this.srcOf
    const entryTag = this.tagOf
    if (src === ANY || tag === ANY || this.hashed[rank] === 0) {
      for (let e = this.head[rank]!; e >= 0; e = L.next[e]!) {
        const op = entryOp[e]!
        const s = entrySrc[op]!
        if (src !== ANY && s !== ANY && s !== src) continue
        const t = entryTag[op]!
        if (tag !== ANY && t !== ANY && t !== tag) continue
        this.remove(rank, e)
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
    for (let e = this.wildHead[rank]!; e >= 0 && L.seq[e]! < before; e = L.bnext[e]!) {
      const op = entryOp[e]!
      const s = entrySrc[op]!
      if (s !== ANY && s !== src) continue
      const t = entryTag[op]!
      if (t !== ANY && t !== tag) continue
      found = e
      break
    }
    if (found < 0) return -1
    const op = entryOp[found]!
    this.remove(rank, found)
    return op
  }

  /** Entries (operations) of `rank` in posting order. */
  entries(rank: number): number[] {
    const out: number[] = []
    const L = this.links
    for (let e = this.head[rank]!; e >= 0; e = L.next[e]!) out.push(L.op[e]!)
    return out
  }

  count(rank: number): number {
    return this.length[rank]!
  }

  /** Unlinks slot `e` from `rank`'s lists and frees it. */
  private remove(rank: number, e: number): void {
    const L = this.links
    const p = L.prev[e]!
    const n = L.next[e]!
    if (p < 0) this.head[rank] = n
    else L.next[p] = n
    if (n < 0) this.tail[rank] = p
    else L.prev[n] = p
    const indexed = this.hashed[rank] === 1
    if (--this.length[rank]! === 0) this.hashed[rank] = 0
    L.release(e)
    if (!indexed) return
    const b = L.bucket[e]!
    const bp = L.bprev[e]!
    const bn = L.bnext[e]!
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
