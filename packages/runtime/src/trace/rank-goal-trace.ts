// One rank's recorder of a GOAL schedule: operations in program order and the dependencies that
// keep that order. The rank's "frontier" is what the next operation must wait for:
//   - a blocking operation or a calc becomes the whole frontier (later work `requires` it);
//   - isend / irecv become the frontier as `irequires` (later work may overlap them, but starts
//     after they started, and so after everything before them finished);
//   - waiting for a request adds it to the frontier as `requires`.
// Sizes and peers of receives are fixed when the message is matched: the sent size (>= 1) and
// the actual source and tag, so the schedule pairs messages exactly as the run did.
// Everything is kept in typed arrays that double when full (grow.ts): a run records one
// operation per message side and per host-work step, millions at scale, and an object per
// operation or dependency cost ~5 KB per message once exported through the builder.

import { room } from './grow.js'

/** Operation kinds in the recorder's flat arrays. */
const SEND = 0
const RECV = 1
const CALC = 2

export type GoalOpKind = typeof SEND | typeof RECV | typeof CALC
export const GOAL_SEND: GoalOpKind = SEND
export const GOAL_RECV: GoalOpKind = RECV
export const GOAL_CALC: GoalOpKind = CALC

/** depKinds values. */
export const DEP_IREQUIRES = 0
export const DEP_REQUIRES = 1

/** Picoseconds per exported time unit: GOAL / LogGOPSim time is in nanoseconds. */
const PS_PER_UNIT = 1000

export class RankGoalTrace {
  /** Operation kinds (GOAL_SEND, GOAL_RECV, GOAL_CALC) of ops [0, size). */
  kinds = new Uint8Array(16)
  // Float64 keeps every value exactly as the number it was given (no wrapping or truncation), so
  // the export's checks (goal-trace-check.ts) see what GoalBuilder would have seen.
  /** Bytes (send, recv) or duration in ns (calc). */
  amounts = new Float64Array(16)
  /** Destination (send) or source (recv; -1 any); unused for calc. */
  peers = new Float64Array(16)
  /** GOAL tags (goal-tags.ts), -1 any. */
  tags = new Float64Array(16)
  /** Dependencies [0, depCount): depOps[2k] waits for depOps[2k + 1]. */
  depOps = new Int32Array(32)
  /** DEP_REQUIRES or DEP_IREQUIRES, per dependency. */
  depKinds = new Uint8Array(16)
  private n = 0
  private d = 0
  private frontier = new Int32Array(4)
  /** Parallel to frontier: 1 = requires, 0 = irequires. */
  private frontierDone = new Uint8Array(4)
  private f = 0

  get size(): number {
    return this.n
  }

  get depCount(): number {
    return this.d
  }

  /** Host work of `ps` picoseconds (compute, pack, unpack, reductions, polls) as a calc in ns. */
  calc(ps: number): void {
    const duration = Math.round(ps / PS_PER_UNIT)
    if (duration <= 0) return
    const last = this.n - 1
    // Consecutive host work with nothing in between is one calc.
    if (last >= 0 && this.kinds[last] === CALC && this.f === 1 && this.frontier[0] === last && this.frontierDone[0] === 1) {
      this.amounts[last]! += duration
      return
    }
    const op = this.add(CALC, duration, 0, 0)
    this.frontier[0] = op
    this.frontierDone[0] = 1
    this.f = 1
  }

  /** A message posted to `dest`; the caller waits for it (or not) through `waited`. */
  send(bytes: number, dest: number, tag: number): number {
    return this.start(SEND, Math.max(1, bytes), dest, tag)
  }

  /** A posted receive; `matched` fixes its size, source and tag later. */
  recv(capacity: number, source: number, tag: number): number {
    return this.start(RECV, Math.max(1, capacity), source, tag)
  }

  matched(op: number, bytes: number, source: number, tag: number): void {
    if (op < 0) return
    this.amounts[op] = Math.max(1, bytes)
    this.peers[op] = source
    this.tags[op] = tag
  }

  /** The rank waited for `op` (and then spent `hostPs` completing it: unpack, copy out). */
  waited(op: number, hostPs: number): void {
    if (op < 0) return
    // Only a start puts an `irequires` entry in the frontier, and always at its head; every
    // other entry came from a wait, which happens once per request. So this is O(1).
    if (this.f > 0 && this.frontier[0] === op) {
      this.frontierDone[0] = 1
    } else {
      this.frontier = room(this.frontier, this.f)
      this.frontierDone = room(this.frontierDone, this.f)
      this.frontier[this.f] = op
      this.frontierDone[this.f] = 1
      this.f++
    }
    if (hostPs > 0) this.calc(hostPs)
  }

  private start(kind: GoalOpKind, bytes: number, peer: number, tag: number): number {
    const op = this.add(kind, bytes, peer, tag)
    this.frontier[0] = op
    this.frontierDone[0] = 0
    this.f = 1
    return op
  }

  /** Appends an operation that depends on the current frontier. */
  private add(kind: GoalOpKind, amount: number, peer: number, tag: number): number {
    const op = this.n
    if (op >= this.kinds.length) {
      this.kinds = room(this.kinds, op)
      this.amounts = room(this.amounts, op)
      this.peers = room(this.peers, op)
      this.tags = room(this.tags, op)
    }
    this.kinds[op] = kind
    this.amounts[op] = amount
    this.peers[op] = peer
    this.tags[op] = tag
    this.n = op + 1
    for (let i = 0; i < this.f; i++) {
      const k = this.d
      this.depOps = room(this.depOps, 2 * k + 1)
      this.depKinds = room(this.depKinds, k)
      this.depOps[2 * k] = op
      this.depOps[2 * k + 1] = this.frontier[i]!
      this.depKinds[k] = this.frontierDone[i]!
      this.d = k + 1
    }
    return op
  }
}
