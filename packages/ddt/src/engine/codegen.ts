// Generates the source of a pack or unpack kernel specialized to one dataloop: nested loops with
// every count, stride, length and offset baked in, small runs copied by unrolled word moves,
// large runs by one native block copy. Cold code; the JIT compiles the result.

import type { Loop } from './loop.js'

export type Direction = 'pack' | 'unpack'

/**
 * A kernel moves `count` instances between the typed buffer B (instance n's origin at unit
 * b + n*extent) and the packed stream P from unit p0; both are views of `grain`-byte units over
 * whole ArrayBuffers, B8/P8 byte views of the same. T holds tables already divided by the grain,
 * as Int32Array, and callers pass the scalar arguments as int32 values (`| 0`): every index is then
 * an int32 to V8 (float64 arguments or tables made it compile all index arithmetic as doubles, with
 * a conversion on every element access). The kernel does not coerce them itself: a kernel's first
 * call runs before V8 allocates its feedback vector, so a `b | 0` prologue had no type feedback,
 * the first optimized code deopted on it and the kernel often stayed unoptimized (SPECFEM3D's pack
 * ran at a fifth of its unpack). Callers guarantee that every index fits an int32.
 * BF/PF are Float64Array views of the same buffers: 4-byte-grain kernels move the 8-byte-aligned
 * part of a run through them when the run's two ends agree mod 8 (see copyFixed).
 * V holds the source views of the native block copies, in the order the kernel makes them: a
 * kernel takes view i from V when it is there and else makes it and stores it (up to
 * MAX_CACHED_VIEWS), so a caller that passes the same V for the same source buffer and start
 * position again makes no views (see kernels.ts).
 * Returns the packed unit index after the last byte.
 */
export type Kernel = (
  B: ArrayLike<number> & { [i: number]: number }, P: ArrayLike<number> & { [i: number]: number },
  b: number, p0: number, count: number, extent: number, T: Int32Array, B8: Uint8Array, P8: Uint8Array,
  BF: Float64Array, PF: Float64Array, V: Uint8Array[],
) => number

/** Views a kernel stores in V per call; past this many it makes the rest on the spot. */
export const MAX_CACHED_VIEWS = 16384

/** Runs from this many bytes up are moved by one native copy (measured crossover, see README). */
const NATIVE_COPY_BYTES: Readonly<Record<number, number>> = { 8: 768, 4: 384, 1: 96 }
/** Longest run (in units) copied fully unrolled (measured: beats chunked loops up to 512 B); longer sub-native runs use 8-unit chunks. */
const UNROLL_UNITS = 96
/**
 * Vectors of runs up to this many units move UNROLL_RUNS runs per loop iteration: more independent
 * loads in flight per iteration. Measured on the 8-byte-run workloads (NAS MG face, matrix column):
 * 16 runs per iteration beat 4 by 1.3-3x, 32 gained nothing over 16.
 */
const SMALL_RUN_UNITS = 4
const UNROLL_RUNS = 16
/**
 * Runs of SMALL_RUN_UNITS+1 up to MID_RUN_UNITS units (lists and vectors alike) also move several
 * runs per iteration, about MID_RUN_BYTES and at most MID_RUN_MOVES unit moves in all (SPECFEM3D's
 * 60-byte runs: 8), word by word across the runs and without copyFixed's float64 branch: more
 * independent loads in flight. Measured in CPU time, calls in turn: SPECFEM3D's pack beside MPICH
 * (60-byte runs at 4-byte grain, 3.2 MB touched per call) 8 runs per iteration 1.2-1.5x the
 * one-run loop with float64 words, 4 runs 1.06-1.1x, 6 or 12 runs 0.7-0.8x of 8, 16 runs 0.85x of
 * 8; the same 8 runs as float64 words through an unaligned DataView 0.95x of int32 moves; the runs
 * sorted per group into alignment classes (half of them then move as float64 words without a
 * branch) 0.8x. Against the commit before, one process: NAS LU's 40-byte vector runs (5 units, 12
 * per iteration) 1.26-1.36x; fft2d P = 64's 256-byte runs (32 units, 3 per iteration) 0.82x, so
 * the loop stops at 16 units; byte-grain WRF (16-unit runs) 1.03-1.41x at 7 per iteration,
 * 0.86-0.93x at 16. Warm shapes (2 MB, in L2): 5-9 units 0.98-1.43x; float64 runs of 12 and 16
 * units 0.94-1.10x; 4-byte-grain lists of 12 and 16 units 0.90-1.01x (there the float64 branch's
 * halved moves count more than the loads in flight). See docs/performance-history.md.
 */
const MID_RUN_UNITS = 16
const MID_RUN_BYTES = 480
const MID_RUN_MOVES = 120

