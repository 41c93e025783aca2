// Host pack/unpack throughput of the datatype engine on the workloads of data/host-pack-types.json
// (the project's copy of the shared workload file), cold (caches flushed) and warm, beside a plain
// copy of the same bytes and MPICH's MPI_Pack/MPI_Unpack (when mpicc is installed) in the same
// run. Each workload is measured in rounds, MPICH then spinmpi on plain buffers then spinmpi on
// PackArena buffers (the wasm kernel), for pack and then for unpack, so every ratio compares
// measurements a fraction of a second apart on the shared machine; the report gives the median
// ratio over rounds and its spread. The MPICH comparison uses CPU time per call on both sides
// (callSamples); cold and copy figures are wall-clock (tinybench). Performance of spinmpi itself,
// not a paper figure.

import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isMainThread } from 'node:worker_threads'
import { Bench, type Task } from 'tinybench'
import { z } from 'zod'
import { FLOAT32, PackArena, indexedBlock, pack, packSize, typeFromJson, unpack, type Datatype } from '@spinmpi/ddt'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { startMpichPack, type MpichPack, type MpichPhase, type MpichWorkload } from './mpich-pack.js'
import { speedRatio, type RatioSummary, type SampleTimes } from './ratio.js'

export type HostPackRow = {
  readonly id: string
  readonly packedBytes: number
  readonly coldPackMBps: number
  readonly coldUnpackMBps: number
  readonly warmPackMBps: number
  readonly warmUnpackMBps: number
  readonly coldCopyMBps: number
  readonly warmCopyMBps: number
  /** Spread of the warm runs: slowest and fastest MB/s, and how many timed calls. */
  readonly warmPackMinMBps: number
  readonly warmPackMaxMBps: number
  readonly warmUnpackMinMBps: number
  readonly warmUnpackMaxMBps: number
  readonly samples: number
  /** MPICH's warm MB/s on the same workload (median over rounds; null without mpicc). Like spinmpi's warm MB/s, from CPU time per call. */
  readonly mpichPackMBps: number | null
  readonly mpichUnpackMBps: number | null
  /** spinmpi / MPICH warm speed: the median over rounds of the ratio measured within each round. */
  readonly packVsMpich: number | null
  readonly unpackVsMpich: number | null
  /** Smallest and largest per-round ratio. */
  readonly packVsMpichSpread: readonly [number, number] | null
  readonly unpackVsMpichSpread: readonly [number, number] | null
  /** The same with both buffers in a PackArena; `arenaKernel` says whether the wasm kernel ran. */
  readonly arenaKernel: 'wasm' | 'js'
  readonly arenaPackMBps: number
  readonly arenaUnpackMBps: number
  readonly arenaPackVsMpich: number | null
  readonly arenaUnpackVsMpich: number | null
  readonly arenaPackVsMpichSpread: readonly [number, number] | null
  readonly arenaUnpackVsMpichSpread: readonly [number, number] | null
  /** Rounds (MPICH, plain, arena measured back to back) per workload. */
  readonly rounds: number
}

const WORKLOADS_FILE = 'host-pack-types.json'

const workloadSchema = z.object({
  id: z.string(),
  count: z.number().int().positive(),
  packedBytes: z.number().int().positive(),
  type: z.unknown(),
  generator: z.string().optional(),
})
const fileSchema = z.object({ types: z.array(workloadSchema).min(1) })
type Workload = z.infer<typeof workloadSchema>

/** The workload file: the project's copy in apps/micro/data (found from src/ or dist/). */
export function hostPackWorkloadsPath(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  const candidate = join(here, '..', 'data', WORKLOADS_FILE)
  if (existsSync(candidate)) return candidate
  throw new Error(`host-pack: cannot find ${candidate}`)
}

function loadWorkloads(): Workload[] {
  const path = hostPackWorkloadsPath()
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`${path}: ${issue.path.join('.')}: ${issue.message}`)
  }
  return parsed.data.types
}

/**
 * SPECFEM3D's index list as the workload file describes it: displacement[i] = 3*iglob(i),
 * iglob(i) = 55g + ((g*2654435761 mod 2^32) >> 27) + (i mod 5), g = floor(i/5), unsigned 32-bit.
 */
