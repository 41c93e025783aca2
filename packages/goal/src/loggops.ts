// The LogGOPS message-level simulator, with LogGOPSim's semantics (Hoefler, Schneider,
// Lumsdaine, HPDC'10; the event loop of its LogGOPSim.cpp with the LogGP network backend):
// - times are integers; each rank has `maxCpu+1` CPUs (next free time `o`) and `maxNic+1` NICs
//   (next free send gap and receive gap);
// - a send starts when its CPU and send NIC are free: CPU busy o+(s-1)O, NIC busy g+(s-1)G;
//   the message reaches the receiver o+L later;
// - a message is handled when the receiver's CPU and receive NIC are free: CPU busy
//   o+max((s-1)O,(s-1)G), NIC busy g+(s-1)G; it then matches the first posted receive or
//   joins the unexpected queue (whose later receive completes at once);
// - eager sends (s <= S) finish when they start; larger ones finish when matched, and the
//   match moves the sender's CPU and NIC forward to the match time (rendezvous);
// - dependents become ready when their dependencies are met: calc and recv at their CPU's
//   next free time, send at max(CPU, send NIC); ties go by insertion order.
import debugFactory from 'debug'
import { cxxSortByKey } from './cxx-sort.js'
import { EventHeap } from './event-heap.js'
import { GoalScheduleError } from './goal-errors.js'
import type { GoalSchedule } from './goal-types.js'
import { validateSchedule } from './goal-validate.js'
import { buildOpGraph, OP_CALC, OP_RECV, OP_SEND, opIndex, tagValue, type OpGraph } from './loggops-graph.js'
import { logGopsParams, type LogGopsParams } from './loggops-params.js'
import { MatchLinks, MatchQueues } from './match-queue.js'

const log = debugFactory('spinmpi:goal')

/** Event type of a message in flight (after the operation codes 1..3). */
const EV_MSG = 4

/** A send or receive left in a queue when the simulation ran out of events. */
export interface UnmatchedOp {
  /** Rank whose queue holds it. */
  readonly rank: number
  /** `unexpected`: a message nobody received; `posted`: a receive nothing matched. */
  readonly queue: 'unexpected' | 'posted'
  /** Sender of the message, or the receive's source (-1 for any). */
  readonly src: number
  readonly tag: number
  readonly bytes: number
  /** The operation: the send (on rank `src`) or the receive (on `rank`). */
  readonly opRank: number
  readonly opIndex: number
  readonly label?: string
}

/** What simulateLogGops returns: the parameters used, the schedule's shape and each rank's end time. */
export interface LogGopsResult {
  readonly params: LogGopsParams
  readonly numRanks: number
  readonly cpusPerRank: number
  readonly nicsPerRank: number
  /** Per rank, the time its CPUs are last busy; null when some operation stayed unmatched. */
  readonly ranks: number[] | null
  /** Largest finishing time and the first rank reaching it; null when unmatched. */
  readonly max: number | null
  readonly maxRank: number | null
  /** Queue entries left over, in rank then posting order (empty when all matched). */
  readonly unmatched: UnmatchedOp[]
  /** Operations that never started (waiting on an unmatched rendezvous or a cycle). */
  readonly neverStarted: number
  /** Events processed (including re-queued ones). */
  readonly events: number
}

/**
 * Events a run may take (about 10 s of wall time). LogGOPSim's semantics re-queue a ready
 * operation each time its CPU or NIC is still busy, so k independent operations of one rank cost
 * about k^2 / 2 events: 20,000 sends with no requires between them would be 2 * 10^8.
 */
export const MAX_LOGGOPS_EVENTS = 20_000_000

/** Runs a schedule; deterministic, integer times. */
export function simulateLogGops(schedule: GoalSchedule, params: Partial<LogGopsParams> = {}): LogGopsResult {
  const valid = validateSchedule(schedule)
  return simulateLogGopsGraph(buildOpGraph(valid), params, (r, i) => valid.ranks[r]!.ops[i]!.label)
}

/**
 * Runs an operation graph (from readGoalGraph or readGoalBinary: no schedule objects). `labelOf`
 * names operations left unmatched, by rank and index within the rank. The run counts down in
 * `graph.depCount` itself (a copy would be 4 bytes per operation more at the peak) and restores
 * it from the dependency lists before it returns or throws.
 */
