// The streaming byte reader and the binary format against the object reader: the same graph,
// the same per-host times and the same error messages, on the example files and on generated
// schedules larger than the reader's 1 MB chunk.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GoalScheduleError, GoalSyntaxError } from '../src/goal-errors.js'
import { parseGoal } from '../src/goal-parse.js'
import { readGoalGraphFromBytes, MAX_TOKEN_BYTES } from '../src/goal-read.js'
import { readGoalBinary, writeGoalBinary } from '../src/goal-binary.js'
import { readGoalFile } from '../src/goal-read-file.js'
import { writeAllreduce, writePingPongChain, writeRandomExchange } from '../src/goal-synthetic.js'
import { allocRankIds, buildOpGraph, type OpGraph } from '../src/loggops-graph.js'
import { ANY } from '../src/goal-types.js'
import { MatchQueues } from '../src/match-queue.js'
import { LabelTable } from '../src/goal-labels.js'
import { simulateLogGops, simulateLogGopsGraph } from '../src/loggops.js'
import { BAD_GOAL_TEXTS } from './bad-goal-texts.js'

const examples = fileURLToPath(new URL('../../../examples/goal/', import.meta.url))

function text(write: (sink: (s: string) => void) => void): string {
  const parts: string[] = []
  write((s) => parts.push(s))
  return parts.join('')
}

const FIELDS = ['rankStart', 'rankOf', 'type', 'size', 'peer', 'tag', 'cpu', 'nic', 'depCount', 'doneStart', 'doneList', 'startStart', 'startList'] as const

function expectSameGraph(a: OpGraph, b: OpGraph): void {
  expect([a.numRanks, a.numOps, a.maxCpu, a.maxNic]).toEqual([b.numRanks, b.numOps, b.maxCpu, b.maxNic])
  for (const f of FIELDS) expect(Array.from(a[f]), f).toEqual(Array.from(b[f]))
}

/** Reads a binary schedule held in memory. */
function readBytes(bytes: Uint8Array): OpGraph {
  return readGoalBinary((buf, offset, length, position) => {
    const n = Math.max(0, Math.min(length, bytes.length - position))
    buf.set(bytes.subarray(position, position + n), offset)
    return n
  }, bytes.length)
}

/** Reads back what writeGoalBinary wrote. */
function binaryRoundTrip(g: OpGraph): { bytes: Uint8Array; graph: OpGraph } {
  const parts: Uint8Array[] = []
  writeGoalBinary(g, (p) => parts.push(p))
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    bytes.set(p, at)
    at += p.length
  }
  return { bytes, graph: readBytes(bytes) }
}

const files = readdirSync(examples).filter((f) => f.endsWith('.goal'))
const generated: Array<[string, string]> = [
  ['allreduce on 256 hosts', text((s) => writeAllreduce(s, 256))],
  ['ping-pong chain of 40,000 operations (> 1 MB)', text((s) => writePingPongChain(s, 40_000))],
  ['random exchange, 6 ranks (> 1 MB)', text((s) => writeRandomExchange(s, 6, 2_500, 7))],
]

