// MPICH's MPI_Pack / MPI_Unpack on the host-pack workloads, measured in the same run as spinmpi's
// kernels: the workload types are written out as a small C program (MPI_Type_* calls built from
// the same JSON), compiled with `mpicc -O2` when it is installed, and kept running beside the
// benchmark: asked for one workload and direction at a time (a line on its stdin), it answers with
// that measurement's MB/s, so each MPICH measurement sits right next to spinmpi's on the same
// workload. It measures the way the JavaScript side does (same warm-up, same minimum calls and
// time, the same clock per call, buffers allocated once per workload and reused).
// Without mpicc the benchmark says so and reports against the in-process copy only.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface MpichWorkload {
  readonly id: string
  readonly count: number
  readonly packedBytes: number
  /** Type JSON as in the workload file, or null for the SPECFEM generator. */
  readonly type: unknown
  readonly specfem?: { readonly blocklength: number; readonly displacements: number }
}

const ELEMENTARY: Readonly<Record<string, string>> = {
  float64: 'MPI_DOUBLE', float32: 'MPI_FLOAT', complex64: 'MPI_C_FLOAT_COMPLEX', complex128: 'MPI_C_DOUBLE_COMPLEX',
  int8: 'MPI_INT8_T', int16: 'MPI_INT16_T', int32: 'MPI_INT32_T', int64: 'MPI_INT64_T',
  uint8: 'MPI_UINT8_T', uint16: 'MPI_UINT16_T', uint32: 'MPI_UINT32_T', uint64: 'MPI_UINT64_T', byte: 'MPI_BYTE', char: 'MPI_CHAR',
}

/** C statements building `spec` into a fresh variable; returns its name. */
function typeC(spec: unknown, out: string[], fresh: () => string): string {
  if (typeof spec === 'string') {
    const c = ELEMENTARY[spec]
    if (c === undefined) throw new Error(`mpich-pack: no C name for elementary type '${spec}'`)
    return c
  }
  const s = spec as Record<string, unknown>
  const nums = (k: string): number[] => s[k] as number[]
  const v = fresh()
  out.push(`MPI_Datatype ${v};`)
  switch (s.kind) {
    case 'contiguous':
      out.push(`MPI_Type_contiguous(${s.count}, ${typeC(s.oldtype, out, fresh)}, &${v});`)
      break
    case 'vector':
      out.push(`MPI_Type_vector(${s.count}, ${s.blocklength}, ${s.stride}, ${typeC(s.oldtype, out, fresh)}, &${v});`)
      break
    case 'resized':
      out.push(`MPI_Type_create_resized(${typeC(s.oldtype, out, fresh)}, ${s.lb}, ${s.extent}, &${v});`)
      break
    case 'subarray': {
      const n = nums('sizes').length
      out.push(`{ int sz[] = {${nums('sizes').join(',')}}, sub[] = {${nums('subsizes').join(',')}}, st[] = {${nums('starts').join(',')}};`)
      out.push(`  MPI_Type_create_subarray(${n}, sz, sub, st, ${s.order === 'F' ? 'MPI_ORDER_FORTRAN' : 'MPI_ORDER_C'}, ${typeC(s.oldtype, out, fresh)}, &${v}); }`)
      break
    }
    case 'struct': {
      const types = (s.types as unknown[]).map((t) => typeC(t, out, fresh))
      out.push(`{ int bl[] = {${nums('blocklengths').join(',')}}; MPI_Aint d[] = {${nums('displacements').join(',')}}; MPI_Datatype ty[] = {${types.join(',')}};`)
      out.push(`  MPI_Type_create_struct(${types.length}, bl, d, ty, &${v}); }`)
      break
    }
    default:
      throw new Error(`mpich-pack: type kind '${String(s.kind)}' is not translated to C`)
  }
  return v
}

/**
 * How one MPICH measurement runs, mirroring the JavaScript side (host-pack.ts cpuSamples):
 * `warmup` untimed calls, then calls timed on `clock` until at least `iterations` calls and
 * `timeMs` milliseconds of wall time; the median call's time gives MB/s.
 */
export interface MpichPhase {
  readonly warmup: number
  readonly iterations: number
  readonly timeMs: number
  /** What a call's time is: the process's CPU time, or wall time (the JavaScript side's choice). */
  readonly clock: 'cpu' | 'wall'
}

/** One MPICH measurement: workload i's pack or unpack, warm median MB/s and timed calls. */
export interface MpichRow {
  readonly id: string
  readonly MBps: number
  readonly samples: number
}