function specfemIndexedBlock(generator: string): Datatype {
  const m = /^indexedBlock\(blocklength (\d+), float32\) with (\d+) displacements/.exec(generator)
  if (m === null || !generator.includes('55*g + ((g*2654435761 mod 2^32) >> 27) + (i mod 5)')) {
    throw new Error(`host-pack: unknown workload generator '${generator}'`)
  }
  const blocklength = Number(m[1])
  const displs = Array.from({ length: Number(m[2]) }, (_, i) => {
    const g = Math.floor(i / 5)
    const iglob = (55 * g + (Math.imul(g, 2654435761) >>> 0 >>> 27) + (i % 5)) >>> 0
    return (3 * iglob) >>> 0
  })
  return indexedBlock(blocklength, displs, FLOAT32)
}

function workloadType(w: Workload): Datatype {
  const t = w.type === null || w.type === undefined
    ? specfemIndexedBlock(w.generator ?? '')
    : typeFromJson(w.type, `${w.id}.type`)
  return t.commit()
}

/** Touching this many bytes evicts the caches before each cold call. */
const FLUSH_BYTES = 96 << 20
let flushBuffer: Int32Array | undefined
let flushSink = 0

function flushCaches(): void {
  flushBuffer ??= new Int32Array(FLUSH_BYTES >> 2).fill(1)
  let s = 0
  // One read per 64-byte line.
  for (let i = 0; i < flushBuffer.length; i += 16) s += flushBuffer[i]!
  flushSink ^= s
}

const PAGE_BYTES = 4096
/** Where glibc's malloc places a large block in its first page (the chunk header's size). */
const PAGE_OFFSET = 16

interface Setup {
  readonly type: Datatype
  readonly count: number
  readonly buf: Uint8Array
  readonly origin: number
  readonly packed: Uint8Array
  readonly copySrc: Uint8Array
  readonly copyDst: Uint8Array
  readonly arena: PackArena
  readonly arenaBuf: Uint8Array
  readonly arenaPacked: Uint8Array
}

function setUp(w: Workload): Setup {
  const type = workloadType(w)
  const bytes = packSize(type, w.count)
  if (bytes !== w.packedBytes) throw new Error(`host-pack: ${w.id}: packs ${bytes} bytes, the workload file says ${w.packedBytes}`)
  const span = (w.count - 1) * type.extent
  const lo = Math.min(type.trueLb, type.lb) + Math.min(0, span)
  const hi = Math.max(type.trueUb, type.ub) + Math.max(0, span)
  const buf = new Uint8Array(hi - lo)
  for (let i = 0; i < buf.length; i++) buf[i] = (i * 131 + 7) & 0xff
  const copySrc = new Uint8Array(bytes)
  for (let i = 0; i < bytes; i++) copySrc[i] = (i * 31 + 3) & 0xff
  // The same buffers inside one wasm memory; room on top for the type's run table (8 B per run).
  // Each starts PAGE_OFFSET bytes into a 4 KiB page, where glibc puts large blocks (after its
  // 16-byte chunk header): the plain buffers (Node's ArrayBuffers) and MPICH's (placed there
  // explicitly) sit the same way, so runs straddle cache lines alike on all three sides. At offset
  // 0, NAS LU's 40-byte runs (2,480 + k*2,560) each cross a line and its pack ran 1.5x slower in
  // CPU time than at 16 or on plain buffers (same kernel, interleaved calls): the arena's "0.46x".
  const arena = new PackArena(buf.length + bytes + 3 * PAGE_BYTES + 8 * Math.ceil(bytes / 4) + (1 << 16))
  const pad = (end: number): void => { arena.alloc((PAGE_OFFSET - (end % PAGE_BYTES) + PAGE_BYTES) % PAGE_BYTES, 1) }
  pad(0)
  const arenaBuf = arena.alloc(buf.length)
  arenaBuf.set(buf)
  pad(arenaBuf.byteOffset + arenaBuf.length)
  const arenaPacked = arena.alloc(bytes)
  return { type, count: w.count, buf, origin: -lo, packed: new Uint8Array(bytes), copySrc, copyDst: new Uint8Array(bytes), arena, arenaBuf, arenaPacked }
}

interface Phase {
  readonly iterations: number
  readonly time: number
  readonly warmupIterations: number
  readonly cold: boolean
}

