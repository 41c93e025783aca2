// Posted-receive and unexpected-message queues of every rank. Matching must return the first
// entry in posting order that matches (MPI's rule, and LogGOPSim's list walk), but walking a
// whole queue per match is slow when queues are long. So each entry of a long queue is also on
// three indexes, each a hash table of lists in posting order: by its exact (rank, source, tag),
// by (rank, tag) and by (rank, source), where a source or tag of ANY is a key value like any
// other. A query then looks at a few list heads and takes the earliest by posting stamp:
// - (S, T): the heads of (S, T), (ANY, T), (S, ANY) and (ANY, ANY), the last three only while
//   the rank has entries with such wildcards;
// - (ANY, T): the heads of tag T and tag ANY; (S, ANY): the heads of source S and source ANY;
// - (ANY, ANY): the head of the rank's queue.
// A short queue is cheaper to walk than to hash: a rank's queue is indexed only once it grows past
// HASH_FROM entries (its entries are then indexed in posting order), and goes back to a plain
// list when it empties. The links live in slots, one per queued entry, taken from a free list
// and grown on demand, so their memory follows the longest the queues get, not the number of
// operations. An operation is in at most one queue at a time, so the posted and unexpected
// queues of a run share one slot pool (MatchLinks).
import { ANY } from './goal-types.js'

/** Queue length from which a rank's entries are indexed. */
const HASH_FROM = 16

/** Which index: exact (source, tag), by tag, by source. */
const BY_EXACT = 0
const BY_TAG = 1
const BY_SRC = 2

// A slot's fields, side by side in one Int32Array (one 64-byte line per slot: taking an entry
// out of four lists touches its own line, not one line per field array).
const STRIDE = 16
const F_OP = 0
/** The rank's queue, in posting order. */
const F_NEXT = 1
const F_PREV = 2
/** Posting stamp (order of appends). */
const F_SEQ = 3
/** Per index (BY_*): next and previous slot in the entry's bucket, and the bucket. */
const F_INEXT = 4
const F_IPREV = 5
const F_IBUCKET = 6
const PER_INDEX = 3

/** Queue entries (slots) of the queues of one run: the operation and its links. */
export class MatchLinks {
  /** STRIDE Int32s per slot (F_* fields). */
  f: Int32Array
  stamp = 0
  private free: Int32Array
  private freeTop: number

  /** `expected`: how many entries to make room for at first (the pool grows past it). */
  constructor(expected: number) {
    const cap = Math.max(16, Math.min(expected, 1 << 12))
    this.f = new Int32Array(cap * STRIDE)
    this.free = new Int32Array(cap)
    for (let k = 0; k < cap; k++) this.free[k] = cap - 1 - k
    this.freeTop = cap
  }

  /** A free slot holding `op`; the field array may be replaced (grown), so read it after this. */
  alloc(op: number): number {
    if (this.freeTop === 0) this.grow()
    const slot = this.free[--this.freeTop]!
    this.f[slot * STRIDE + F_OP] = op
    return slot
  }

  release(slot: number): void {
    this.free[this.freeTop++] = slot
  }

  private grow(): void {
    const old = this.free.length
    const cap = 2 * old
    const f = new Int32Array(cap * STRIDE)
    f.set(this.f)
    this.f = f
    // every slot was in use: the new ones are the only free ones
    this.free = new Int32Array(cap)
    for (let k = 0; k < old; k++) this.free[k] = cap - 1 - k
    this.freeTop = old
  }
}

/** One index: a hash table from a key (rank, source, tag) to the list of its entries. */
class KeyIndex {
  private keyRank: Int32Array = new Int32Array(64)
  private keySrc: Int32Array = new Int32Array(64)
  private keyTag: Float64Array = new Float64Array(64)
  head: Int32Array = new Int32Array(64)
  tail: Int32Array = new Int32Array(64)
  private buckets = 0
  /** Bucket index + 1 per slot (0: empty). */
  private table: Int32Array = new Int32Array(128)