export function simulateLogGopsGraph(
  graph: OpGraph,
  params: Partial<LogGopsParams> = {},
  labelOf: (rank: number, index: number) => string | undefined = () => undefined,
): LogGopsResult {
  const p = logGopsParams(params)
  if (graph.interleaved === true && graph.numOps % Math.max(1, graph.numRanks) !== 0) {
    throw new GoalScheduleError('interleaved', `an interleaved graph needs the same number of operations on every rank (${graph.numOps} over ${graph.numRanks} ranks)`)
  }
  for (let i = 0; i < graph.numOps; i++) {
    if (graph.type[i] !== OP_CALC && graph.size[i] === 0) {
      const r = graph.rankOf[i]!
      throw new GoalScheduleError(`ranks[${r}].ops[${opIndex(graph, i)}].bytes`, 'LogGOPS needs messages of at least 1 byte')
    }
  }
  try {
    return new LogGopsRun(labelOf, graph, p).run()
  } finally {
    restoreDepCount(graph)
  }
}

/** Marks a started operation in the countdown (its count is 0 from then on, never decremented). */
const STARTED = 0xffffffff

/** Every operation's dependency count again: how often the two dependent lists name it. */
function restoreDepCount(g: OpGraph): void {
  const counts = g.depCount
  counts.fill(0)
  for (let k = 0; k < g.doneList.length; k++) counts[g.doneList[k]!]!++
  for (let k = 0; k < g.startList.length; k++) counts[g.startList[k]!]!++
}

class LogGopsRun {
  private readonly ncpu: number
  private readonly nnic: number
  private readonly nextO: Float64Array
  private readonly nextGr: Float64Array
  private readonly nextGs: Float64Array
  /** Dependencies not yet met per operation, or STARTED (the graph's depCount, restored after). */
  private readonly depLeft: Uint32Array
  private readonly heap: EventHeap
  private readonly posted: MatchQueues
  private readonly unexpected: MatchQueues
  /** Operations made ready by the current event, in the order they became ready. */
  private readonly ready: Int32Array
  private readyLen = 0
  private readonly scratch: Int32Array
  private stamp = 0
  private events = 0
  /** Dependency-free operations by rank (roots[rootStart[r] .. rootStart[r + 1]]), in rank order. */
  private readonly roots: Int32Array
  private readonly rootStart: Int32Array

  constructor(
    private readonly labelOf: (rank: number, index: number) => string | undefined,
    private readonly g: OpGraph,
    private readonly p: LogGopsParams,
  ) {
    this.ncpu = g.maxCpu + 1
    this.nnic = g.maxNic + 1
    this.nextO = new Float64Array(g.numRanks * this.ncpu)
    this.nextGr = new Float64Array(g.numRanks * this.nnic)
    this.nextGs = new Float64Array(g.numRanks * this.nnic)
    this.depLeft = g.depCount
    // one slot per operation plus one per message in flight at most; grows on demand
    this.heap = new EventHeap(Math.min(2 * g.numOps + 1, 1 << 16))
    // an operation is in at most one queue at a time: the queues share one pool of entries,
    // numOps of them (so it never grows), resident only as far as the queues ever reach
    const links = new MatchLinks(g.numOps)
    this.posted = new MatchQueues(g.numRanks, links, g.peer, g.tag)
    // a message's source is its sender
    this.unexpected = new MatchQueues(g.numRanks, links, g.rankOf, g.tag)
    // One event releases the dependents of at most two operations (an operation's start and end,
    // or a send and the receive it matched); scratch also holds one rank's dependency-free
    // operations at the start. Sized from the graph rather than one slot per operation.
    // Both passes go in id order, whatever the numbering (an interleaved graph's ranks are
    // strided): the roots are sorted into per-rank lists, each in its rank's order.
    let maxDependents = 0
    const rootStart = new Int32Array(g.numRanks + 1)
    for (let op = 0; op < g.numOps; op++) {
      const dependents = g.doneStart[op + 1]! - g.doneStart[op]! + g.startStart[op + 1]! - g.startStart[op]!
      if (dependents > maxDependents) maxDependents = dependents
      if (g.depCount[op] === 0) rootStart[g.rankOf[op]! + 1]!++
    }
    let maxRoots = 0
    for (let r = 0; r < g.numRanks; r++) {
      if (rootStart[r + 1]! > maxRoots) maxRoots = rootStart[r + 1]!
      rootStart[r + 1]! += rootStart[r]!
    }
    const roots = new Int32Array(rootStart[g.numRanks]!)
    const fill = rootStart.slice(0, g.numRanks)
    for (let op = 0; op < g.numOps; op++) if (g.depCount[op] === 0) roots[fill[g.rankOf[op]!]!++] = op
    this.roots = roots
    this.rootStart = rootStart
    this.ready = new Int32Array(2 * maxDependents)
    this.scratch = new Int32Array(Math.max(maxRoots, 2 * maxDependents))
  }

