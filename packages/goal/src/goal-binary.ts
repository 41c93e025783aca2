// LogGOPSim's binary schedule format (what its txt2bin writes and LogGOPSim maps), read and
// written in chunks. Layout, little-endian, as in LogGOPSim's Parser.hpp (serialize_mmap):
//   u64 magic 4223 | u32 num_ranks | u8 max_cpu | u8 max_nic | num_ranks x (u64 start, u64 end)
// then per rank, at `start` (offsets count from the byte after the magic):
//   u32 nodes | u32 roots | roots x u32 (nodes without dependencies, in order)
//   nodes x 39 bytes: u32 dependencies | u8 type (1 send, 2 recv, 3 calc) | u32 peer | u64 size |
//     u32 tag | u8 cpu | u8 nic | u32 #done-dependents | u32 their first appendix index |
//     u32 #start-dependents | u32 their first appendix index
//   appendix: u32 node indices (within the rank).
// Wildcards (source, tag) are 0xffffffff; a calc has peer 0 and tag 0. LogGOPSim starts a rank
// with exactly the operations its root list names, so a list that is not "every operation without
// dependencies, in file order" (what txt2bin writes) is rejected rather than run differently.
import { GoalScheduleError } from './goal-errors.js'
import { ANY, MAX_CPU_NIC } from './goal-types.js'
import { allocOpArrays, OP_CALC, OP_RECV, OP_SEND, opId, opIndex, widenSizes, type OpGraph } from './loggops-graph.js'

/** The first 64-bit word of a LogGOPSim binary schedule (Parser.hpp's serialized graph). */
export const GOAL_BINARY_MAGIC = 4223n
/** LogGOPSim overwrites the magic with this when a run used --save-mem (the file is spent). */
export const MAGIC_INVALIDATED = 2342n
const NODE_BYTES = 39
const WILDCARD = 0xffffffff
const CHUNK = 1 << 20
/** No start-dependent list (yet). */
const NO_LIST = new Int32Array(0)

/** Reads `length` bytes at file `position` into `buf` at `offset`; returns how many. */
export type PositionalSource = (buf: Uint8Array, offset: number, length: number, position: number) => number

const fail = (path: string, detail: string): GoalScheduleError => new GoalScheduleError(path, detail)
/** An operation's place for error messages (built only when reporting one). */
const opAt = (r: number, local: number): string => `ranks[${r}].ops[${local}]`

