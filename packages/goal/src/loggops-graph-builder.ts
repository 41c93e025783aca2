// Builds the simulator's operation graph (loggops-graph.ts) one operation and one dependency at a
// time, straight into growable typed arrays: the streaming text reader uses it, so a schedule
// never exists as objects. Dependencies stay local to their rank, so each rank's are put in CSR
// form when the next rank starts (in declaration order per operation, the order LogGOPSim
// releases them in) and only one rank's dependency list is held at a time.
//
// The operation arrays' capacity comes from the file size (about one operation per 32 bytes, a
// little more than text ever has), so growing by copies, which leaves the old arrays as garbage,
// is rare. The capacity past the last operation is memory only when the allocator hands out
// zeroed pages it has touched (large arrays get fresh pages, which stay out of the resident set
// until written): the per-rank dependency list is reserved at that size too, and the irequires
// lists exist from the first irequires on.
import { allocRankIds, MAX_NARROW_SIZE, OP_CALC, widenSizes, type OpGraph, type OpSizes, type RankIds } from './loggops-graph.js'

/** Operation ids are Int32Array entries. */
const MAX_OPS = 0x7fffffff
/** No irequires lists yet. */
const EMPTY = new Int32Array(0)

export class OpGraphBuilder {
  private cap: number
  private type: Uint8Array
  private size: OpSizes
  private peer: Int32Array
  private tag: Int32Array
  private cpu: Uint8Array
  private nic: Uint8Array
  private rankOf: RankIds
  private depCount: Uint32Array
  // CSR of the ranks done so far: dependents of op i are doneList[doneStart[i] .. doneStart[i+1])
  private doneStart: Int32Array
  private startStart: Int32Array
  private doneList: Int32Array
  private startList: Int32Array
  private doneLen = 0
  private startLen = 0
  // the open rank's dependencies, as global operation ids, in declaration order
  private depOp: Int32Array
  private depOn: Int32Array
  private depKind: Uint8Array
  private deps = 0
  private rankStart: Int32Array = new Int32Array(64)
  private rank = -1
  private maxCpu = 0
  private maxNic = 0
  /** Operations committed so far (the next operation's id). */
  count = 0
  /** Id of the open rank's first operation. */
  rankFirst = 0

  constructor(capacity = 1024) {
    const cap = Math.min(Math.max(16, capacity), MAX_OPS)
    this.cap = cap
    this.type = new Uint8Array(cap)
    this.size = new Uint32Array(cap)
    this.peer = new Int32Array(cap)
    this.tag = new Int32Array(cap)
    this.cpu = new Uint8Array(cap)
    this.nic = new Uint8Array(cap)
    this.rankOf = new Int32Array(cap)
    this.depCount = new Uint32Array(cap)
    this.doneStart = new Int32Array(cap + 1)
    // schedules declare about one requires per operation
    this.doneList = new Int32Array(cap)
    this.startStart = EMPTY
    this.startList = EMPTY
    // reserved for a rank with as many dependencies as the file has operations, but touched only
    // as far as the largest rank's: growing by copies would leave every old array as garbage
    this.depOp = new Int32Array(cap)
    this.depOn = new Int32Array(cap)
    this.depKind = new Uint8Array(cap)
  }

  /** Sizes the rank array for `numRanks` ranks (RankIds); before the first operation. */
  setRanks(numRanks: number): void {
    if (this.count > 0) throw new Error('setRanks after the first operation')
    this.rankOf = allocRankIds(numRanks, this.cap)
  }

  /** Closes the open rank (its dependencies go into the CSR lists) and opens rank `r`. */
  startRank(r: number): void {
    if (this.rank >= 0) this.closeRank()
    if (r + 1 >= this.rankStart.length) this.rankStart = grownI32(this.rankStart, Math.max(2 * this.rankStart.length, r + 2))
    for (let k = this.rank + 1; k <= r; k++) this.rankStart[k] = this.count
    this.rank = r
    this.rankFirst = this.count
  }

  /** Writes the next operation's fields; it exists once `commit` is called. */
  stage(type: number, size: number, peer: number, tag: number, cpu: number, nic: number): void {
    const id = this.count
    if (id === this.cap) this.grow()
    if (size > MAX_NARROW_SIZE && this.size instanceof Uint32Array) this.size = widenSizes(this.size)
    this.type[id] = type
    this.size[id] = size
    this.peer[id] = peer
    this.tag[id] = tag
    this.cpu[id] = cpu
    this.nic[id] = nic
    if (cpu > this.maxCpu) this.maxCpu = cpu
    if (type !== OP_CALC && nic > this.maxNic) this.maxNic = nic
  }

  commit(): void {
    this.rankOf[this.count++] = this.rank
  }

  /** `op` waits for `on` to finish (requires) or start; both are indices within the open rank. */
  dependency(requires: boolean, op: number, on: number): void {
    const k = this.deps++
    if (k === this.depOp.length) {
      this.depOp = grownI32(this.depOp, 2 * k)
      this.depOn = grownI32(this.depOn, 2 * k)
      const kinds = new Uint8Array(2 * k)
      kinds.set(this.depKind)
      this.depKind = kinds
    }
    this.depOp[k] = this.rankFirst + op
    this.depOn[k] = this.rankFirst + on
    this.depKind[k] = requires ? 1 : 0
  }