describe('readGoalGraph (streaming) against parseGoal (objects)', () => {
  it.each(files)('examples/goal/%s: same graph, same per-host times', (file) => {
    const source = readFileSync(examples + file, 'utf8')
    const g = readGoalGraphFromBytes(source)
    expectSameGraph(g, buildOpGraph(parseGoal(source)))
    expect(simulateLogGopsGraph(g)).toEqual(simulateLogGops(parseGoal(source)))
  })

  it.each(generated)('%s: same graph, same per-host times', (_name, source) => {
    const g = readGoalGraphFromBytes(source)
    expectSameGraph(g, buildOpGraph(parseGoal(source)))
    const want = simulateLogGops(parseGoal(source))
    expect(want.unmatched).toEqual([])
    expect(simulateLogGopsGraph(g)).toEqual(want)
  })

  it('a run counts down in the graph and leaves it as it found it (completed, unmatched or stopped)', () => {
    for (const source of [generated[2]![1], 'num_ranks 2\nrank 0 {\na: send 4b to 1 tag 3\nb: calc 5\nb irequires a\n}\nrank 1 {\nx: recv 4b from 0 tag 4\n}\n']) {
      const g = readGoalGraphFromBytes(source)
      const before = Array.from(g.depCount)
      simulateLogGopsGraph(g)
      expect(Array.from(g.depCount)).toEqual(before)
    }
    // two calcs of 2^53 - 1 one after the other end past 2^53: the run throws at its end
    const g = readGoalGraphFromBytes('num_ranks 1\nrank 0 {\na: calc 9007199254740991\nb: calc 9007199254740991\nb requires a\n}\n')
    const before = Array.from(g.depCount)
    expect(() => simulateLogGopsGraph(g)).toThrow('simulated times exceed 2^53')
    expect(Array.from(g.depCount)).toEqual(before)
  })

  it('irequires first met in a later rank: earlier and later ranks get the right start lists', () => {
    const rank = (r: number, irequires: boolean): string =>
      `rank ${r} {\na: calc 5\nb: calc 7\nc: send 8b to ${(r + 1) % 3}\nd: recv 8b from ${(r + 2) % 3}\nb requires a\n${irequires ? 'c irequires b\nd irequires a\n' : 'c requires b\n'}}\n`
    const source = `num_ranks 3\n${rank(0, false)}${rank(1, true)}${rank(2, false)}`
    const g = readGoalGraphFromBytes(source)
    expectSameGraph(g, buildOpGraph(parseGoal(source)))
    expect(Array.from(g.startList)).toEqual([7, 6]) // a's start-dependent d, then b's c (rank 1 is ops 4..7)
    expect(simulateLogGopsGraph(g)).toEqual(simulateLogGops(parseGoal(source)))
  })

  it('the generated texts span several 1 MB chunks', () => {
    expect(generated[1]![1].length).toBeGreaterThan(1 << 20)
    expect(generated[2]![1].length).toBeGreaterThan(1 << 20)
  })

  it.each(BAD_GOAL_TEXTS)('%s -> the same one-line error', (_name, source, message) => {
    expect(() => readGoalGraphFromBytes(source)).toThrow(new GoalSyntaxError(Number(/^line (\d+)/.exec(message)![1]), message.replace(/^line \d+: /, '')))
  })

  it('names a byte that is not UTF-8 by what it is', () => {
    expect(() => readGoalGraphFromBytes(Uint8Array.of(0xff, 0x0a))).toThrow(new GoalSyntaxError(1, 'unexpected byte (not UTF-8)'))
  })

  it('keeps labels only when asked, for unmatched-operation reports', () => {
    const source = 'num_ranks 2\nrank 0 {\na: send 4b to 1 tag 3\n}\nrank 1 {\nx: recv 4b from 0 tag 4\n}\n'
    expect(readGoalGraphFromBytes(source).labels).toBeNull()
    const g = readGoalGraphFromBytes(source, { keepLabels: true })
    const r = simulateLogGopsGraph(g, {}, (rank, i) => g.labels!.get(g.rankStart[rank]! + i))
    expect(r).toEqual(simulateLogGops(parseGoal(source)))
    expect(r.unmatched.map((u) => u.label)).toEqual(['a', 'x'])
  })

  it('a word longer than the token limit is a one-line error, not an unbounded buffer', () => {
    const source = `num_ranks 1\nrank 0 {\n${'a'.repeat(MAX_TOKEN_BYTES + 10)}: calc 1\n}\n`
    expect(() => readGoalGraphFromBytes(source)).toThrow(`line 3: a word or number longer than ${MAX_TOKEN_BYTES} bytes`)
  })

  it('comments and statements straddling chunk boundaries read the same', () => {
    // a long comment pushes the statements across the first 1 MB boundary at every offset mod 7
    for (let pad = 0; pad < 7; pad++) {
      const source = `num_ranks 2\n/* ${'x'.repeat((1 << 20) - 20 + pad)} */ rank 0 {\n// ${'y'.repeat(70_000)}\na: send 8b to 1 tag 5\n}\nrank 1 {\nb: recv 8b from -1 tag 5\n}\n`
      expectSameGraph(readGoalGraphFromBytes(source), buildOpGraph(parseGoal(source)))
    }
  })
})