/**
 * The C program: builds every workload type, then per stdin line "i dir warmup iterations timeMs
 * wall" (dir 0 = MPI_Pack, 1 = MPI_Unpack; wall 1 = wall time, 0 = process CPU time) measures workload i as MpichPhase says and prints one JSON
 * line. Each workload's buffers are allocated and filled at its first request and reused after, as
 * the JavaScript side reuses its own: no round pays page faults or a first touch the other does not.
 */
export function mpichProgram(workloads: readonly MpichWorkload[]): string {
  let k = 0
  const fresh = (): string => `t${k++}`
  const bodies = workloads.map((w, i) => {
    const lines: string[] = []
    let root: string
    if (w.specfem) {
      root = fresh()
      lines.push(`MPI_Datatype ${root}; { int n = ${w.specfem.displacements}; int *d = malloc(sizeof(int) * n);`)
      lines.push('  for (int i = 0; i < n; i++) { uint32_t g = (uint32_t)(i / 5); uint32_t ig = 55u * g + ((uint32_t)(g * 2654435761u) >> 27) + (uint32_t)(i % 5); d[i] = (int)(3u * ig); }')
      lines.push(`  MPI_Type_create_indexed_block(n, ${w.specfem.blocklength}, d, MPI_FLOAT, &${root}); free(d); }`)
    } else {
      root = typeC(w.type, lines, fresh)
    }
    lines.push(`MPI_Type_commit(&${root});`)
    lines.push(`types[${i}] = ${root}; ids[${i}] = "${w.id}"; counts[${i}] = ${w.count}; sizes[${i}] = ${w.packedBytes};`)
    return `{\n  ${lines.join('\n  ')}\n}`
  })
  const n = workloads.length
  return `#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

static MPI_Datatype types[${n}]; static const char *ids[${n}]; static int counts[${n}]; static long sizes[${n}];
/* per workload: the typed buffer (spanning the instances like the JavaScript side) and the packed one */
static unsigned char *bufs[${n}], *packs[${n}]; static MPI_Aint los[${n}];

static void prepare(int i) {
  if (bufs[i] != NULL) return;
  MPI_Aint lb, extent, tlb, textent;
  MPI_Type_get_extent(types[i], &lb, &extent);
  MPI_Type_get_true_extent(types[i], &tlb, &textent);
  MPI_Aint span = (MPI_Aint)(counts[i] - 1) * extent;
  MPI_Aint lo = (tlb < lb ? tlb : lb) + (span < 0 ? span : 0);
  MPI_Aint hi = ((tlb + textent) > (lb + extent) ? (tlb + textent) : (lb + extent)) + (span > 0 ? span : 0);
  /* 16 bytes into a page, where glibc puts large blocks and so the JavaScript side's buffers sit */
  unsigned char *b, *p;
  if (posix_memalign((void **)&b, 4096, hi - lo + 16) != 0 || posix_memalign((void **)&p, 4096, sizes[i] + 16) != 0) { fprintf(stderr, "out of memory\\n"); exit(2); }
  bufs[i] = b + 16;
  packs[i] = p + 16;
  memset(packs[i], 0, sizes[i]);
  los[i] = lo;
  for (MPI_Aint k = 0; k < hi - lo; k++) bufs[i][k] = (unsigned char)((k * 131 + 7) & 0xff);
}

static void call(int i, int dir) {
  int pos = 0;
  if (dir == 0) MPI_Pack(bufs[i] - los[i], counts[i], types[i], packs[i], (int)sizes[i], &pos, MPI_COMM_WORLD);
  else MPI_Unpack(packs[i], (int)sizes[i], &pos, bufs[i] - los[i], counts[i], types[i], MPI_COMM_WORLD);
  if (pos != sizes[i]) { fprintf(stderr, "%s: moved %d bytes, expected %ld\\n", ids[i], pos, sizes[i]); exit(2); }
}

/* the process's CPU time (as the JavaScript side reads its own, process.cpuUsage) or wall time */
static int use_wall;
static double call_seconds(void) {
  struct timespec ts;
  clock_gettime(use_wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* warm-up calls, then timed calls until both iterations and time_ms (wall) are reached; median MB/s */
static void measure(int i, int dir, int warmup, int iterations, double time_ms) {
  prepare(i);
  for (int r = 0; r < warmup; r++) call(i, dir);
  int cap = iterations > 1024 ? iterations : 1024, m = 0;
  double *t = malloc(sizeof(double) * cap), start = MPI_Wtime();
  while (m < iterations || (MPI_Wtime() - start) * 1e3 < time_ms) {
    if (m == cap) { cap *= 2; t = realloc(t, sizeof(double) * cap); }
    double t0 = call_seconds();
    call(i, dir);
    t[m++] = call_seconds() - t0;
  }
  qsort(t, m, sizeof(double), cmp);
  double med = m % 2 ? t[m / 2] : (t[m / 2 - 1] + t[m / 2]) / 2;
  printf("{\\"id\\":\\"%s\\",\\"MBps\\":%.0f,\\"samples\\":%d}\\n", ids[i], sizes[i] / med / 1e6, m);
  fflush(stdout);
  free(t);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
${bodies.join('\n')}
  int i, dir, warmup, iterations; double time_ms;
  while (scanf("%d %d %d %d %lf %d", &i, &dir, &warmup, &iterations, &time_ms, &use_wall) == 6) {
    if (i < 0 || i >= ${n} || dir < 0 || dir > 1 || warmup < 0 || iterations < 1) { fprintf(stderr, "bad request %d %d\\n", i, dir); return 2; }
    measure(i, dir, warmup, iterations, time_ms);
  }
  MPI_Finalize();
  return 0;
}
`
}