  run(): LogGopsResult {
    const g = this.g
    for (let r = 0; r < g.numRanks; r++) {
      let n = 0
      for (let k = this.rootStart[r]!; k < this.rootStart[r + 1]!; k++) this.scratch[n++] = this.roots[k]!
      cxxSortByKey(this.scratch, 0, n, g.type)
      for (let k = 0; k < n; k++) this.enqueue(this.scratch[k]!, 0)
    }
    const heap = this.heap
    while (heap.size > 0) {
      const slot = heap.pop()
      if (++this.events > MAX_LOGGOPS_EVENTS) {
        throw new GoalScheduleError('schedule', `the simulation passed ${MAX_LOGGOPS_EVENTS} events and was stopped ` +
          '(operations with no dependencies between them are re-queued until their CPU or NIC is free: add requires)')
      }
      const type = heap.type[slot]!
      if (type === OP_CALC) this.calc(slot)
      else if (type === OP_SEND) this.send(slot)
      else if (type === OP_RECV) this.recv(slot)
      else this.message(slot)
      if (this.readyLen > 0) this.flushReady()
    }
    return this.result()
  }

  private enqueue(op: number, time: number): void {
    const heap = this.heap
    const slot = heap.alloc()
    heap.type[slot] = this.g.type[op]!
    heap.time[slot] = time
    heap.ts[slot] = this.stamp++
    heap.op[slot] = op
    heap.push(slot)
  }

  private calc(slot: number): void {
    const g = this.g
    const heap = this.heap
    const op = heap.op[slot]!
    const t = heap.time[slot]!
    const c = g.rankOf[op]! * this.ncpu + g.cpu[op]!
    if (this.nextO[c]! > t) {
      heap.time[slot] = this.nextO[c]!
      heap.push(slot)
      return
    }
    this.nextO[c] = t + g.size[op]!
    this.markStarted(op)
    this.markDone(op)
    heap.release(slot)
  }

  private send(slot: number): void {
    const g = this.g
    const p = this.p
    const heap = this.heap
    const op = heap.op[slot]!
    const t = heap.time[slot]!
    const rank = g.rankOf[op]!
    const c = rank * this.ncpu + g.cpu[op]!
    const n = rank * this.nnic + g.nic[op]!
    const free = Math.max(this.nextO[c]!, this.nextGs[n]!)
    if (free > t) {
      heap.time[slot] = free
      heap.push(slot)
      return
    }
    const s1 = g.size[op]! - 1
    this.markStarted(op)
    this.nextO[c] = t + p.o + s1 * p.O
    this.nextGs[n] = t + p.g + s1 * p.G
    // the same slot travels on as the message, with a new insertion stamp
    heap.type[slot] = EV_MSG
    heap.time[slot] = t + p.o + p.L
    heap.ts[slot] = this.stamp++
    heap.push(slot)
    if (g.size[op]! <= p.S) this.markDone(op)
  }

  private recv(slot: number): void {
    const g = this.g
    const heap = this.heap
    const op = heap.op[slot]!
    const t = heap.time[slot]!
    const rank = g.rankOf[op]!
    heap.release(slot)
    this.markStarted(op)
    const msg = this.unexpected.take(rank, g.peer[op]!, g.tag[op]!)
    if (msg < 0) {
      this.posted.append(rank, op)
      return
    }
    // LogGOPSim decides rendezvous here by the receive's size and frees the sender's
    // resources indexed by the receive's cpu and nic numbers.
    if (g.size[op]! > this.p.S) this.releaseSender(msg, g.rankOf[msg]!, g.cpu[op]!, g.nic[op]!, t)
    this.markDone(op)
  }

  private message(slot: number): void {
    const g = this.g
    const p = this.p
    const heap = this.heap
    const op = heap.op[slot]! // the send
    const t = heap.time[slot]!
    const rank = g.peer[op]!
    const sender = g.rankOf[op]!
    // the receiver uses the CPU and NIC numbers the send named
    const c = rank * this.ncpu + g.cpu[op]!
    const n = rank * this.nnic + g.nic[op]!
    const free = Math.max(this.nextO[c]!, this.nextGr[n]!)
    if (free > t) {
      heap.time[slot] = free
      heap.push(slot)
      return
    }
    heap.release(slot)
    const s1 = g.size[op]! - 1
    this.nextO[c] = t + p.o + Math.max(s1 * p.O, s1 * p.G)
    this.nextGr[n] = t + p.g + s1 * p.G
    const recv = this.posted.take(rank, sender, g.tag[op]!)
    if (recv < 0) {
      this.unexpected.append(rank, op)
      return
    }
    if (g.size[op]! > p.S) this.releaseSender(op, sender, g.cpu[op]!, g.nic[op]!, t)
    this.markDone(recv)
  }