describe("LogGOPSim's binary format", () => {
  it('lays out a one-rank schedule byte for byte as Parser.hpp describes', () => {
    const g = readGoalGraphFromBytes('num_ranks 1\nrank 0 {\na: send 300b to 0 tag 9 nic 1\nb: recv 300b from -1 tag -1 cpu 2\nc: calc 77\nc requires a\nc irequires b\n}\n')
    const { bytes } = binaryRoundTrip(g)
    const v = new DataView(bytes.buffer)
    expect(v.getBigUint64(0, true)).toBe(4223n)
    expect([v.getUint32(8, true), bytes[12], bytes[13]]).toEqual([1, 2, 1]) // ranks, max cpu, max nic
    // jump table: rank 0 from 22 (4 + 2 + 16, counted after the magic) to 22 + 8 + 2*4 + 3*39 + 2*4
    expect([Number(v.getBigUint64(14, true)), Number(v.getBigUint64(22, true))]).toEqual([22, 22 + 8 + 8 + 117 + 8])
    const rank = 30
    expect([v.getUint32(rank, true), v.getUint32(rank + 4, true), v.getUint32(rank + 8, true), v.getUint32(rank + 12, true)]).toEqual([3, 2, 0, 1])
    const node = (i: number): number => rank + 16 + 39 * i
    // a: no dependencies, send, peer 0, 300 bytes, tag 9, cpu 0, nic 1, one done-dependent at 0, none at 1
    const a = node(0)
    expect([v.getUint32(a, true), bytes[a + 4], v.getUint32(a + 5, true), v.getUint32(a + 9, true), v.getUint32(a + 17, true), bytes[a + 21], bytes[a + 22]]).toEqual([0, 1, 0, 300, 9, 0, 1])
    expect([v.getUint32(a + 23, true), v.getUint32(a + 27, true), v.getUint32(a + 31, true), v.getUint32(a + 35, true)]).toEqual([1, 0, 0, 1])
    const b = node(1)
    expect([bytes[b + 4], v.getUint32(b + 5, true), v.getUint32(b + 17, true), bytes[b + 21]]).toEqual([2, 0xffffffff, 0xffffffff, 2])
    expect([v.getUint32(b + 23, true), v.getUint32(b + 27, true), v.getUint32(b + 31, true), v.getUint32(b + 35, true)]).toEqual([0, 1, 1, 1])
    const c = node(2)
    expect([v.getUint32(c, true), bytes[c + 4], v.getUint32(c + 5, true), v.getUint32(c + 9, true), v.getUint32(c + 17, true)]).toEqual([2, 3, 0, 77, 0])
    // appendix: a's done-dependent c, b's start-dependent c
    expect([v.getUint32(node(3), true), v.getUint32(node(3) + 4, true)]).toEqual([2, 2])
    expect(bytes.length).toBe(8 + 22 + 141)
  })

  it('reads a file built by hand in the layout of txt2bin (Parser.hpp serialize_mmap), and writes the same bytes', () => {
    // Built field by field here, not with writeGoalBinary. Two ranks:
    //   rank 0: a: send 8b to 1 tag 5 / b: calc 100 / b requires a
    //   rank 1: r: recv 8b from -1 tag -1 cpu 1 / c: calc 50 / c irequires r
    const bytes: number[] = []
    const u8 = (x: number): void => void bytes.push(x)
    const u32 = (x: number): void => void bytes.push(x & 0xff, (x >>> 8) & 0xff, (x >>> 16) & 0xff, x >>> 24)
    const u64 = (x: number): void => { u32(x); u32(0) }
    const node = (deps: number, type: number, peer: number, size: number, tag: number, cpu: number, nic: number, done: [number, number], start: [number, number]): void => {
      u32(deps); u8(type); u32(peer); u64(size); u32(tag); u8(cpu); u8(nic); u32(done[0]); u32(done[1]); u32(start[0]); u32(start[1])
    }
    const RANK_BYTES = 4 + 4 + 4 + 2 * 39 + 4 // counts, one root, two nodes, one appendix entry
    u64(4223)
    u32(2); u8(1); u8(0) // ranks, max cpu, max nic
    const first = 4 + 2 + 2 * 16 // offsets count from the byte after the magic
    u64(first); u64(first + RANK_BYTES)
    u64(first + RANK_BYTES); u64(first + 2 * RANK_BYTES)
    u32(2); u32(1); u32(0)
    node(0, 1, 1, 8, 5, 0, 0, [1, 0], [0, 1])
    node(1, 3, 0, 100, 0, 0, 0, [0, 1], [0, 1])
    u32(1)
    u32(2); u32(1); u32(0)
    node(0, 2, 0xffffffff, 8, 0xffffffff, 1, 0, [0, 0], [1, 0])
    node(1, 3, 0, 50, 0, 0, 0, [0, 1], [0, 1])
    u32(1)
    const file = Uint8Array.from(bytes)
    expect(file.length).toBe(8 + first + 2 * RANK_BYTES)
    const g = readBytes(file)
    expect([g.numRanks, g.numOps, g.maxCpu, g.maxNic]).toEqual([2, 4, 1, 0])
    expect(Array.from(g.type)).toEqual([1, 3, 2, 3])
    expect(Array.from(g.size)).toEqual([8, 100, 8, 50])
    expect(Array.from(g.peer)).toEqual([1, ANY, ANY, ANY])
    expect(Array.from(g.tag)).toEqual([5, 0, ANY, 0])
    expect(Array.from(g.cpu)).toEqual([0, 0, 1, 0])
    expect(Array.from(g.depCount)).toEqual([0, 1, 0, 1])
    expect([Array.from(g.doneStart), Array.from(g.doneList)]).toEqual([[0, 1, 1, 1, 1], [1]])
    expect([Array.from(g.startStart), Array.from(g.startList)]).toEqual([[0, 0, 0, 1, 1], [3]])
    const source = 'num_ranks 2\nrank 0 {\na: send 8b to 1 tag 5\nb: calc 100\nb requires a\n}\nrank 1 {\nr: recv 8b from -1 tag -1 cpu 1\nc: calc 50\nc irequires r\n}\n'
    const fromText = readGoalGraphFromBytes(source)
    expectSameGraph(g, fromText)
    expect(simulateLogGopsGraph(g)).toEqual(simulateLogGops(parseGoal(source)))
    expect(Array.from(binaryRoundTrip(fromText).bytes)).toEqual(bytes)
    // a root list that is not "the operations without dependencies, in order" is rejected
    const badRoot = file.slice()
    new DataView(badRoot.buffer).setUint32(8 + first + 8, 1, true)
    expect(() => readBytes(badRoot)).toThrow('ranks[0].roots[0]: is operation 1, expected operation 0')
    // a dependent count no appendix could hold (here 2^32 - 1) is named, not read as a negative range
    const tooMany = file.slice()
    new DataView(tooMany.buffer).setUint32(8 + first + 12 + 23, 0xffffffff, true)
    expect(() => readBytes(tooMany)).toThrow('ranks[0].ops[0]: names more dependents than the appendix holds (1)')
  })

  it.each([...files.map((f) => [f, readFileSync(examples + f, 'utf8')] as [string, string]), ...generated])('%s: text -> binary -> graph is the same graph and times', (_name, source) => {
    const g = readGoalGraphFromBytes(source)
    const back = binaryRoundTrip(g).graph
    expectSameGraph(back, g)
    expect(simulateLogGopsGraph(back)).toEqual(simulateLogGopsGraph(g))
  })

  it('reads a spent schedule (magic 2342) as binary, so the error says it was spent', () => {
    const { bytes } = binaryRoundTrip(readGoalGraphFromBytes('num_ranks 1\nrank 0 {\na: calc 1\n}\n'))
    new DataView(bytes.buffer, bytes.byteOffset).setBigUint64(0, 2342n, true)
    const dir = mkdtempSync(join(tmpdir(), 'spinmpi-goal-'))
    try {
      writeFileSync(join(dir, 'spent.bin'), bytes)
      expect(() => readGoalFile(join(dir, 'spent.bin'))).toThrow(new GoalScheduleError('binary', 'this schedule was spent by a LogGOPSim --save-mem run (magic 2342)'))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('rejects a file that is not a schedule, a truncated one and inconsistent dependency counts', () => {
    const g = readGoalGraphFromBytes('num_ranks 1\nrank 0 {\na: calc 1\nb: calc 2\nb requires a\n}\n')
    const { bytes } = binaryRoundTrip(g)
    const read = (b: Uint8Array): OpGraph =>
      readGoalBinary((buf, offset, length, position) => {
        const n = Math.max(0, Math.min(length, b.length - position))
        buf.set(b.subarray(position, position + n), offset)
        return n
      }, b.length)
    const bad = bytes.slice()
    bad[0] = 1
    expect(() => read(bad)).toThrow(GoalScheduleError)
    expect(() => read(bytes.slice(0, bytes.length - 3))).toThrow(/outside the file/)
    const counts = bytes.slice()
    new DataView(counts.buffer).setUint32(30 + 12, 5, true) // op a says it waits for 5
    expect(() => read(counts)).toThrow('ranks[0].ops[0]: says it waits for 5 operations, 0 name it')
  })
})

type QueueStep = { take: boolean; rank: number; src: number; tag: number }

/**
 * Plays `steps` on MatchQueues and on a plain list per rank walked in posting order (MPI's
 * matching rule, wildcards on either side): every take must return the walk's entry.
 */
function takesMatchPostingOrderWalk(ranks: number, capacity: number, steps: readonly QueueStep[]): void {
  const n = steps.length
  const entrySrc = new Int32Array(n)
  const entryTag = new Int32Array(n)
  const q = new MatchQueues(ranks, capacity, entrySrc, entryTag)
  const reference: number[][] = Array.from({ length: ranks }, () => [])
  steps.forEach((s, op) => {
    const list = reference[s.rank]!
    if (!s.take) {
      entrySrc[op] = s.src
      entryTag[op] = s.tag
      q.append(s.rank, op)
      list.push(op)
      return
    }
    const k = list.findIndex((e) => (s.src === ANY || entrySrc[e] === ANY || entrySrc[e] === s.src) && (s.tag === ANY || entryTag[e] === ANY || entryTag[e] === s.tag))
    expect(q.take(s.rank, s.src, s.tag)).toBe(k < 0 ? -1 : list.splice(k, 1)[0]!)
    expect(q.count(s.rank)).toBe(list.length)
  })
  for (let r = 0; r < ranks; r++) expect(q.entries(r)).toEqual(reference[r])
}

describe('hashed matching queues keep MPI order', () => {
  it('take returns what a walk of the whole queue in posting order returns (random posts, wildcards on both sides)', () => {
    const value = fc.integer({ min: -1, max: 3 }) // -1 is ANY
    // mostly appends to one rank, so queues grow past the indexing threshold and drain again
    const step = fc.record({ take: fc.integer({ min: 0, max: 9 }).map((x) => x < 4), rank: fc.integer({ min: 0, max: 2 }).map((r) => (r === 2 ? 1 : r)), src: value, tag: value })
    fc.assert(fc.property(fc.array(step, { maxLength: 300 }), (steps) => takesMatchPostingOrderWalk(3, steps.length, steps)), { numRuns: 300 })
  })
})

describe('indexed matching queues: long queues, queries with a wildcard source or tag', () => {
  it('take returns what a posting-order walk returns when queues hold hundreds of entries', () => {
    // appends outnumber takes 3:1, so queues stay indexed (> 16 entries) for most of the run and
    // the (ANY, T), (S, ANY) and (S, T) queries go through the tag, source and exact indexes
    const value = fc.integer({ min: -1, max: 5 })
    const step = fc.record({ take: fc.integer({ min: 0, max: 3 }).map((x) => x === 0), rank: fc.integer({ min: 0, max: 1 }), src: value, tag: value })
    fc.assert(fc.property(fc.array(step, { minLength: 200, maxLength: 1500 }), (steps) => takesMatchPostingOrderWalk(2, 8, steps)), { numRuns: 60 })
  })
})

describe('LabelTable', () => {
  it('behaves as a Map from label to index, cleared per rank (numbered, zero-padded and plain labels)', () => {
    const label = fc.tuple(fc.constantFrom('a', 'b', 's_', 'x'), fc.constantFrom('', '0', '00', '1', '01', '10', '7', '123456789', '99999999'))
      .map(([p, d]) => p + d)
    const step = fc.oneof(fc.record({ add: label }), fc.record({ get: label }), fc.constant({ clear: true as const }))
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const t = new LabelTable()
        let model = new Map<string, number>()
        const bytes = (s: string): Uint8Array => new TextEncoder().encode(s)
        steps.forEach((s, i) => {
          if ('clear' in s) {
            t.clear()
            model = new Map()
          } else if ('add' in s) {
            expect(t.add(bytes(s.add), s.add.length, i)).toBe(!model.has(s.add))
            if (!model.has(s.add)) model.set(s.add, i)
          } else {
            expect(t.get(bytes(s.get), s.get.length)).toBe(model.get(s.get) ?? -1)
          }
        })
      }),
      { numRuns: 300 },
    )
  })
})