/** Reads a binary schedule of `fileBytes` bytes into an operation graph, checking every field. */
export function readGoalBinary(read: PositionalSource, fileBytes: number): OpGraph {
  const small = new Uint8Array(16)
  const view = new DataView(small.buffer)
  const readAt = (position: number, n: number, what: string): DataView => {
    if (position + n > fileBytes || read(small, 0, n, position) !== n) throw fail('binary', `file ends inside ${what} (at byte ${position})`)
    return view
  }
  const magic = readAt(0, 8, 'the magic number').getBigUint64(0, true)
  if (magic === MAGIC_INVALIDATED) throw fail('binary', 'this schedule was spent by a LogGOPSim --save-mem run (magic 2342)')
  if (magic !== GOAL_BINARY_MAGIC) throw fail('binary', `not a LogGOPSim binary schedule (magic ${magic}, expected 4223)`)
  const header = readAt(8, 6, 'the header')
  const numRanks = header.getUint32(0, true)
  const maxCpu = header.getUint8(4)
  const maxNic = header.getUint8(5)
  if (numRanks < 1 || numRanks > 0x7fffffff) throw fail('binary', `num_ranks ${numRanks} is out of range`)
  // pass 1: every rank's place and counts
  const starts = new Float64Array(numRanks)
  const rankRoots = new Int32Array(numRanks)
  const rankStart = new Int32Array(numRanks + 1)
  const rankEdges = new Float64Array(numRanks)
  let numOps = 0
  let numEdges = 0
  for (let r = 0; r < numRanks; r++) {
    const jump = readAt(14 + 16 * r, 16, `the jump table entry of rank ${r}`)
    const start = Number(jump.getBigUint64(0, true))
    const end = Number(jump.getBigUint64(8, true))
    if (!(start <= end) || 8 + end > fileBytes) throw fail(`ranks[${r}]`, `data [${start}, ${end}) lies outside the file`)
    const counts = readAt(8 + start, 8, `the counts of rank ${r}`)
    const nodes = counts.getUint32(0, true)
    const roots = counts.getUint32(4, true)
    const edgeBytes = end - start - 8 - 4 * roots - NODE_BYTES * nodes
    if (edgeBytes < 0 || edgeBytes % 4 !== 0) throw fail(`ranks[${r}]`, `${end - start} bytes cannot hold ${nodes} operations and ${roots} roots`)
    if (roots > nodes) throw fail(`ranks[${r}]`, `${roots} roots but only ${nodes} operations`)
    starts[r] = 8 + start + 8 + 4 * roots
    rankRoots[r] = roots
    rankStart[r] = numOps
    rankEdges[r] = edgeBytes / 4
    numOps += nodes
    numEdges += edgeBytes / 4
    if (numOps > 0x7fffffff) throw fail('binary', 'more than 2^31 - 1 operations')
  }
  rankStart[numRanks] = numOps
  const arrays = allocOpArrays(numOps, numRanks)
  const { rankOf, type, peer, tag, cpu, nic, depCount, doneStart, startStart } = arrays
  // narrow until a size needs more than 32 bits
  let size = arrays.size
  // Rank by rank (dependencies never leave their rank), so the per-operation bookkeeping of
  // reading the appendix is held for one rank at a time, sized by the largest.
  let maxNodes = 0
  let maxEdges = 0
  for (let r = 0; r < numRanks; r++) {
    maxNodes = Math.max(maxNodes, rankStart[r + 1]! - rankStart[r]!)
    maxEdges = Math.max(maxEdges, rankEdges[r]!)
  }
  const doneAt = new Uint32Array(maxNodes) // where an operation's dependents start in the appendix
  const startAt = new Uint32Array(maxNodes)
  const incoming = new Uint32Array(maxNodes)
  const appendix = new Uint8Array(4 * maxEdges)
  const av = new DataView(appendix.buffer)
  // the done list holds at most every edge; the start list is made at the first start dependent
  const doneList = new Int32Array(numEdges)
  let startList = NO_LIST
  let doneLen = 0
  let startLen = 0
  const chunk = new Uint8Array(CHUNK - (CHUNK % NODE_BYTES))
  const cv = new DataView(chunk.buffer)
  for (let r = 0; r < numRanks; r++) {
    const first = rankStart[r]!
    const nodes = rankStart[r + 1]! - first
    const edges = rankEdges[r]!
    // the operations
    let position = starts[r]!
    let rankStartDeps = 0
    for (let done = 0; done < nodes;) {
      const n = Math.min(nodes - done, chunk.length / NODE_BYTES)
      if (read(chunk, 0, n * NODE_BYTES, position) !== n * NODE_BYTES) throw fail(`ranks[${r}]`, 'file ends inside the operations')
      for (let k = 0; k < n; k++) {
        const local = done + k
        const id = first + local
        const b = k * NODE_BYTES
        const t = chunk[b + 4]!
        if (t !== OP_SEND && t !== OP_RECV && t !== OP_CALC) throw fail(`${opAt(r, local)}.type`, `unknown operation type ${t}`)
        const p = cv.getUint32(b + 5, true)
        const lo = cv.getUint32(b + 9, true)
        const hi = cv.getUint32(b + 13, true)
        const tg = cv.getUint32(b + 17, true)
        if (hi >= 0x200000) throw fail(`${opAt(r, local)}.size`, 'larger than 2^53 - 1')
        type[id] = t
        if (hi !== 0 && size instanceof Uint32Array) size = widenSizes(size)
        size[id] = hi * 4294967296 + lo
        depCount[id] = cv.getUint32(b, true)
        cpu[id] = chunk[b + 21]!
        nic[id] = chunk[b + 22]!
        if (cpu[id]! > maxCpu) throw fail(`${opAt(r, local)}.cpu`, `cpu ${cpu[id]} is above the file's max_cpu ${maxCpu}`)
        if (t !== OP_CALC && nic[id]! > maxNic) throw fail(`${opAt(r, local)}.nic`, `nic ${nic[id]} is above the file's max_nic ${maxNic}`)
        rankOf[id] = r
        if (t === OP_CALC) {
          peer[id] = ANY
          tag[id] = 0
        } else {
          if (p === WILDCARD && t === OP_RECV) peer[id] = ANY
          else if (p >= numRanks) throw fail(`${opAt(r, local)}.${t === OP_SEND ? 'dest' : 'src'}`, `rank ${p} does not exist (${numRanks} ranks)`)
          else peer[id] = p
          tag[id] = tg === WILDCARD ? ANY : tg
        }
        const nDone = cv.getUint32(b + 23, true)
        const nStart = cv.getUint32(b + 31, true)
        if (nDone > edges || nStart > edges) throw fail(opAt(r, local), `names more dependents than the appendix holds (${edges})`)
        doneStart[id + 1] = nDone
        doneAt[local] = cv.getUint32(b + 27, true)
        // written only when there are start dependents, so files without them never touch startStart
        if (nStart !== 0) {
          startStart[id + 1] = nStart
          rankStartDeps += nStart
        }
        startAt[local] = cv.getUint32(b + 35, true)
      }
      done += n
      position += n * NODE_BYTES
    }
    // counts to starts (doneStart[first] already holds the earlier ranks' total)
    let rankDone = 0
    for (let id = first; id < first + nodes; id++) {
      rankDone += doneStart[id + 1]!
      doneStart[id + 1]! += doneStart[id]!
    }
    if (rankStartDeps > 0 || startLen > 0) {
      for (let id = first; id < first + nodes; id++) startStart[id + 1]! += startStart[id]!
    }
    if (rankDone + rankStartDeps !== edges) throw fail(`ranks[${r}]`, `the operations name ${rankDone + rankStartDeps} dependents, the appendix holds ${edges}`)
    if (rankStartDeps > 0 && startList === NO_LIST) startList = new Int32Array(numEdges - doneLen)
    // the appendix, then the operations' dependent lists
    const apx = position
    for (let off = 0; off < 4 * edges;) {
      const got = read(appendix, off, Math.min(CHUNK, 4 * edges - off), apx + off)
      if (got <= 0) throw fail(`ranks[${r}]`, 'file ends inside the appendix')
      off += got
    }
    incoming.fill(0, 0, nodes)
    for (let local = 0; local < nodes; local++) {
      const id = first + local
      for (let pass = 0; pass < 2; pass++) {
        const list = pass === 0 ? doneList : startList
        const from = pass === 0 ? doneStart[id]! : startStart[id]!
        const to = pass === 0 ? doneStart[id + 1]! : startStart[id + 1]!
        const what = pass === 0 ? 'dependents' : 'start dependents'
        const at = pass === 0 ? doneAt[local]! : startAt[local]!
        if (at + (to - from) > edges) throw fail(`ranks[${r}].ops[${local}]`, `${what} lie outside the appendix`)
        for (let k = from; k < to; k++) {
          const dependent = av.getUint32(4 * (at + k - from), true)
          if (dependent >= nodes) throw fail(`ranks[${r}].ops[${local}]`, `${what}: operation ${dependent} does not exist (rank ${r} has ${nodes})`)
          list[k] = first + dependent
          incoming[dependent]!++
        }
      }
    }
    for (let local = 0; local < nodes; local++) {
      if (incoming[local] !== depCount[first + local]) {
        throw fail(`ranks[${r}].ops[${local}]`, `says it waits for ${depCount[first + local]} operations, ${incoming[local]} name it`)
      }
    }
    checkRoots(read, r, starts[r]! - 4 * rankRoots[r]!, rankRoots[r]!, depCount, first, nodes)
    doneLen = doneStart[first + nodes]!
    if (startLen > 0 || rankStartDeps > 0) startLen = startStart[first + nodes]!
  }
  return {
    numRanks, numOps, rankStart, rankOf, type, size, peer, tag, cpu, nic, depCount, doneStart,
    doneList: doneList.subarray(0, doneLen), startStart, startList: startList.subarray(0, startLen), maxCpu, maxNic,
  }
}