  /** Rendezvous match: the send completes and its rank's CPU and NIC wait until now. */
  private releaseSender(sendOp: number, sender: number, cpu: number, nic: number, t: number): void {
    this.markDone(sendOp)
    const c = sender * this.ncpu + cpu
    const n = sender * this.nnic + nic
    if (this.nextO[c]! < t) this.nextO[c] = t
    if (this.nextGs[n]! < t) this.nextGs[n] = t
  }

  private markStarted(op: number): void {
    this.depLeft[op] = STARTED
    const g = this.g
    for (let k = g.startStart[op]!; k < g.startStart[op + 1]!; k++) this.release(g.startList[k]!)
  }

  private markDone(op: number): void {
    const g = this.g
    for (let k = g.doneStart[op]!; k < g.doneStart[op + 1]!; k++) this.release(g.doneList[k]!)
  }

  private release(dependent: number): void {
    const left = this.depLeft[dependent]! - 1
    this.depLeft[dependent] = left
    if (left === 0) this.ready[this.readyLen++] = dependent
  }

  /**
   * Queues the operations the last event made ready: rank by rank (ascending), each rank's in
   * the order they became ready, sorted by type the way LogGOPSim's std::sort leaves them, each
   * at the time its resources are next free.
   */
  private flushReady(): void {
    const g = this.g
    const ready = this.ready
    const scratch = this.scratch
    const len = this.readyLen
    this.readyLen = 0
    let done = 0
    while (done < len) {
      // smallest rank still pending in the ready list
      let rank = -1
      for (let k = 0; k < len; k++) {
        const op = ready[k]!
        if (op >= 0 && (rank < 0 || g.rankOf[op]! < rank)) rank = g.rankOf[op]!
      }
      let n = 0
      for (let k = 0; k < len; k++) {
        const op = ready[k]!
        if (op >= 0 && g.rankOf[op] === rank) {
          scratch[n++] = op
          ready[k] = -1
        }
      }
      done += n
      cxxSortByKey(scratch, 0, n, g.type)
      for (let k = 0; k < n; k++) {
        const op = scratch[k]!
        const cpuFree = this.nextO[rank * this.ncpu + g.cpu[op]!]!
        const time = g.type[op] === OP_SEND ? Math.max(cpuFree, this.nextGs[rank * this.nnic + g.nic[op]!]!) : cpuFree
        this.enqueue(op, time)
      }
    }
  }

  private result(): LogGopsResult {
    const g = this.g
    const unmatched: UnmatchedOp[] = []
    for (let r = 0; r < g.numRanks; r++) {
      for (const op of this.unexpected.entries(r)) unmatched.push(this.describe(r, 'unexpected', op, g.rankOf[op]!))
      for (const op of this.posted.entries(r)) unmatched.push(this.describe(r, 'posted', op, g.peer[op]!))
    }
    let neverStarted = 0
    for (let i = 0; i < g.numOps; i++) if (this.depLeft[i] !== STARTED) neverStarted++
    for (const times of [this.nextO, this.nextGr, this.nextGs]) {
      for (const t of times) if (t > Number.MAX_SAFE_INTEGER) throw new RangeError('simulated times exceed 2^53 and would lose precision')
    }
    log('%d ranks, %d ops, %d events, %d unmatched, %d never started', g.numRanks, g.numOps, this.events, unmatched.length, neverStarted)
    const base = { params: this.p, numRanks: g.numRanks, cpusPerRank: this.ncpu, nicsPerRank: this.nnic, unmatched, neverStarted, events: this.events }
    if (unmatched.length > 0) return { ...base, ranks: null, max: null, maxRank: null }
    const ranks: number[] = []
    let max = 0
    let maxRank = 0
    for (let r = 0; r < g.numRanks; r++) {
      let finish = 0
      for (let c = 0; c < this.ncpu; c++) finish = Math.max(finish, this.nextO[r * this.ncpu + c]!)
      ranks.push(finish)
      if (finish > max) {
        max = finish
        maxRank = r
      }
    }
    return { ...base, ranks, max, maxRank }
  }

  private describe(rank: number, queue: 'unexpected' | 'posted', op: number, src: number): UnmatchedOp {
    const g = this.g
    const opRank = g.rankOf[op]!
    const index = opIndex(g, op)
    const label = this.labelOf(opRank, index)
    const entry = { rank, queue, src, tag: tagValue(g.tag[op]!), bytes: g.size[op]!, opRank, opIndex: index }
    return label === undefined ? entry : { ...entry, label }
  }
}