describe('tags above 2^31 in the Int32Array tag field', () => {
  const HIGH = 2 ** 31 // wraps to -2^31
  const TOP = 0xfffffffe // MAX_TAG, wraps to -2 (ANY is -1, which no tag wraps to)
  const source = [
    'num_ranks 2',
    'rank 0 {',
    `s1: send 8b to 1 tag ${TOP}`,
    `s2: send 8b to 1 tag ${HIGH}`,
    's3: send 8b to 1 tag -1',
    's2 requires s1',
    's3 requires s2',
    '}',
    'rank 1 {',
    `r1: recv 8b from 0 tag ${TOP}`,
    `r2: recv 8b from -1 tag ${HIGH + 2}`,
    `r3: recv 8b from 0 tag ${HIGH + 1}`,
    '}',
  ].join('\n')

  it('stores tag | 0, keeps ANY apart, and writes and reads them back in the binary format', () => {
    const g = readGoalGraphFromBytes(source)
    expect(Array.from(g.tag)).toEqual([-2, -HIGH, ANY, -2, -HIGH + 2, -HIGH + 1])
    expectSameGraph(g, buildOpGraph(parseGoal(source)))
    const { bytes, graph } = binaryRoundTrip(g)
    expectSameGraph(graph, g)
    // the binary format holds the tags as unsigned 32-bit numbers, the wildcard as 0xffffffff
    const view = new DataView(bytes.buffer)
    const tags: number[] = []
    for (let at = 0; at + 4 <= bytes.length; at++) {
      const v = view.getUint32(at, true)
      if (v === TOP || (v >= HIGH && v <= HIGH + 2)) tags.push(v)
    }
    expect(tags).toEqual([TOP, HIGH, TOP, HIGH + 2, HIGH + 1])
  })

  it('matches equal tags only, and reports unmatched ones with the tag as written', () => {
    const r = simulateLogGopsGraph(readGoalGraphFromBytes(source))
    // TOP matches TOP; the send of tag ANY takes the first receive posted (tag 2^31 + 2); the
    // send of tag 2^31 and the receive of tag 2^31 + 1 stay apart
    expect(r.unmatched).toEqual([
      { rank: 1, queue: 'unexpected', src: 0, tag: HIGH, bytes: 8, opRank: 0, opIndex: 1 },
      { rank: 1, queue: 'posted', src: 0, tag: HIGH + 1, bytes: 8, opRank: 1, opIndex: 2 },
    ])
    // the object path gives the same, with the labels it keeps
    const labelled = simulateLogGops(parseGoal(source))
    expect(labelled.unmatched.map(({ label: _, ...u }) => u)).toEqual(r.unmatched)
    expect(labelled.unmatched.map((u) => u.label)).toEqual(['s2', 'r3'])
  })
})