const runsPerIteration = (units: number, grain: number): number =>
  units <= SMALL_RUN_UNITS
    ? UNROLL_RUNS
    : Math.min(UNROLL_RUNS, Math.floor(MID_RUN_BYTES / (units * grain)), Math.floor(MID_RUN_MOVES / units))
/**
 * 4-byte-grain runs of at least this many units check whether their typed and packed positions
 * agree mod 8; half of SPECFEM3D's 60-byte runs do, and move as 7 float64 words and one int32
 * instead of 15 int32s (measured 1.15-1.2x on that workload's pack; only 15-unit runs measured).
 * Lists and vectors of many such runs now take the mid-run loop instead (MID_RUN_UNITS); single
 * runs, nested runs and the rest of a list still come here.
 */
const WIDE_FROM_UNITS = 8
/** Generated source beyond this size is not worth compiling; callers fall back to segments. */
const MAX_SOURCE_CHARS = 400_000

/** Instances whose runs sit side by side are moved this many bytes per row at most (one cache line). */
const ROW_BYTES = 64
/**
 * Row by row only for unpack and up to this many instances per row. Measured A/B in one process
 * (CPU time): fft2d's element transpose (16 B runs, 4 instances) unpack 1.24x and 2.1x, its pack
 * 0.66x and 0.9x (the four packed streams, 4 KiB apart, slowed the stores); matrix column (8 B
 * runs, 8 instances) 0.84-1.03x either way.
 */
const MAX_ROW_INSTANCES = 4

/**
 * A vector of short runs whose instances sit side by side (extent = run length: fft2d's element
 * transpose, a matrix's columns) is read row by row across ROW_BYTES / run instances at once, so
 * each cache line of the typed buffer is read once instead of once per instance (rows are often
 * 16 KiB apart, where the caches keep few lines of one set). Only when the instances' rows do not
 * overlap (count * run <= stride), so the bytes moved and where they land are the same as
 * instance by instance. Emits the block loop and leaves n, o after the blocks; false if the shape
 * does not apply (and for pack: see MAX_ROW_INSTANCES).
 */
function rowsOfInstances(loop: Loop, grain: number, dir: Direction, line: (s: string) => void): boolean {
  if (dir !== 'unpack' || loop.kind !== 'vector' || loop.child.kind !== 'run' || loop.child.offset !== 0 || loop.count < 2 || loop.stride <= 0) return false
  const run = loop.child.len
  const per = Math.floor(ROW_BYTES / run)
  if (per < 2 || per > MAX_ROW_INSTANCES) return false
  const L = run / grain, S = loop.stride / grain, R = loop.count, off = loop.offset / grain
  let moves = ''
  for (let j = 0; j < per; j++) {
    for (let k = 0; k < L; k++) {
      moves += ` B[a+${j * L + k}]=P[q+${j * R * L + k}];`
    }
  }
  line('let n = 0, o = b;')
  line(`if (extent === ${L} && count * ${L} <= ${S}) {`)
  line(`for (; n + ${per} <= count; n += ${per}, o += ${per * L}, p += ${per * R * L}) {`)
  line(`for (let i = 0, a = o + ${off}, q = p; i < ${R}; i++, a += ${S}, q += ${L}) {${moves} }`)
  line('} }')
  return true
}

export interface KernelSource {
  readonly source: string
  readonly table: Int32Array
  /** Whether the kernel makes views for native copies (and so uses V). */
  readonly views: boolean
}

