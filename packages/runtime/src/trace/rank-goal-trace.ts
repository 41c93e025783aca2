// One rank's recorder of a GOAL schedule: operations in program order and the dependencies that
// keep that order. The rank's "frontier" is what the next operation must wait for:
//   - a blocking operation or a calc becomes the whole frontier (later work `requires` it);
//   - isend / irecv become the frontier as `irequires` (later work may overlap them, but starts
//     after they started, and so after everything before them finished);
//   - waiting for a request adds it to the frontier as `requires`.
// Sizes and peers of receives are fixed when the message is matched: the sent size (>= 1) and
// the actual source and tag, so the schedule pairs messages exactly as the run did.

/** Operation kinds in the recorder's flat arrays. */
const SEND = 0
const RECV = 1
const CALC = 2

export type GoalOpKind = typeof SEND | typeof RECV | typeof CALC
export const GOAL_SEND: GoalOpKind = SEND
export const GOAL_RECV: GoalOpKind = RECV
export const GOAL_CALC: GoalOpKind = CALC

/** Picoseconds per exported time unit: GOAL / LogGOPSim time is in nanoseconds. */
const PS_PER_UNIT = 1000

export interface RecordedDep {
  readonly kind: 'requires' | 'irequires'
  readonly op: number
  readonly on: number
}

export class RankGoalTrace {
  readonly kinds: GoalOpKind[] = []
  /** Bytes (send, recv) or duration in ns (calc). */
  readonly amounts: number[] = []
  /** Destination (send) or source (recv; -1 any); unused for calc. */
  readonly peers: number[] = []
  readonly tags: number[] = []
  readonly deps: RecordedDep[] = []
  private frontier: number[] = []
  /** Parallel to frontier: true = requires, false = irequires. */
  private frontierDone: boolean[] = []

  /** Host work of `ps` picoseconds (compute, pack, unpack, reductions, polls) as a calc in ns. */
  calc(ps: number): void {
    const duration = Math.round(ps / PS_PER_UNIT)
    if (duration <= 0) return
    const last = this.kinds.length - 1
    // Consecutive host work with nothing in between is one calc.
    if (last >= 0 && this.kinds[last] === CALC && this.frontier.length === 1 && this.frontier[0] === last && this.frontierDone[0]) {
      this.amounts[last]! += duration
      return
    }
    const op = this.add(CALC, duration, 0, 0)
    this.frontier = [op]
    this.frontierDone = [true]
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
    if (this.frontier.length > 0 && this.frontier[0] === op) {
      this.frontierDone[0] = true
    } else {
      this.frontier.push(op)
      this.frontierDone.push(true)
    }
    if (hostPs > 0) this.calc(hostPs)
  }

  get size(): number {
    return this.kinds.length
  }

  private start(kind: GoalOpKind, bytes: number, peer: number, tag: number): number {
    const op = this.add(kind, bytes, peer, tag)
    this.frontier = [op]
    this.frontierDone = [false]
    return op
  }

  /** Appends an operation that depends on the current frontier. */
  private add(kind: GoalOpKind, amount: number, peer: number, tag: number): number {
    const op = this.kinds.length
    this.kinds.push(kind)
    this.amounts.push(amount)
    this.peers.push(peer)
    this.tags.push(tag)
    for (let i = 0; i < this.frontier.length; i++) {
      this.deps.push({ kind: this.frontierDone[i] ? 'requires' : 'irequires', op, on: this.frontier[i]! })
    }
    return op
  }
}