describe('sizes in 4 bytes until one needs more', () => {
  const small = 'num_ranks 2\nrank 0 {\ns: send 4294967295b to 1\n}\nrank 1 {\nr: recv 4294967295b from 0\nc: calc 7\n}\n'
  // the calc past 2^32 comes after operations already stored narrow: they must survive the widening
  const large = 'num_ranks 2\nrank 0 {\nc1: calc 5\ns: send 8589934592b to 1\n}\nrank 1 {\nr: recv 8589934592b from 0\nc: calc 1099511627776\n}\n'

  it('keeps a Uint32Array while every size fits in 32 bits, in both readers', () => {
    const g = readGoalGraphFromBytes(small)
    expect(g.size).toBeInstanceOf(Uint32Array)
    expect(Array.from(g.size)).toEqual([4294967295, 4294967295, 7])
    const { graph } = binaryRoundTrip(g)
    expect(graph.size).toBeInstanceOf(Uint32Array)
    expectSameGraph(graph, g)
  })

  it('widens to a Float64Array at the first larger size, keeping the earlier ones, in both readers', () => {
    const g = readGoalGraphFromBytes(large)
    expect(g.size).toBeInstanceOf(Float64Array)
    expect(Array.from(g.size)).toEqual([5, 2 ** 33, 2 ** 33, 2 ** 40])
    expectSameGraph(g, buildOpGraph(parseGoal(large)))
    const { graph } = binaryRoundTrip(g)
    expect(graph.size).toBeInstanceOf(Float64Array)
    expectSameGraph(graph, g)
    expect(simulateLogGopsGraph(g)).toEqual(simulateLogGops(parseGoal(large)))
  })

  it('widens past a growth of the operation arrays (more operations than the size hint expects)', () => {
    const lines = ['num_ranks 1', 'rank 0 {']
    for (let i = 0; i < 3000; i++) lines.push(`c${i}: calc ${i === 2500 ? 2 ** 35 : i}`)
    lines.push('}')
    const source = lines.join('\n')
    const g = readGoalGraphFromBytes(source, { sizeHint: 64 })
    expect(g.size).toBeInstanceOf(Float64Array)
    expectSameGraph(g, buildOpGraph(parseGoal(source)))
  })
})

