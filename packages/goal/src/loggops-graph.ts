// The schedule flattened into typed arrays for the simulator: all ranks' operations in one
// numbering (rank by rank in file order, or ranks interleaved), dependents of each operation in
// CSR form.
import { ANY, type GoalSchedule } from './goal-types.js'

// Operation type codes (OpGraph.type); their order is the order LogGOPSim sorts newly ready operations in.
/** OpGraph.type of a send. */
export const OP_SEND = 1
/** OpGraph.type of a receive. */
export const OP_RECV = 2
/** OpGraph.type of a calc. */
export const OP_CALC = 3

/** A schedule as typed arrays: one entry per operation, dependencies as index lists. */
export interface OpGraph {
  readonly numRanks: number
  readonly numOps: number
  /**
   * Operations of the ranks before each rank; `rankStart[numRanks] === numOps`. Rank by rank
   * (`interleaved` absent), also the first operation of each rank.
   */
  readonly rankStart: Int32Array
  /**
   * Absent or false: operations numbered rank by rank, rank r's i-th is `rankStart[r] + i` (the
   * readers, buildOpGraph). True: every rank has `numOps / numRanks` operations and rank r's i-th
   * is `i * numRanks + r` (fft2dGraph), so that in a schedule the ranks run in lockstep the
   * operations in use at one time are neighbours in memory. Use opId and opIndex; the
   * simulator's results do not depend on the numbering.
   */
  readonly interleaved?: boolean
  /** Rank of each operation (see RankIds). */
  readonly rankOf: RankIds
  readonly type: Uint8Array
  /** Bytes of a message, duration of a calc (see OpSizes). */
  readonly size: OpSizes
  /** Destination of a send, source of a recv (ANY allowed), unused for calc. */
  readonly peer: Int32Array
  /**
   * Tag as `tag | 0`: tags up to 2^32 - 2 fit by wrapping (those from 2^31 read as negative
   * numbers), and ANY (-1) stays -1, which no tag wraps to. Matching only compares tags, so the
   * wrapped values match exactly as the tags do; `tagValue` gives a tag back. Four bytes per
   * operation instead of a Float64Array's eight.
   */
  readonly tag: Int32Array
  readonly cpu: Uint8Array
  readonly nic: Uint8Array
  /** Number of dependencies (requires + irequires) each operation waits for. */
  readonly depCount: Uint32Array
  /** Operations waiting for op i to finish: doneList[doneStart[i] .. doneStart[i+1]). */
  readonly doneStart: Int32Array
  readonly doneList: Int32Array
  /** Operations waiting for op i to start. */
  readonly startStart: Int32Array
  readonly startList: Int32Array
  /** Highest cpu / nic number used (LogGOPSim gives every rank that many + 1). */
  readonly maxCpu: number
  readonly maxNic: number
}

/**
 * Sizes and durations: readers store them in 4 bytes each while every one fits in 32 bits (as
 * they do in practice), and widen the array to a Float64Array, once, at the first that does not.
 */
export type OpSizes = Uint32Array | Float64Array

/** Largest size a Uint32Array of sizes holds. */
export const MAX_NARROW_SIZE = 0xffffffff

/** The same sizes in a Float64Array (for a value above MAX_NARROW_SIZE). */
export function widenSizes(sizes: OpSizes): Float64Array {
  const wide = new Float64Array(sizes.length)
  wide.set(sizes)
  return wide
}

/** Ranks of operations in the narrowest array that holds every rank: 1, 2 or 4 bytes each. */
export type RankIds = Uint8Array | Uint16Array | Int32Array

/** An array for the ranks of `n` operations of a schedule of `numRanks` ranks. */
export function allocRankIds(numRanks: number, n: number): RankIds {
  return numRanks <= 0x100 ? new Uint8Array(n) : numRanks <= 0x10000 ? new Uint16Array(n) : new Int32Array(n)
}

/**
 * The per-operation arrays of an OpGraph of `numOps` operations of `numRanks` ranks, zeroed, for
 * a reader to fill; sizes narrow (OpSizes) unless `wideSizes`.
 */
export function allocOpArrays(numOps: number, numRanks: number, wideSizes = false) {
  return {
    rankOf: allocRankIds(numRanks, numOps),
    type: new Uint8Array(numOps),
    size: (wideSizes ? new Float64Array(numOps) : new Uint32Array(numOps)) as OpSizes,
    peer: new Int32Array(numOps),
    tag: new Int32Array(numOps),
    cpu: new Uint8Array(numOps),
    nic: new Uint8Array(numOps),
    depCount: new Uint32Array(numOps),
    doneStart: new Int32Array(numOps + 1),
    startStart: new Int32Array(numOps + 1),
  }
}

/** Id of rank `rank`'s `i`-th operation. */
export function opId(g: OpGraph, rank: number, i: number): number {
  return g.interleaved === true ? i * g.numRanks + rank : g.rankStart[rank]! + i
}

/** Index of operation `op` within its rank. */
export function opIndex(g: OpGraph, op: number): number {
  return g.interleaved === true ? Math.floor(op / g.numRanks) : op - g.rankStart[g.rankOf[op]!]!
}

/** A tag as written in the schedule (ANY stays ANY) from its OpGraph.tag entry. */
export function tagValue(stored: number): number {
  return stored === ANY ? ANY : stored >>> 0
}

export function buildOpGraph(schedule: GoalSchedule): OpGraph {
  const numRanks = schedule.ranks.length
  let numOps = 0
  for (const r of schedule.ranks) numOps += r.ops.length
  const rankStart = new Int32Array(numRanks + 1)
  const { rankOf, type, size, peer, tag, cpu, nic, depCount, doneStart, startStart } = allocOpArrays(numOps, numRanks, true)
  let maxCpu = 0
  let maxNic = 0
  let id = 0
  schedule.ranks.forEach((rank, r) => {
    rankStart[r] = id
    for (const op of rank.ops) {
      rankOf[id] = r
      cpu[id] = op.cpu
      if (op.kind === 'calc') {
        type[id] = OP_CALC
        size[id] = op.duration
        peer[id] = ANY
      } else {
        type[id] = op.kind === 'send' ? OP_SEND : OP_RECV
        size[id] = op.bytes
        peer[id] = op.kind === 'send' ? op.dest : op.src
        tag[id] = op.tag
        nic[id] = op.nic
      }
      if (op.cpu > maxCpu) maxCpu = op.cpu
      if (op.kind !== 'calc' && op.nic > maxNic) maxNic = op.nic
      id++
    }
    const base = rankStart[r]!
    for (const d of rank.deps) {
      depCount[base + d.op]!++
      if (d.kind === 'requires') doneStart[base + d.on + 1]!++
      else startStart[base + d.on + 1]!++
    }
  })
  rankStart[numRanks] = numOps
  for (let i = 0; i < numOps; i++) {
    doneStart[i + 1]! += doneStart[i]!
    startStart[i + 1]! += startStart[i]!
  }
  const doneList = new Int32Array(doneStart[numOps]!)
  const startList = new Int32Array(startStart[numOps]!)
  const doneFill = doneStart.slice(0, numOps)
  const startFill = startStart.slice(0, numOps)
  schedule.ranks.forEach((rank, r) => {
    const base = rankStart[r]!
    for (const d of rank.deps) {
      if (d.kind === 'requires') doneList[doneFill[base + d.on]!++] = base + d.op
      else startList[startFill[base + d.on]!++] = base + d.op
    }
  })
  return { numRanks, numOps, rankStart, rankOf, type, size, peer, tag, cpu, nic, depCount, doneStart, doneList, startStart, startList, maxCpu, maxNic }
}