  /** The head slot of a key's list, -1 when the key has no entries. */
  headOf(rank: number, src: number, tag: number): number {
    const b = this.find(rank, src, tag, false)
    return b < 0 ? -1 : this.head[b]!
  }

  /** The bucket of a key; created when `create`, else -1 when absent. */
  find(rank: number, src: number, tag: number, create: boolean): number {
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
    this.head[b] = -1
    this.tail[b] = -1
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
    this.head = i32(this.head)
    this.tail = i32(this.tail)
    const tags = new Float64Array(n)
    tags.set(this.keyTag)
    this.keyTag = tags
  }
}

export class MatchQueues {
  // heads and tails are slots, -1 for none
  private readonly head: Int32Array
  private readonly tail: Int32Array
  private readonly length: Int32Array
  /** Queued entries whose own source (tag) is ANY, per rank. */
  private readonly anySrc: Int32Array
  private readonly anyTag: Int32Array
  /** 1 while a rank's entries are indexed, 0 while a plain list. */
  private readonly hashed: Uint8Array
  private readonly index: KeyIndex[] = [new KeyIndex(), new KeyIndex(), new KeyIndex()]
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
    this.length = new Int32Array(numRanks)
    this.anySrc = new Int32Array(numRanks)
    this.anyTag = new Int32Array(numRanks)
    this.hashed = new Uint8Array(numRanks)
    this.links = typeof expectedOrLinks === 'number' ? new MatchLinks(expectedOrLinks) : expectedOrLinks
  }

  /** Appends `op` to `rank`'s queue. */
  append(rank: number, op: number): void {
    const L = this.links
    const e = L.alloc(op)
    const f = L.f
    const t = this.tail[rank]!
    const at = e * STRIDE
    f[at + F_PREV] = t
    f[at + F_NEXT] = -1
    if (t < 0) this.head[rank] = e
    else f[t * STRIDE + F_NEXT] = e
    this.tail[rank] = e
    this.length[rank]!++
    if (this.srcOf[op] === ANY) this.anySrc[rank]!++
    if (this.tagOf[op] === ANY) this.anyTag[rank]!++
    f[at + F_SEQ] = L.stamp++
    if (this.hashed[rank] === 1) this.indexEntry(rank, e)
    else if (this.length[rank]! > HASH_FROM) this.startIndexing(rank)
  }

  /** Indexes the rank's entries, in posting order. */
  private startIndexing(rank: number): void {
    this.hashed[rank] = 1
    const f = this.links.f
    for (let e = this.head[rank]!; e >= 0; e = f[e * STRIDE + F_NEXT]!) this.indexEntry(rank, e)
  }

  private indexEntry(rank: number, e: number): void {
    const op = this.links.f[e * STRIDE + F_OP]!
    const src = this.srcOf[op]!
    const tag = this.tagOf[op]!
    this.link(BY_EXACT, e, rank, src, tag)
    this.link(BY_TAG, e, rank, 0, tag)
    this.link(BY_SRC, e, rank, src, 0)
  }

  private link(which: number, e: number, rank: number, src: number, tag: number): void {
    const f = this.links.f
    const index = this.index[which]!
    const b = index.find(rank, src, tag, true)
    const at = e * STRIDE + which * PER_INDEX
    f[at + F_IBUCKET] = b
    f[at + F_INEXT] = -1
    const bt = index.tail[b]!
    f[at + F_IPREV] = bt
    if (bt < 0) index.head[b] = e
    else f[bt * STRIDE + which * PER_INDEX + F_INEXT] = e
    index.tail[b] = e
  }

  private unlink(which: number, e: number): void {
    const f = this.links.f
    const index = this.index[which]!
    const field = which * PER_INDEX
    const at = e * STRIDE + field
    const b = f[at + F_IBUCKET]!
    const bp = f[at + F_IPREV]!
    const bn = f[at + F_INEXT]!
    if (bp < 0) index.head[b] = bn
    else f[bp * STRIDE + field + F_INEXT] = bn
    if (bn < 0) index.tail[b] = bp
    else f[bn * STRIDE + field + F_IPREV] = bp
  }

  /**
   * Removes and returns the first entry of `rank`'s queue (in posting order) whose (source,
   * tag) matches; -1 if none. A wildcard on either side matches, as in LogGOPSim.
   */
  take(rank: number, src: number, tag: number): number {
    const f = this.links.f
    if (this.hashed[rank] === 0) {
      const entrySrc = this.srcOf
      const entryTag = this.tagOf
      for (let e = this.head[rank]!; e >= 0; e = f[e * STRIDE + F_NEXT]!) {
        const op = f[e * STRIDE + F_OP]!
        const s = entrySrc[op]!
        if (src !== ANY && s !== ANY && s !== src) continue
        const t = entryTag[op]!
        if (tag !== ANY && t !== ANY && t !== tag) continue
        this.remove(rank, e)
        return op
      }
      return -1
    }
    let found: number
    if (src === ANY && tag === ANY) {
      found = this.head[rank]!
    } else if (src === ANY) {
      const byTag = this.index[BY_TAG]!
      found = byTag.headOf(rank, 0, tag)
      if (this.anyTag[rank]! > 0) found = earlier(f, found, byTag.headOf(rank, 0, ANY))
    } else if (tag === ANY) {
      const bySrc = this.index[BY_SRC]!
      found = bySrc.headOf(rank, src, 0)
      if (this.anySrc[rank]! > 0) found = earlier(f, found, bySrc.headOf(rank, ANY, 0))
    } else {
      const exact = this.index[BY_EXACT]!
      found = exact.headOf(rank, src, tag)
      const anySrc = this.anySrc[rank]! > 0
      const anyTag = this.anyTag[rank]! > 0
      if (anySrc) found = earlier(f, found, exact.headOf(rank, ANY, tag))
      if (anyTag) found = earlier(f, found, exact.headOf(rank, src, ANY))
      if (anySrc && anyTag) found = earlier(f, found, exact.headOf(rank, ANY, ANY))
    }
    if (found < 0) return -1
    const op = f[found * STRIDE + F_OP]!
    this.remove(rank, found)
    return op
  }

  /** Entries (operations) of `rank` in posting order. */
  entries(rank: number): number[] {
    const out: number[] = []
    const f = this.links.f
    for (let e = this.head[rank]!; e >= 0; e = f[e * STRIDE + F_NEXT]!) out.push(f[e * STRIDE + F_OP]!)
    return out
  }

  count(rank: number): number {
    return this.length[rank]!
  }

  /** Unlinks slot `e` from `rank`'s lists and frees it. */
  private remove(rank: number, e: number): void {
    const L = this.links
    const f = L.f
    const at = e * STRIDE
    const p = f[at + F_PREV]!
    const n = f[at + F_NEXT]!
    if (p < 0) this.head[rank] = n
    else f[p * STRIDE + F_NEXT] = n
    if (n < 0) this.tail[rank] = p
    else f[n * STRIDE + F_PREV] = p
    const op = f[at + F_OP]!
    if (this.srcOf[op] === ANY) this.anySrc[rank]!--
    if (this.tagOf[op] === ANY) this.anyTag[rank]!--
    const indexed = this.hashed[rank] === 1
    if (--this.length[rank]! === 0) this.hashed[rank] = 0
    L.release(e)
    if (!indexed) return
    this.unlink(BY_EXACT, e)
    this.unlink(BY_TAG, e)
    this.unlink(BY_SRC, e)
  }
}

/** Of two slots (-1 for none), the one posted first. */
function earlier(f: Int32Array, a: number, b: number): number {
  if (a < 0) return b
  if (b < 0) return a
  return f[b * STRIDE + F_SEQ]! < f[a * STRIDE + F_SEQ]! ? b : a
}

function hashKey(rank: number, src: number, tag: number): number {
  let h = Math.imul(rank, 0x9e3779b1) ^ Math.imul(src + 0x7f4a7c15, 0x85ebca77) ^ Math.imul(tag | 0, 0xc2b2ae3d)
  h ^= h >>> 15
  h = Math.imul(h, 0x2c1b3c6d)
  return (h ^ (h >>> 12)) & 0x7fffffff
}