/** Checks that rank `r`'s root list (`roots` u32 at `position`) names its operations without dependencies, in order. */
function checkRoots(read: PositionalSource, r: number, position: number, roots: number, depCount: Uint32Array, first: number, nodes: number): void {
  const chunk = new Uint8Array(Math.min(CHUNK, 4 * roots))
  const view = new DataView(chunk.buffer)
  let next = 0 // the next operation without dependencies, as a local index
  const advance = (): void => {
    while (next < nodes && depCount[first + next] !== 0) next++
  }
  advance()
  for (let done = 0; done < roots;) {
    const n = Math.min(roots - done, chunk.length / 4)
    if (read(chunk, 0, 4 * n, position + 4 * done) !== 4 * n) throw fail(`ranks[${r}]`, 'file ends inside the root list')
    for (let k = 0; k < n; k++) {
      const root = view.getUint32(4 * k, true)
      if (root !== next) {
        const want = next < nodes ? `operation ${next}` : 'no more roots'
        throw fail(`ranks[${r}].roots[${done + k}]`, `is operation ${root}, expected ${want} (the operations without dependencies, in order)`)
      }
      next++
      advance()
    }
    done += n
  }
  if (next < nodes) throw fail(`ranks[${r}]`, `operation ${next} has no dependencies but is not in the root list`)
}

