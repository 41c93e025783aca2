// Builds the simulator's operation graph (loggops-graph.ts) one operation and one dependency at a
// time, straight into growable typed arrays: the streaming readers (text and binary) use it, so a
// schedule never exists as objects. Dependents are put in CSR form at the end, in declaration
// order per operation (the order LogGOPSim releases them in).
import { OP_CALC, type OpGraph } from './loggops-graph.js'

/** Operation ids are Int32Array entries. */
const MAX_OPS = 0x7fffffff

export class OpGraphBuilder {
  private cap: number
  private type: Uint8Array
  private size: Float64Array
  private peer: Int32Array
  private tag: Float64Array
  private cpu: Uint8Array
  private nic: Uint8Array
  private rankOf: Int32Array
  private depOp: Int32Array = new Int32Array(1024)
  private depOn: Int32Array = new Int32Array(1024)
  private depKind: Uint8Array = new Uint8Array(1024)
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
    this.cap = Math.min(Math.max(16, capacity), MAX_OPS)
    this.type = new Uint8Array(this.cap)
    this.size = new Float64Array(this.cap)
    this.peer = new Int32Array(this.cap)
    this.tag = new Float64Array(this.cap)
    this.cpu = new Uint8Array(this.cap)
    this.nic = new Uint8Array(this.cap)
    this.rankOf = new Int32Array(this.cap)
  }

  startRank(r: number): void {
    if (r + 1 >= this.rankStart.length) this.rankStart = grown(this.rankStart, Math.max(2 * this.rankStart.length, r + 2))
    for (let k = this.rank + 1; k <= r; k++) this.rankStart[k] = this.count
    this.rank = r
    this.rankFirst = this.count
  }

  /** Writes the next operation's fields; it exists once `commit` is called. */
  stage(type: number, size: number, peer: number, tag: number, cpu: number, nic: number): void {
    const id = this.count
    if (id === this.cap) this.grow()
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
      this.depOp = grown(this.depOp, 2 * k)
      this.depOn = grown(this.depOn, 2 * k)
      const kinds = new Uint8Array(2 * k)
      kinds.set(this.depKind)
      this.depKind = kinds
    }
    this.depOp[k] = this.rankFirst + op
    this.depOn[k] = this.rankFirst + on
    this.depKind[k] = requires ? 1 : 0
  }

  finish(numRanks: number): OpGraph {
    const numOps = this.count
    this.startRank(numRanks)
    const rankStart = this.rankStart.slice(0, numRanks + 1)
    const depCount = new Uint32Array(numOps)
    const doneStart = new Int32Array(numOps + 1)
    const startStart = new Int32Array(numOps + 1)
    const { depOp, depOn, depKind } = this
    const deps = this.deps
    let done = 0
    for (let k = 0; k < deps; k++) {
      depCount[depOp[k]!]!++
      if (depKind[k] === 1) {
        doneStart[depOn[k]! + 1]!++
        done++
      } else startStart[depOn[k]! + 1]!++
    }
    for (let i = 0; i < numOps; i++) {
      doneStart[i + 1]! += doneStart[i]!
      startStart[i + 1]! += startStart[i]!
    }
    const doneList = new Int32Array(done)
    const startList = new Int32Array(deps - done)
    // fill using each list's start as a cursor, then shift the starts back into place
    for (let k = 0; k < deps; k++) {
      if (depKind[k] === 1) doneList[doneStart[depOn[k]!]!++] = depOp[k]!
      else startList[startStart[depOn[k]!]!++] = depOp[k]!
    }
    for (let i = numOps; i > 0; i--) {
      doneStart[i] = doneStart[i - 1]!
      startStart[i] = startStart[i - 1]!
    }
    doneStart[0] = 0
    startStart[0] = 0
    // the dependency lists are no longer needed
    this.depOp = this.depOn = new Int32Array(0)
    this.depKind = new Uint8Array(0)
    return {
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
      depCount,
      doneStart,
      doneList,
      startStart,
      startList,
      maxCpu: this.maxCpu,
      maxNic: this.maxNic,
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
    this.size = f64(this.size)
    this.peer = grown(this.peer, cap)
    this.tag = f64(this.tag)
    this.cpu = u8(this.cpu)
    this.nic = u8(this.nic)
    this.rankOf = grown(this.rankOf, cap)
    this.cap = cap
  }
}

function grown(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(n)
  b.set(a.subarray(0, Math.min(a.length, n)))
  return b
}