describe('ranks of operations in the narrowest array', () => {
  const ring = (ranks: number): string => {
    const lines = [`num_ranks ${ranks}`]
    for (let r = 0; r < ranks; r++) lines.push(`rank ${r} {`, `c: calc ${r}`, `s: send 8b to ${(r + 1) % ranks}`, `v: recv 8b from ${(r + ranks - 1) % ranks}`, 's requires c', '}')
    return lines.join('\n')
  }

  it('picks 1, 2 or 4 bytes per operation from the number of ranks', () => {
    expect(allocRankIds(256, 3)).toBeInstanceOf(Uint8Array)
    expect(allocRankIds(257, 3)).toBeInstanceOf(Uint16Array)
    expect(allocRankIds(65536, 3)).toBeInstanceOf(Uint16Array)
    expect(allocRankIds(65537, 3)).toBeInstanceOf(Int32Array)
  })

  it.each([[256, Uint8Array], [257, Uint16Array]] as const)('%i ranks: both readers store every rank, and the times match the object path', (ranks, kind) => {
    const source = ring(ranks)
    const g = readGoalGraphFromBytes(source)
    expect(g.rankOf).toBeInstanceOf(kind)
    expect(g.rankOf[g.numOps - 1]).toBe(ranks - 1)
    expectSameGraph(g, buildOpGraph(parseGoal(source)))
    const { graph } = binaryRoundTrip(g)
    expect(graph.rankOf).toBeInstanceOf(kind)
    expectSameGraph(graph, g)
    expect(simulateLogGopsGraph(g)).toEqual(simulateLogGops(parseGoal(source)))
  })
})