/** Writes `graph` in LogGOPSim's binary format, in pieces of about 1 MB, byte for byte what txt2bin writes. */
export function writeGoalBinary(graph: OpGraph, sink: (bytes: Uint8Array) => void): void {
  const g = graph
  if (g.maxCpu > MAX_CPU_NIC || g.maxNic > MAX_CPU_NIC) throw fail('binary', 'cpu and nic numbers must fit one byte')
  const buf = new Uint8Array(CHUNK + 64)
  const v = new DataView(buf.buffer)
  let at = 0
  const flush = (): void => {
    if (at > 0) sink(buf.slice(0, at))
    at = 0
  }
  const room = (n: number): void => {
    if (at + n > buf.length) flush()
  }
  const u32 = (x: number): void => {
    room(4)
    v.setUint32(at, x, true)
    at += 4
  }
  const u64 = (x: number): void => {
    room(8)
    v.setUint32(at, x % 4294967296, true)
    v.setUint32(at + 4, Math.floor(x / 4294967296), true)
    at += 8
  }
  const u8 = (x: number): void => {
    room(1)
    buf[at++] = x
  }
  u64(Number(GOAL_BINARY_MAGIC))
  u32(g.numRanks)
  u8(g.maxCpu)
  u8(g.maxNic)
  let offset = 4 + 2 + 16 * g.numRanks
  for (let r = 0; r < g.numRanks; r++) {
    const nodes = g.rankStart[r + 1]! - g.rankStart[r]!
    let roots = 0
    let edges = 0
    for (let i = 0; i < nodes; i++) {
      const id = opId(g, r, i)
      if (g.depCount[id] === 0) roots++
      edges += g.doneStart[id + 1]! - g.doneStart[id]! + g.startStart[id + 1]! - g.startStart[id]!
    }
    const bytes = 8 + 4 * roots + NODE_BYTES * nodes + 4 * edges
    u64(offset)
    u64(offset + bytes)
    offset += bytes
  }
  for (let r = 0; r < g.numRanks; r++) {
    const nodes = g.rankStart[r + 1]! - g.rankStart[r]!
    let roots = 0
    for (let i = 0; i < nodes; i++) if (g.depCount[opId(g, r, i)] === 0) roots++
    u32(nodes)
    u32(roots)
    for (let i = 0; i < nodes; i++) if (g.depCount[opId(g, r, i)] === 0) u32(i)
    let appendix = 0
    for (let i = 0; i < nodes; i++) {
      const id = opId(g, r, i)
      const isCalc = g.type[id] === OP_CALC
      const nDone = g.doneStart[id + 1]! - g.doneStart[id]!
      const nStart = g.startStart[id + 1]! - g.startStart[id]!
      u32(g.depCount[id]!)
      u8(g.type[id]!)
      u32(isCalc ? 0 : g.peer[id] === ANY ? WILDCARD : g.peer[id]!)
      u64(g.size[id]!)
      u32(isCalc ? 0 : g.tag[id] === ANY ? WILDCARD : g.tag[id]!)
      u8(g.cpu[id]!)
      u8(isCalc ? 0 : g.nic[id]!)
      u32(nDone)
      u32(appendix)
      appendix += nDone
      u32(nStart)
      u32(appendix)
      appendix += nStart
    }
    for (let i = 0; i < nodes; i++) {
      const id = opId(g, r, i)
      for (let k = g.doneStart[id]!; k < g.doneStart[id + 1]!; k++) u32(opIndex(g, g.doneList[k]!))
      for (let k = g.startStart[id]!; k < g.startStart[id + 1]!; k++) u32(opIndex(g, g.startList[k]!))
    }
  }
  flush()
}
