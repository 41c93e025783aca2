// Host pack/unpack throughput of the datatype engine on the workloads of data/host-pack-types.json
// (the project's copy of the shared workload file), cold (caches flushed) and warm, beside a plain
// copy of the same bytes and MPICH's MPI_Pack/MPI_Unpack (when mpicc is installed) in the same
// run. Wall-clock performance of spinmpi itself, not a paper figure.

import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Bench, type Task } from 'tinybench'
import { z } from 'zod'
import { FLOAT32, indexedBlock, pack, packSize, typeFromJson, unpack, type Datatype } from '@spinmpi/ddt'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
import { runMpichPack, type MpichWorkload } from './mpich-pack.js'
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
  /** MPICH's warm MB/s on the same workload in the same run, and spinmpi's ratio to it (null without mpicc). */
  readonly mpichPackMBps: number | null
  readonly mpichUnpackMBps: number | null
  readonly packVsMpich: number | null
  readonly unpackVsMpich: number | null
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

interface Setup {
  readonly type: Datatype
  readonly count: number
  readonly buf: Uint8Array
  readonly origin: number
  readonly packed: Uint8Array
  readonly copySrc: Uint8Array
  readonly copyDst: Uint8Array
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
  return { type, count: w.count, buf, origin: -lo, packed: new Uint8Array(bytes), copySrc, copyDst: new Uint8Array(bytes) }
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

/** Sample times of pack, unpack and copy in one phase. */
function measure(s: Setup, phase: Phase): Measured {
  const bench = new Bench({
    iterations: phase.iterations, time: phase.time, warmupIterations: phase.warmupIterations, warmupTime: 0, throws: true,
  })
  const opts = phase.cold ? { beforeEach: flushCaches } : {}
  bench.add('pack', () => { pack(s.type, s.count, s.buf, s.origin, s.packed, 0) }, opts)
  bench.add('unpack', () => { unpack(s.type, s.count, s.packed, 0, s.buf, s.origin) }, opts)
  bench.add('copy', () => { s.copyDst.set(s.copySrc) }, opts)
  const tasks = bench.runSync()
  const of = (name: string) => latency(tasks.find((t) => t.name === name))
  return { pack: of('pack'), unpack: of('unpack'), copy: of('copy') }
}

/** Median MB/s of `bytes` moved in the median time (ms). */
const mbps = (bytes: number, t: SampleTimes): number => Math.round(bytes / (t.median / 1000) / 1e6)

function mpichWorkload(w: Workload): MpichWorkload {
  if (w.type !== null && w.type !== undefined) return { id: w.id, count: w.count, packedBytes: w.packedBytes, type: w.type }
  const m = /^indexedBlock\(blocklength (\d+), float32\) with (\d+) displacements/.exec(w.generator ?? '')
  if (m === null) throw new Error(`host-pack: unknown workload generator '${w.generator ?? ''}'`)
  return { id: w.id, count: w.count, packedBytes: w.packedBytes, type: null, specfem: { blocklength: Number(m[1]), displacements: Number(m[2]) } }
}

const ratio = (a: number, b: number | null): number | null => (b === null || b <= 0 ? null : Math.round((a / b) * 100) / 100)

async function run(options: FigureOptions): Promise<FigureResult> {
  const workloads = loadWorkloads()
  const quick = options.quick === true
  const warm: Phase = quick
    ? { iterations: 5, time: 0, warmupIterations: 2, cold: false }
    : { iterations: 20, time: 300, warmupIterations: 10, cold: false }
  const cold: Phase = quick
    ? { iterations: 3, time: 0, warmupIterations: 1, cold: true }
    : { iterations: 15, time: 0, warmupIterations: 2, cold: true }
  // MPICH first, in its own process, so both sides see the same machine state within minutes
  const mpich = runMpichPack(workloads.map(mpichWorkload), quick ? 5 : 21)
  const rows: HostPackRow[] = []
  const ratios: RatioSummary[] = []
  for (const w of workloads) {
    const s = setUp(w)
    const wm = measure(s, warm)
    const cm = measure(s, cold)
    const bytes = w.packedBytes
    const m = mpich.available ? mpich.rows.find((r) => r.id === w.id) : undefined
    const mpichPackMBps = m?.packMBps ?? null
    const mpichUnpackMBps = m?.unpackMBps ?? null
    const warmPackMBps = mbps(bytes, wm.pack)
    const warmUnpackMBps = mbps(bytes, wm.unpack)
    // the slowest call (largest time) gives the lowest MB/s
    const at = (ms: number): number => Math.round(bytes / (ms / 1000) / 1e6)
    rows.push({
      id: w.id, packedBytes: bytes,
      coldPackMBps: mbps(bytes, cm.pack), coldUnpackMBps: mbps(bytes, cm.unpack), warmPackMBps, warmUnpackMBps,
      coldCopyMBps: mbps(bytes, cm.copy), warmCopyMBps: mbps(bytes, wm.copy),
      warmPackMinMBps: at(wm.pack.max), warmPackMaxMBps: at(wm.pack.min),
      warmUnpackMinMBps: at(wm.unpack.max), warmUnpackMaxMBps: at(wm.unpack.min), samples: wm.pack.samples,
      mpichPackMBps, mpichUnpackMBps, packVsMpich: ratio(warmPackMBps, mpichPackMBps), unpackVsMpich: ratio(warmUnpackMBps, mpichUnpackMBps),
    })
    for (const [phase, ph] of [['warm', wm], ['cold', cm]] as const) {
      ratios.push(speedRatio(`${w.id} pack (${phase})`, `copy (${phase})`, ph.pack, ph.copy.median))
      ratios.push(speedRatio(`${w.id} unpack (${phase})`, `copy (${phase})`, ph.unpack, ph.copy.median))
    }
    // MPICH's median time on the same bytes, from its MB/s
    const msOf = (mbPerS: number): number => (bytes / (mbPerS * 1e6)) * 1000
    if (mpichPackMBps !== null) ratios.push(speedRatio(`${w.id} pack (warm)`, 'MPICH MPI_Pack (warm)', wm.pack, msOf(mpichPackMBps)))
    if (mpichUnpackMBps !== null) ratios.push(speedRatio(`${w.id} unpack (warm)`, 'MPICH MPI_Unpack (warm)', wm.unpack, msOf(mpichUnpackMBps)))
    options.onProgress?.(rows.length, workloads.length)
  }
  const geomean = (f: (r: HostPackRow) => number): number =>
    Math.round(Math.exp(rows.reduce((a, r) => a + Math.log(Math.max(1, f(r))), 0) / rows.length))
  const cells = rows.flatMap((r) => [r.packVsMpich, r.unpackVsMpich]).filter((x): x is number => x !== null)
  const vsMpich = cells.length === 0 ? null : {
    geomean: Math.round(Math.exp(cells.reduce((a, x) => a + Math.log(x), 0) / cells.length) * 100) / 100,
    worst: Math.min(...cells),
    cells: cells.length,
  }
  return {
    name: 'host-pack',
    profile: options.profile ?? 'host',
    rows,
    geomean: {
      warmPackMBps: geomean((r) => r.warmPackMBps), warmUnpackMBps: geomean((r) => r.warmUnpackMBps),
      coldPackMBps: geomean((r) => r.coldPackMBps), coldUnpackMBps: geomean((r) => r.coldUnpackMBps),
      warmCopyMBps: geomean((r) => r.warmCopyMBps), coldCopyMBps: geomean((r) => r.coldCopyMBps),
    },
    mpich: mpich.available ? 'MPICH MPI_Pack/MPI_Unpack (mpicc -O2), warm medians, same run' : `not measured: ${mpich.reason}; compare with the in-run copy only`,
    vsMpich,
    // issue #14's speed targets, stated as results (wall-clock targets are not paper claims)
    mpichTargets: vsMpich === null
      ? 'not measured (no mpicc)'
      : `geomean ${vsMpich.geomean}x (target >= 1.0x: ${vsMpich.geomean >= 1 ? 'met' : 'MISS'}); worst cell ${vsMpich.worst}x (target >= 0.5x: ${vsMpich.worst >= 0.5 ? 'met' : 'MISS'})`,
    ratios,
    flushChecksum: flushSink,
  }
}

export const hostPack: Figure = {
  name: 'host-pack',
  title: 'Host pack/unpack MB/s of the generated datatype kernels, cold and warm, beside a plain copy and MPICH',
  kind: 'perf',
  run,
}