/** The running MPICH program: measure(i, reps) asks it for workload i and waits for its line. */
export interface MpichPack {
  measure(index: number, dir: 'pack' | 'unpack', phase: MpichPhase): Promise<MpichRow>
  close(): void
}

export type MpichOutcome = { readonly available: true; readonly server: MpichPack } | { readonly available: false; readonly reason: string }

class MpichServer implements MpichPack {
  private pending: { resolve: (r: MpichRow) => void; reject: (e: Error) => void } | undefined
  private buffered = ''
  private failure: Error | undefined
  private stderr = ''

  constructor(private readonly child: ChildProcessWithoutNullStreams, private readonly dir: string) {
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      this.buffered += chunk
      const nl = this.buffered.indexOf('\n')
      if (nl < 0) return
      const line = this.buffered.slice(0, nl)
      this.buffered = this.buffered.slice(nl + 1)
      const p = this.pending
      this.pending = undefined
      p?.resolve(JSON.parse(line) as MpichRow)
    })
    child.stderr.on('data', (chunk: string) => { this.stderr += chunk })
    child.on('exit', (code) => this.fail(new Error(`the MPICH program exited (${String(code)}): ${this.stderr.split('\n')[0] ?? ''}`)))
    child.on('error', (e) => this.fail(e))
  }

  private fail(e: Error): void {
    this.failure ??= e
    const p = this.pending
    this.pending = undefined
    p?.reject(this.failure)
  }

  measure(index: number, dir: 'pack' | 'unpack', phase: MpichPhase): Promise<MpichRow> {
    if (this.failure !== undefined) return Promise.reject(this.failure)
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject }
      this.child.stdin.write(`${index} ${dir === 'pack' ? 0 : 1} ${phase.warmup} ${phase.iterations} ${phase.timeMs} ${phase.clock === 'wall' ? 1 : 0}\n`)
    })
  }

  close(): void {
    this.child.stdin.end()
    this.child.kill()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/** Builds the program and starts it; `available: false` with the reason when mpicc is missing or fails. */
export function startMpichPack(workloads: readonly MpichWorkload[]): MpichOutcome {
  const found = mpichCompiler()
  if (typeof found !== 'string') return found
  const dir = mkdtempSync(join(tmpdir(), 'spinmpi-mpich-'))
  writeFileSync(join(dir, 'pack.c'), mpichProgram(workloads))
  const cc = spawnSync(found, ['-O2', '-o', join(dir, 'pack'), join(dir, 'pack.c')], { encoding: 'utf8' })
  if (cc.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    return { available: false, reason: `mpicc failed: ${(cc.stderr || '').split('\n')[0]}` }
  }
  return { available: true, server: new MpichServer(spawn(join(dir, 'pack'), [], { stdio: 'pipe' }), dir) }
}

/**
 * MPICH's compiler wrapper: `mpicc.mpich` where Debian installs it beside other MPIs, else
 * `mpicc` when it is MPICH's. With Open MPI installed too, Debian's `mpicc` may point to Open
 * MPI's wrapper, whose MPI_Pack the benchmark would then time under MPICH's name.
 */
function mpichCompiler(): string | { readonly available: false; readonly reason: string } {
  for (const cc of ['mpicc.mpich', 'mpicc']) {
    const probe = spawnSync(cc, ['-show'], { encoding: 'utf8' })
    if (probe.error !== undefined || probe.status !== 0) continue
    if (/mpich/i.test(probe.stdout)) return cc
    return { available: false, reason: `${cc} is not MPICH's wrapper (its -show: ${probe.stdout.trim().slice(0, 60)}...; apt-get install mpich libmpich-dev)` }
  }
  return { available: false, reason: 'mpicc not found (apt-get install mpich libmpich-dev)' }
}