function latency(task: Task | undefined): SampleTimes {
  const r = task?.result
  if (r === undefined || !('latency' in r)) throw new Error(`host-pack: task ${task?.name ?? '?'} produced no statistics`)
  return { min: r.latency.min, median: r.latency.p50, max: r.latency.max, samples: r.latency.samplesCount }
}

interface Measured { readonly pack: SampleTimes; readonly unpack: SampleTimes; readonly copy: SampleTimes }

type Task3 = 'pack' | 'unpack' | 'copy'

/** Sample times of one task in one phase; `arena` packs between the PackArena buffers. */
function measureTask(s: Setup, phase: Phase, task: Task3, arena = false): SampleTimes {
  const bench = new Bench({
    iterations: phase.iterations, time: phase.time, warmupIterations: phase.warmupIterations, warmupTime: 0, throws: true,
  })
  const opts = phase.cold ? { beforeEach: flushCaches } : {}
  const buf = arena ? s.arenaBuf : s.buf
  const packed = arena ? s.arenaPacked : s.packed
  if (task === 'pack') bench.add(task, () => { pack(s.type, s.count, buf, s.origin, packed, 0) }, opts)
  else if (task === 'unpack') bench.add(task, () => { unpack(s.type, s.count, packed, 0, buf, s.origin) }, opts)
  else bench.add(task, () => { s.copyDst.set(s.copySrc) }, opts)
  return latency(bench.runSync()[0])
}

/**
 * The clock of the MPICH comparison: the process's CPU time where the bench runs alone in its
 * process. On a shared machine a call that is preempted waits for the CPU in wall time, and MPICH
 * (a separate process) is not waiting then: a round's wall-clock ratio was off 10x that way (0.04x
 * in a round on a load average of 10). On a worker thread of a parallel `bench perf` the
 * process's CPU time includes the other suites', so both sides use wall time there.
 */
const CLOCK: 'cpu' | 'wall' = isMainThread ? 'cpu' : 'wall'

/** Now in ms on CLOCK. */
function clockMs(): number {
  if (CLOCK === 'wall') return performance.now()
  const c = process.cpuUsage()
  return (c.user + c.system) / 1000
}

/**
 * Time per call (ms, on CLOCK) of `call`: warm-up calls, then single timed calls until at least
 * `iterations` calls and `time` ms of wall time. The MPICH side times its calls the same way.
 * Work stolen by other processes through shared caches still counts.
 */
function callSamples(call: () => void, phase: Phase): SampleTimes {
  for (let i = 0; i < phase.warmupIterations; i++) call()
  const t: number[] = []
  const start = performance.now()
  while (t.length < phase.iterations || performance.now() - start < phase.time) {
    const c0 = clockMs()
    call()
    t.push(clockMs() - c0)
  }
  t.sort((a, b) => a - b)
  // a call can read 0 µs at the timer's resolution; clamp so MB/s stays finite
  const at = (x: number): number => Math.max(x, 0.001)
  return { min: at(t[0]!), median: at(median(t)), max: at(t[t.length - 1]!), samples: t.length }
}

/** CPU time per call of spinmpi's pack or unpack, plain or PackArena buffers, measured against MPICH. */
function measureVsMpich(s: Setup, phase: Phase, task: 'pack' | 'unpack', arena: boolean): SampleTimes {
  const buf = arena ? s.arenaBuf : s.buf
  const packed = arena ? s.arenaPacked : s.packed
  return task === 'pack'
    ? callSamples(() => { pack(s.type, s.count, buf, s.origin, packed, 0) }, phase)
    : callSamples(() => { unpack(s.type, s.count, packed, 0, buf, s.origin) }, phase)
}

// one untimed call then one timed call: the timed call finds its own data where the previous
// call left it (as in a loop of calls), not evicted by the other two sides' calls
const ONE_CALL: Phase = { iterations: 1, time: 0, warmupIterations: 1, cold: false }
const ONE_MPICH_CALL: MpichPhase = { warmup: 1, iterations: 1, timeMs: 0, clock: CLOCK }

function stats(t: number[]): SampleTimes {
  return { min: Math.min(...t), median: median(t), max: Math.max(...t), samples: t.length }
}