export function kernelSource(loop: Loop, grain: number, dir: Direction): KernelSource | undefined {
  const table: number[] = []
  const native = NATIVE_COPY_BYTES[grain] ?? NATIVE_COPY_BYTES[1]!
  let out = ''
  let chars = 0
  // native block copies go through views made on the spot: `new Uint8Array(buffer, at, n)` costs
  // less than `subarray` (measured on MILC halo y's 4,608-byte runs: 40 vs 44 µs per pack, 256 runs)
  let viewsUsed = false
  const line = (s: string): void => {
    out += s + '\n'
    chars += s.length
  }
  // The source view of a native copy: the one stored in V at this copy's index, else a new one
  // (stored while V is short enough). Making a view costs 20-40 ns of a 150-200 ns copy of 4 KiB.
  const view = (buffer: string, at: string, bytes: string): string =>
    `(vi < V.length ? V[vi++] : vi++ < ${MAX_CACHED_VIEWS} ? (V[vi - 1] = new Uint8Array(${buffer}, ${at}, ${bytes})) : new Uint8Array(${buffer}, ${at}, ${bytes}))`
  // Copy `units` units between B at `a` and P at p; advance p.
  const copyFixed = (a: string, units: number): void => {
    if (units * grain >= native) {
      const bytes = units * grain
      const ab = grain === 1 ? a : `(${a})*${grain}`
      viewsUsed = true
      const pb = `p${grain === 1 ? '' : '*' + grain}`
      if (dir === 'pack') line(`P8.set(${view('BA', ab, String(bytes))}, ${pb});`)
      else line(`B8.set(${view('PA', pb, String(bytes))}, ${ab});`)
    } else if (grain === 4 && units >= WIDE_FROM_UNITS && units <= UNROLL_UNITS) {
      line(`{ const s = ${a};`)
      line(`if (((s ^ p) & 1) === 0) {`)
      // both at an even unit (8-byte aligned): words from the start, an odd unit left at the end;
      // both odd: one unit first, then words. Float64Array moves copy the 8 bytes exactly (kernels.ts).
      const wide = (first: number): void => {
        const words = (units - first) >> 1
        let w = first === 0 ? `const h = s >> 1, q = p >> 1;` : `const h = (s+1) >> 1, q = (p+1) >> 1;`
        if (first === 1) w = (dir === 'pack' ? ` P[p]=B[s];` : ` B[s]=P[p];`) + ' ' + w
        for (let k = 0; k < words; k++) w += dir === 'pack' ? ` PF[(q+${k})|0]=BF[(h+${k})|0];` : ` BF[(h+${k})|0]=PF[(q+${k})|0];`
        const last = first + 2 * words
        if (last < units) w += dir === 'pack' ? ` P[(p+${last})|0]=B[(s+${last})|0];` : ` B[(s+${last})|0]=P[(p+${last})|0];`
        line(w)
      }
      line('if ((s & 1) === 0) {')
      wide(0)
      line('} else {')
      wide(1)
      line('} } else {')
      let n = ''
      for (let k = 0; k < units; k++) n += dir === 'pack' ? ` P[(p+${k})|0]=B[(s+${k})|0];` : ` B[(s+${k})|0]=P[(p+${k})|0];`
      line(n)
      line('} }')
    } else if (units <= UNROLL_UNITS) {
      // indices as `(v+k)|0`: V8 adds in 32 bits without an overflow check per access (every index
      // fits an int32, see Kernel). Measured 10-20% on long runs (milc halo x, fft2d P = 64); on
      // the small-run vectors below the same form made fft2d's element unpack 25% slower.
      let s = `{ const s = ${a};`
      for (let k = 0; k < units; k++) s += dir === 'pack' ? ` P[(p+${k})|0]=B[(s+${k})|0];` : ` B[(s+${k})|0]=P[(p+${k})|0];`
      line(s + ' }')
    } else {
      const chunks = Math.floor(units / 8)
      let body = ''
      for (let k = 0; k < 8; k++) body += dir === 'pack' ? ` P[q+${k}]=B[s+${k}];` : ` B[s+${k}]=P[q+${k}];`
      let rest = ''
      for (let k = chunks * 8; k < units; k++) rest += dir === 'pack' ? ` P[p+${k}]=B[${a}+${k}];` : ` B[${a}+${k}]=P[p+${k}];`
      line(`for (let c = 0, s = ${a}, q = p; c < ${chunks}; c++, s += 8, q += 8) {${body} }`)
      if (rest !== '') line(`{${rest} }`)
    }
    line(`p += ${units};`)
  }
  const copyVariable = (a: string, units: string): void => {
    viewsUsed = true
    const nativeUnits = Math.ceil(native / grain)
    const g = grain === 1 ? '' : `*${grain}`
    const big = dir === 'pack'
      ? `P8.set(${view('BA', `(${a})${g}`, `${units}${g}`)}, p${g});`
      : `B8.set(${view('PA', `p${g}`, `${units}${g}`)}, (${a})${g});`
    const small = dir === 'pack'
      ? `for (let k = 0; k < ${units}; k++) P[p+k]=B[${a}+k];`
      : `for (let k = 0; k < ${units}; k++) B[${a}+k]=P[p+k];`
    line(`if (${units} >= ${nativeUnits}) ${big} else ${small}`)
    line(`p += ${units};`)
  }
  // Several runs of a vector per iteration: fewer loop tests, independent loads in flight.
  const runVector = (base: string, count: number, stride: number, units: number, per: number, d: number): void => {
    const moves = (at: string, q: string): string => {
      let s = ''
      const move = (j: number, k: number): void => {
        const src = units <= SMALL_RUN_UNITS ? `${at}+${j * stride + k}` : `(${at}+${j * stride + k})|0`
        const dst = units <= SMALL_RUN_UNITS ? `${q}+${j * units + k}` : `(${q}+${j * units + k})|0`
        s += dir === 'pack' ? ` P[${dst}]=B[${src}];` : ` B[${src}]=P[${dst}];`
      }
      if (units <= SMALL_RUN_UNITS) for (let j = 0; j < per; j++) for (let k = 0; k < units; k++) move(j, k)
      else for (let k = 0; k < units; k++) for (let j = 0; j < per; j++) move(j, k)
      return s
    }
    const blocks = Math.floor(count / per)
    line(`{ let a${d} = ${base};`)
    line(`for (let i${d} = 0; i${d} < ${blocks}; i${d}++, a${d} += ${per * stride}, p += ${per * units}) {${moves(`a${d}`, 'p')} }`)
    const rest = count - blocks * per
    for (let j = 0; j < rest; j++) copyFixed(`(a${d} + ${j * stride})`, units)
    line('}')
  }
  // `per` runs of a list per iteration; runs above SMALL_RUN_UNITS index as `(v+k)|0` (see copyFixed)
  const runList = (base: string, t: number, count: number, units: number, per: number, d: number): void => {
    const at = (v: string, k: number): string => (units <= SMALL_RUN_UNITS ? `${v}+${k}` : `(${v}+${k})|0`)
    let moves = ''
    for (let j = 0; j < per; j++) moves += ` const x${j} = ${base} + T[${t} + i${d} + ${j}];`
    const move = (j: number, k: number): void => {
      const dst = at('p', j * units + k), src = at(`x${j}`, k)
      moves += dir === 'pack' ? ` P[${dst}]=B[${src}];` : ` B[${src}]=P[${dst}];`
    }
    // longer runs word by word across the runs (unit k of every run, then k+1), as measured
    if (units <= SMALL_RUN_UNITS) for (let j = 0; j < per; j++) for (let k = 0; k < units; k++) move(j, k)
    else for (let k = 0; k < units; k++) for (let j = 0; j < per; j++) move(j, k)
    const blocks = Math.floor(count / per)
    line(`{ let i${d} = 0;`)
    line(`for (; i${d} < ${blocks * per}; i${d} += ${per}, p += ${per * units}) {${moves} }`)
    line(`for (; i${d} < ${count}; i${d}++) {`)
    copyFixed(`${base} + T[${t} + i${d}]`, units)
    line('} }')
  }
  const pushTable = (values: ArrayLike<number>): number => {
    const at = table.length
    for (let i = 0; i < values.length; i++) table.push(values[i]! / grain)
    return at
  }
  const body = (l: Loop, addr: string, d: number): void => {
    if (chars > MAX_SOURCE_CHARS) return
    const base = l.offset === 0 ? addr : `(${addr} + ${l.offset / grain})`
    switch (l.kind) {
      case 'run':
        copyFixed(base, l.len / grain)
        return
      case 'vector':
      case 'contig':
        if (l.child.kind === 'run') {
          const units = l.child.len / grain, per = runsPerIteration(units, grain)
          if (units <= MID_RUN_UNITS && per >= 2 && l.count >= 2 * per) {
            runVector(base, l.count, l.stride / grain, units, per, d)
            return
          }
        }
        line(`for (let i${d} = 0, a${d} = ${base}; i${d} < ${l.count}; i${d}++, a${d} += ${l.stride / grain}) {`)
        body(l.child, `a${d}`, d + 1)
        line('}')
        return
      case 'blockindexed': {
        const t = pushTable(l.displs)
        if (l.child.kind === 'run') {
          const units = l.child.len / grain, per = runsPerIteration(units, grain)
          if (units <= MID_RUN_UNITS && per >= 2 && l.displs.length >= 2 * per) {
            runList(base, t, l.displs.length, units, per, d)
            return
          }
        }
        line(`for (let i${d} = 0; i${d} < ${l.displs.length}; i${d}++) {`)
        line(`const a${d} = ${base} + T[${t} + i${d}];`)
        body(l.child, `a${d}`, d + 1)
        line('}')
        return
      }
      case 'indexed': {
        const t = pushTable(l.displs)
        const tl = pushTable(l.lens)
        line(`for (let i${d} = 0; i${d} < ${l.displs.length}; i${d}++) {`)
        line(`const a${d} = ${base} + T[${t} + i${d}], l${d} = T[${tl} + i${d}];`)
        copyVariable(`a${d}`, `l${d}`)
        line('}')
        return
      }
      case 'struct':
        line(`{ const a${d} = ${base};`)
        l.children.forEach((c, k) => body(c, `(a${d} + ${l.displs[k]! / grain})`, d + 1))
        line('}')
        return
    }
  }
  line('let p = p0;')
  if (rowsOfInstances(loop, grain, dir, line)) line('for (; n < count; n++, o += extent) {')
  else line('for (let n = 0, o = b; n < count; n++, o += extent) {')
  body(loop, 'o', 0)
  line('}')
  line('return p;')
  if (viewsUsed) out = 'const BA = B8.buffer, PA = P8.buffer;\nlet vi = 0;\n' + out
  if (chars > MAX_SOURCE_CHARS) return undefined
  for (const v of table) if (v !== (v | 0)) return undefined
  return { source: out, table: Int32Array.from(table), views: viewsUsed }
}
