// Host pack/unpack throughput of the datatype engine on the workloads of
// apps/micro/data/host-pack-types.json (the project's own copy), cold (caches flushed) and warm, beside a plain copy of
// the same bytes in the same run. Wall-clock performance of spinmpi itself, not a paper figure.

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Bench, type Task } from 'tinybench'
import { z } from 'zod'
import { FLOAT32, indexedBlock, pack, packSize, typeFromJson, unpack, type Datatype } from '@spinmpi/ddt'
import type { Figure, FigureOptions, FigureResult } from './figure.js'
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

/** The workload file, shipped with this package: data/ sits beside both src/ and dist/. */
export function hostPackWorkloadsPath(): string {
  return fileURLToPath(new URL(`../data/${WORKLOADS_FILE}`, import.meta.url))
}

function loadWorkloads(): Workload[] {
  const path = hostPackWorkloadsPath()
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
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
  for (let i = 0; i < flushBuffer.length; i += 16) s += flushBuffer[i]
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

async function run(options: FigureOptions): Promise<FigureResult> {
  const workloads = loadWorkloads()
  const quick = options.quick === true
  const warm: Phase = quick
    ? { iterations: 5, time: 0, warmupIterations: 2, cold: false }
    : { iterations: 20, time: 300, warmupIterations: 10, cold: false }
  const cold: Phase = quick
    ? { iterations: 3, time: 0, warmupIterations: 1, cold: true }
    : { iterations: 15, time: 0, warmupIterations: 2, cold: true }
  const rows: HostPackRow[] = []
  const ratios: RatioSummary[] = []
  for (const w of workloads) {
    const s = setUp(w)
    const warmRun = measure(s, warm)
    const coldRun = measure(s, cold)
    const bytes = w.packedBytes
    rows.push({
      id: w.id, packedBytes: bytes,
      coldPackMBps: mbps(bytes, coldRun.pack), coldUnpackMBps: mbps(bytes, coldRun.unpack),
      warmPackMBps: mbps(bytes, warmRun.pack), warmUnpackMBps: mbps(bytes, warmRun.unpack),
      coldCopyMBps: mbps(bytes, coldRun.copy), warmCopyMBps: mbps(bytes, warmRun.copy),
    })
    for (const [phase, m] of [['warm', warmRun], ['cold', coldRun]] as const) {
      ratios.push(speedRatio(`${w.id} pack (${phase})`, `copy (${phase})`, m.pack, m.copy.median))
      ratios.push(speedRatio(`${w.id} unpack (${phase})`, `copy (${phase})`, m.unpack, m.copy.median))
    }
    options.onProgress?.(rows.length, workloads.length)
  }
  const geomean = (f: (r: HostPackRow) => number): number =>
    Math.round(Math.exp(rows.reduce((a, r) => a + Math.log(Math.max(1, f(r))), 0) / rows.length))
  return {
    name: 'host-pack',
    profile: options.profile ?? 'host',
    rows,
    geomean: {
      warmPackMBps: geomean((r) => r.warmPackMBps), warmUnpackMBps: geomean((r) => r.warmUnpackMBps),
      coldPackMBps: geomean((r) => r.coldPackMBps), coldUnpackMBps: geomean((r) => r.coldUnpackMBps),
      warmCopyMBps: geomean((r) => r.warmCopyMBps), coldCopyMBps: geomean((r) => r.coldCopyMBps),
    },
    ratios,
    flushChecksum: flushSink,
  }
}

export const hostPack: Figure = {
  name: 'host-pack',
  title: 'Host pack/unpack MB/s of the generated datatype kernels, cold and warm, beside a plain copy',
  kind: 'perf',
  run,
}