/** `calls` triples of single calls, MPICH then spinmpi plain then spinmpi arena; MPICH's median MB/s and spinmpi's CPU times. */
async function inTurn(s: Setup, server: MpichPack | undefined, index: number, task: 'pack' | 'unpack', calls: number): Promise<{ mpich: number | null; plain: SampleTimes; arena: SampleTimes }> {
  const m: number[] = [], p: number[] = [], a: number[] = []
  for (let k = 0; k < calls; k++) {
    if (server !== undefined) m.push((await server.measure(index, task, ONE_MPICH_CALL)).MBps)
    p.push(measureVsMpich(s, ONE_CALL, task, false).median)
    a.push(measureVsMpich(s, ONE_CALL, task, true).median)
  }
  return { mpich: server === undefined ? null : median(m), plain: stats(p), arena: stats(a) }
}

/** Sample times of pack, unpack and copy in one phase, one after the other. */
function measure(s: Setup, phase: Phase): Measured {
  return { pack: measureTask(s, phase, 'pack'), unpack: measureTask(s, phase, 'unpack'), copy: measureTask(s, phase, 'copy') }
}

/** Median MB/s of `bytes` moved in the median time (ms). */
const mbps = (bytes: number, t: SampleTimes): number => Math.round(bytes / (t.median / 1000) / 1e6)

function mpichWorkload(w: Workload): MpichWorkload {
  if (w.type !== null && w.type !== undefined) return { id: w.id, count: w.count, packedBytes: w.packedBytes, type: w.type }
  const m = /^indexedBlock\(blocklength (\d+), float32\) with (\d+) displacements/.exec(w.generator ?? '')
  if (m === null) throw new Error(`host-pack: unknown workload generator '${w.generator ?? ''}'`)
  return { id: w.id, count: w.count, packedBytes: w.packedBytes, type: null, specfem: { blocklength: Number(m[1]), displacements: Number(m[2]) } }
}

const round2 = (x: number): number => Math.round(x * 100) / 100

function median(xs: readonly number[]): number {
  const a = [...xs].sort((x, y) => x - y)
  const m = a.length >> 1
  return a.length % 2 === 1 ? a[m]! : (a[m - 1]! + a[m]!) / 2
}

/** Per-round spinmpi/MPICH ratios: median, and the spread as [min, max]. */
interface RoundRatios { readonly median: number; readonly min: number; readonly max: number; readonly rounds: number }

function roundRatios(spinMBps: readonly number[], mpichMBps: readonly number[]): RoundRatios {
  const r = spinMBps.map((x, i) => x / mpichMBps[i]!)
  return { median: round2(median(r)), min: round2(Math.min(...r)), max: round2(Math.max(...r)), rounds: r.length }
}

/** One round: MPICH's, spinmpi's plain-buffer and PackArena MB/s, pack then unpack, each trio back to back. */
interface Round {
  readonly mpich: { readonly pack: number; readonly unpack: number } | null
  readonly plain: { readonly pack: SampleTimes; readonly unpack: SampleTimes }
  readonly arena: { readonly pack: SampleTimes; readonly unpack: SampleTimes }
}

/** Geomean and worst of the median ratios, as the issue's targets read them. */
function summary(cells: readonly number[]): { geomean: number; worst: number; cells: number } | null {
  if (cells.length === 0) return null
  return { geomean: round2(Math.exp(cells.reduce((a, x) => a + Math.log(x), 0) / cells.length)), worst: Math.min(...cells), cells: cells.length }
}

const targets = (v: { geomean: number; worst: number } | null): string => v === null
  ? 'not measured (no mpicc)'
  : `geomean ${v.geomean}x (target >= 1.0x: ${v.geomean >= 1 ? 'met' : 'MISS'}); worst cell ${v.worst}x (target >= 0.5x: ${v.worst >= 0.5 ? 'met' : 'MISS'})`