  finish(numRanks: number): OpGraph {
    this.startRank(numRanks)
    const numOps = this.count
    const rankStart = this.rankStart.slice(0, numRanks + 1)
    const graph: OpGraph = {
      numRanks,
      numOps,
      rankStart,
      rankOf: this.rankOf.subarray(0, numOps),
      type: this.type.subarray(0, numOps),
      size: this.size.subarray(0, numOps),
      peer: this.peer.subarray(0, numOps),
      tag: this.tag.subarray(0, numOps),
      cpu: this.cpu.subarray(0, numOps),
      nic: this.nic.subarray(0, numOps),
      depCount: this.depCount.subarray(0, numOps),
      doneStart: this.doneStart.subarray(0, numOps + 1),
      doneList: this.doneList.subarray(0, this.doneLen),
      startStart: this.startStart === EMPTY ? new Int32Array(numOps + 1) : this.startStart.subarray(0, numOps + 1),
      startList: this.startList.subarray(0, this.startLen),
      maxCpu: this.maxCpu,
      maxNic: this.maxNic,
    }
    this.depOp = this.depOn = new Int32Array(0)
    this.depKind = new Uint8Array(0)
    return graph
  }

  /** Puts the open rank's dependencies in CSR form after the ranks before it. */
  private closeRank(): void {
    const first = this.rankFirst
    const last = this.count
    const { depOp, depOn, depKind, depCount } = this
    const deps = this.deps
    this.deps = 0
    let done = 0
    for (let k = 0; k < deps; k++) {
      depCount[depOp[k]!]!++
      if (depKind[k] === 1) done++
    }
    if (this.doneLen + done > this.doneList.length) this.doneList = grownI32(this.doneList, Math.max(2 * this.doneList.length, this.doneLen + done))
    this.doneLen = fillCsr(this.doneStart, this.doneList, this.doneLen, first, last, depOp, depOn, depKind, deps, 1)
    // The irequires lists are made at the first irequires (earlier ranks' starts are all zero,
    // which they already hold); from then on every rank's entries are filled in.
    const start = deps - done
    if (start > 0 || this.startLen > 0) {
      if (this.startStart === EMPTY) {
        this.startStart = new Int32Array(this.cap + 1)
        this.startList = new Int32Array(Math.max(1024, start))
      }
      if (this.startLen + start > this.startList.length) this.startList = grownI32(this.startList, Math.max(2 * this.startList.length, this.startLen + start))
      this.startLen = fillCsr(this.startStart, this.startList, this.startLen, first, last, depOp, depOn, depKind, deps, 0)
    }
  }

  private grow(): void {
    if (this.cap === MAX_OPS) throw new RangeError(`a schedule may have at most ${MAX_OPS} operations`)
    const cap = Math.min(MAX_OPS, 2 * this.cap)
    const u8 = (a: Uint8Array): Uint8Array => {
      const b = new Uint8Array(cap)
      b.set(a)
      return b
    }
    const f64 = (a: Float64Array): Float64Array => {
      const b = new Float64Array(cap)
      b.set(a)
      return b
    }
    this.type = u8(this.type)
    this.size = this.size instanceof Uint32Array ? grownU32(this.size, cap) : f64(this.size)
    this.peer = grownI32(this.peer, cap)
    this.tag = grownI32(this.tag, cap)
    this.cpu = u8(this.cpu)
    this.nic = u8(this.nic)
    const ranks = new (this.rankOf.constructor as new (n: number) => RankIds)(cap)
    ranks.set(this.rankOf)
    this.rankOf = ranks
    const counts = new Uint32Array(cap)
    counts.set(this.depCount)
    this.depCount = counts
    this.doneStart = grownI32(this.doneStart, cap + 1)
    if (this.startStart !== EMPTY) this.startStart = grownI32(this.startStart, cap + 1)
    this.cap = cap
  }
}

/**
 * Appends the dependents of operations [first, last) of the `kind` dependencies to `list` (which
 * holds `len` entries of earlier ranks), declaration order per operation, and sets their starts;
 * returns the new length.
 */
function fillCsr(
  starts: Int32Array, list: Int32Array, len: number, first: number, last: number,
  depOp: Int32Array, depOn: Int32Array, depKind: Uint8Array, deps: number, kind: number,
): number {
  // counts at i + 1, then prefix sums from this rank's base, then fill using the starts as cursors
  for (let i = first + 1; i <= last; i++) starts[i] = 0
  starts[first] = len
  for (let k = 0; k < deps; k++) if (depKind[k] === kind) starts[depOn[k]! + 1]!++
  for (let i = first; i < last; i++) starts[i + 1]! += starts[i]!
  for (let k = 0; k < deps; k++) if (depKind[k] === kind) list[starts[depOn[k]!]!++] = depOp[k]!
  // each start now holds the next operation's start: shift them back into place
  for (let i = last; i > first; i--) starts[i] = starts[i - 1]!
  starts[first] = len
  return starts[last]!
}

function grownU32(a: Uint32Array, n: number): Uint32Array {
  const b = new Uint32Array(n)
  b.set(a)
  return b
}

function grownI32(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(n)
  b.set(a.subarray(0, Math.min(a.length, n)))
  return b
}
