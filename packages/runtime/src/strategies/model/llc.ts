// A set-associative, least-recently-used last-level cache over 64-bit line numbers. It counts
// the misses a host unpack makes (SC19 Fig. 17 measures LLC misses times the line size). Tags
// and ages sit in flat typed arrays, one row of `ways` entries per set, so an access allocates
// nothing. Sets are picked by line number modulo the set count (no slice hashing).

// NaN equals no line number, negative ones included (types may have negative displacements)
const EMPTY = Number.NaN

export class LastLevelCache {
  readonly sets: number
  readonly ways: number
  misses = 0
  hits = 0
  /** Line number cached in each (set, way), or EMPTY. */
  private readonly tags: Float64Array
  /** Access stamp of each (set, way); the smallest in a set is the victim. */
  private readonly ages: Float64Array
  private clock = 0

  constructor(capacityBytes: number, ways: number, lineBytes: number) {
    const lines = Math.floor(capacityBytes / lineBytes)
    if (ways < 1 || lines < ways) throw new RangeError(`a ${capacityBytes}-byte cache cannot have ${ways} ways of ${lineBytes}-byte lines`)
    this.ways = ways
    this.sets = Math.floor(lines / ways)
    this.tags = new Float64Array(this.sets * ways).fill(EMPTY)
    this.ages = new Float64Array(this.sets * ways)
  }

  /** Touches one line (a read, or a write that allocates); true on a hit. */
  access(line: number): boolean {
    const set = ((line % this.sets) + this.sets) % this.sets
    const row = set * this.ways
    const stamp = ++this.clock
    let victim = row
    for (let i = row; i < row + this.ways; i++) {
      if (this.tags[i] === line) {
        this.ages[i] = stamp
        this.hits++
        return true
      }
      if (this.ages[i]! < this.ages[victim]!) victim = i
    }
    this.tags[victim] = line
    this.ages[victim] = stamp
    this.misses++
    return false
  }

  /** Touches every line of the byte range [address, address + bytes). */
  accessRange(address: number, bytes: number, lineBytes: number): void {
    const last = Math.floor((address + bytes - 1) / lineBytes)
    for (let line = Math.floor(address / lineBytes); line <= last; line++) this.access(line)
  }
}