async function run(options: FigureOptions): Promise<FigureResult> {
  const workloads = loadWorkloads()
  const quick = options.quick === true
  const warm: Phase = quick
    ? { iterations: 5, time: 0, warmupIterations: 2, cold: false }
    : { iterations: 15, time: 150, warmupIterations: 10, cold: false }
  const cold: Phase = quick
    ? { iterations: 3, time: 0, warmupIterations: 1, cold: true }
    : { iterations: 15, time: 0, warmupIterations: 2, cold: true }
  // Many short rounds of single calls taken in turn: on the shared machine the caches other
  // processes leave us change from one tenth of a second to the next (SPECFEM3D's pack, MPICH's and
  // ours alike, went from 6 GB/s to 0.6 GB/s of CPU time), and rounds of 150 ms per side gave
  // per-round ratios from 0.04x to 10x. Now a round is `calls` triples of one MPICH call, one
  // plain-buffer call and one PackArena call (each timed call right after an untimed one of its
  // own, so it is warm), and the three sides meet the same conditions call by call; the round's
  // ratio divides the sides' medians and the cell is the median over rounds.
  // Every side first warms up with warm.warmupIterations calls (the JIT compiles spinmpi's kernels
  // there; MPICH touches its buffers).
  const rounds = quick ? 1 : 15
  const calls = quick ? 3 : 5
  const mpichWarmup: MpichPhase = { warmup: warm.warmupIterations, iterations: 1, timeMs: 0, clock: CLOCK }
  const mpich = startMpichPack(workloads.map(mpichWorkload))
  const server: MpichPack | undefined = mpich.available ? mpich.server : undefined
  const rows: HostPackRow[] = []
  const ratios: RatioSummary[] = []
  try {
    for (const [index, w] of workloads.entries()) {
      const s = setUp(w)
      const bytes = w.packedBytes
      const at = (ms: number): number => Math.round(bytes / (ms / 1000) / 1e6)
      const got: Round[] = []
      for (const task of ['pack', 'unpack'] as const) {
        if (server !== undefined) await server.measure(index, task, mpichWarmup)
        measureVsMpich(s, warm, task, false)
        measureVsMpich(s, warm, task, true)
      }
      for (let r = 0; r < rounds; r++) {
        // pack first, then unpack (which reads what pack wrote, on both sides)
        const p = await inTurn(s, server, index, 'pack', calls)
        const u = await inTurn(s, server, index, 'unpack', calls)
        got.push({
          mpich: p.mpich === null || u.mpich === null ? null : { pack: p.mpich, unpack: u.mpich },
          plain: { pack: p.plain, unpack: u.plain }, arena: { pack: p.arena, unpack: u.arena },
        })
      }
      const cm = measure(s, cold)
      const wm: Measured = { ...got[0]!.plain, copy: measureTask(s, warm, 'copy') }
      const mbpsOf = (pick: (g: Round) => SampleTimes): number[] => got.map((g) => mbps(bytes, pick(g)))
      const plainPack = mbpsOf((g) => g.plain.pack), plainUnpack = mbpsOf((g) => g.plain.unpack)
      const arenaPack = mbpsOf((g) => g.arena.pack), arenaUnpack = mbpsOf((g) => g.arena.unpack)
      const mp = server === undefined ? null : got.map((g) => g.mpich!.pack)
      const mu = server === undefined ? null : got.map((g) => g.mpich!.unpack)
      const rr = (spin: number[], ref: number[] | null): RoundRatios | null => (ref === null ? null : roundRatios(spin, ref))
      const pr = rr(plainPack, mp), ur = rr(plainUnpack, mu), apr = rr(arenaPack, mp), aur = rr(arenaUnpack, mu)
      const kernel = s.arena.usesWasm(s.type) ? 'wasm' : 'js'
      const spread = (x: RoundRatios | null): readonly [number, number] | null => (x === null ? null : [x.min, x.max])
      const allPlain = got.flatMap((g) => [g.plain])
      rows.push({
        id: w.id, packedBytes: bytes,
        coldPackMBps: mbps(bytes, cm.pack), coldUnpackMBps: mbps(bytes, cm.unpack),
        warmPackMBps: Math.round(median(plainPack)), warmUnpackMBps: Math.round(median(plainUnpack)),
        coldCopyMBps: mbps(bytes, cm.copy), warmCopyMBps: mbps(bytes, wm.copy),
        // the slowest call (largest time) of any round gives the lowest MB/s
        warmPackMinMBps: at(Math.max(...allPlain.map((m) => m.pack.max))), warmPackMaxMBps: at(Math.min(...allPlain.map((m) => m.pack.min))),
        warmUnpackMinMBps: at(Math.max(...allPlain.map((m) => m.unpack.max))), warmUnpackMaxMBps: at(Math.min(...allPlain.map((m) => m.unpack.min))),
        samples: allPlain.reduce((a, m) => a + m.pack.samples, 0),
        mpichPackMBps: mp === null ? null : Math.round(median(mp)), mpichUnpackMBps: mu === null ? null : Math.round(median(mu)),
        packVsMpich: pr?.median ?? null, unpackVsMpich: ur?.median ?? null, packVsMpichSpread: spread(pr), unpackVsMpichSpread: spread(ur),
        arenaKernel: kernel, arenaPackMBps: Math.round(median(arenaPack)), arenaUnpackMBps: Math.round(median(arenaUnpack)),
        arenaPackVsMpich: apr?.median ?? null, arenaUnpackVsMpich: aur?.median ?? null,
        arenaPackVsMpichSpread: spread(apr), arenaUnpackVsMpichSpread: spread(aur), rounds,
      })
      for (const [phase, ph] of [['warm', wm], ['cold', cm]] as const) {
        ratios.push(speedRatio(`${w.id} pack (${phase})`, `copy (${phase})`, ph.pack, ph.copy.median))
        ratios.push(speedRatio(`${w.id} unpack (${phase})`, `copy (${phase})`, ph.unpack, ph.copy.median))
      }
      const vs = (task: string, reference: string, x: RoundRatios | null): void => {
        if (x !== null) ratios.push({ task, reference, samples: x.rounds, min: x.min, median: x.median, max: x.max })
      }
      vs(`${w.id} pack (warm)`, 'MPICH MPI_Pack, same round', pr)
      vs(`${w.id} unpack (warm)`, 'MPICH MPI_Unpack, same round', ur)
      vs(`${w.id} pack (warm, arena ${kernel})`, 'MPICH MPI_Pack, same round', apr)
      vs(`${w.id} unpack (warm, arena ${kernel})`, 'MPICH MPI_Unpack, same round', aur)
      options.onProgress?.(rows.length, workloads.length)
    }
  } finally {
    server?.close()
  }
  const geomean = (f: (r: HostPackRow) => number): number =>
    Math.round(Math.exp(rows.reduce((a, r) => a + Math.log(Math.max(1, f(r))), 0) / rows.length))
  const cellsOf = (f: (r: HostPackRow) => (number | null)[]): number[] => rows.flatMap(f).filter((x): x is number => x !== null)
  const vsMpich = summary(cellsOf((r) => [r.packVsMpich, r.unpackVsMpich]))
  const arenaVsMpich = summary(cellsOf((r) => [r.arenaPackVsMpich, r.arenaUnpackVsMpich]))
  return {
    name: 'host-pack',
    profile: options.profile ?? 'host',
    rows,
    geomean: {
      warmPackMBps: geomean((r) => r.warmPackMBps), warmUnpackMBps: geomean((r) => r.warmUnpackMBps),
      coldPackMBps: geomean((r) => r.coldPackMBps), coldUnpackMBps: geomean((r) => r.coldUnpackMBps),
      warmCopyMBps: geomean((r) => r.warmCopyMBps), coldCopyMBps: geomean((r) => r.coldCopyMBps),
      arenaPackMBps: geomean((r) => r.arenaPackMBps), arenaUnpackMBps: geomean((r) => r.arenaUnpackMBps),
    },
    mpich: mpich.available
      ? `MPICH MPI_Pack/MPI_Unpack (mpicc -O2), ${CLOCK === 'cpu' ? 'CPU' : 'wall (shared process)'} time per call on both sides, buffers reused, the same warm-up; ${rounds} round(s) per workload of ${calls} single calls in turn (MPICH, spinmpi, spinmpi in a PackArena), pack then unpack; a round's ratio divides the sides' medians, the cell is the median over rounds`
      : `not measured: ${mpich.reason}; compare with the in-run copy only`,
    vsMpich,
    arenaVsMpich,
    // issue #14's speed targets, stated as results (wall-clock targets are not paper claims)
    /** The clock of the MPICH comparison: CPU time alone in a process, wall time on a worker thread. */
    clock: CLOCK,
    mpichTargets: `plain buffers: ${targets(vsMpich)}`,
    mpichTargetsArena: `PackArena buffers (wasm kernel where runs average >= 40 B): ${targets(arenaVsMpich)}`,
    ratios,
    flushChecksum: flushSink,
  }
}

export const hostPack: Figure = {
  name: 'host-pack',
  title: 'Host pack/unpack of the generated datatype kernels, cold and warm: speed ratios to a plain copy and to MPICH (one row of MB/s per type)',
  kind: 'perf',
  run,
}
