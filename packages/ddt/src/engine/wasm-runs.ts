// A WebAssembly pack/unpack kernel over a run list, for buffers that live in a wasm memory (a
// PackArena). JavaScript moves at most 8 bytes per bounds-checked element access; wasm moves 16
// per v128 load/store with no per-access check (the memory's guard region does that), so runs of
// 16 B to a few KiB copy several times faster. The module is emitted here as bytes: no toolchain.
// Cold code: built once per process.

/** unsigned LEB128 */
function uleb(n: number): number[] {
  const out: number[] = []
  do {
    let b = n & 0x7f
    n >>>= 7
    if (n !== 0) b |= 0x80
    out.push(b)
  } while (n !== 0)
  return out
}

/** signed LEB128 (i32 constants) */
function sleb(n: number): number[] {
  const out: number[] = []
  for (;;) {
    const b = n & 0x7f
    n >>= 7
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b)
      return out
    }
    out.push(b | 0x80)
  }
}

const name = (s: string): number[] => [...uleb(s.length), ...[...s].map((ch) => ch.charCodeAt(0))]
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body]

// opcodes
const I32 = 0x7f
const BLOCK = 0x02, LOOP = 0x03, IF = 0x04, ELSE = 0x05, END = 0x0b, BR = 0x0c, BR_IF = 0x0d, VOID = 0x40, SELECT = 0x1b
const GET = 0x20, SET = 0x21
const ADD = 0x6a, SUB = 0x6b, GE_S = 0x4e, GE_U = 0x4f, GT_U = 0x4b
const get = (i: number): number[] => [GET, i]
const set = (i: number): number[] => [SET, i]
const i32 = (n: number): number[] => [0x41, ...sleb(n)]
// loads/stores with alignment hint 0 (runs start anywhere) and offset 0
const LOAD32 = [0x28, 0, 0], STORE32 = [0x36, 0, 0], LOAD64 = [0x29, 0, 0], STORE64 = [0x37, 0, 0]
const LOAD8 = [0x2d, 0, 0], STORE8 = [0x3a, 0, 0], LOAD128 = [0xfd, 0x00, 0, 0], STORE128 = [0xfd, 0x0b, 0, 0]
const MEMORY_COPY = [0xfc, 0x0a, 0x00, 0x00]

// parameters
const TAB = 0, RUNS = 1, COUNT = 2, EXTENT = 3, ORIGIN = 4, P = 5, DIR = 6, BULK_FROM = 7
// locals
const INST = 8, BASE = 9, J = 10, T = 11, LEN = 12, S = 13, D = 14, K = 15
const LOCALS = 8

/** Moves one word of the run: dst[D + at] = src[S + at]. */
const word = (load: number[], store: number[], at: number[]): number[] =>
  [...get(D), ...at, ADD, ...get(S), ...at, ADD, ...load, ...store]

/** The copy of one run of LEN bytes from S to D, by size class. */
const copyRun: number[] = [
  ...get(LEN), ...get(BULK_FROM), GE_U, IF, VOID,
  ...get(D), ...get(S), ...get(LEN), ...MEMORY_COPY,
  ELSE, ...get(LEN), ...i32(16), GE_U, IF, VOID,
  // 16-byte words, then one last word ending at the run's end (overlapping the previous one)
  ...i32(0), ...set(K),
  BLOCK, VOID, LOOP, VOID,
  ...get(K), ...i32(16), ADD, ...get(LEN), GT_U, BR_IF, 1,
  ...word(LOAD128, STORE128, get(K)),
  ...get(K), ...i32(16), ADD, ...set(K), BR, 0,
  END, END,
  ...word(LOAD128, STORE128, [...get(LEN), ...i32(16), SUB]),
  ELSE, ...get(LEN), ...i32(8), GE_U, IF, VOID,
  ...word(LOAD64, STORE64, i32(0)), ...word(LOAD64, STORE64, [...get(LEN), ...i32(8), SUB]),
  ELSE, ...get(LEN), ...i32(4), GE_U, IF, VOID,
  ...word(LOAD32, STORE32, i32(0)), ...word(LOAD32, STORE32, [...get(LEN), ...i32(4), SUB]),
  ELSE,
  ...i32(0), ...set(K),
  BLOCK, VOID, LOOP, VOID,
  ...get(K), ...get(LEN), GE_U, BR_IF, 1,
  ...word(LOAD8, STORE8, get(K)),
  ...get(K), ...i32(1), ADD, ...set(K), BR, 0,
  END, END,
  END, END, END, END,
]

/**
 * runs(tab, n, count, extent, origin, p, dir, bulkFrom) -> p after the last byte. `tab` holds n
 * (offset, length) int32 pairs of one instance; instance i's origin is origin + i*extent. dir 0
 * packs (typed → packed at p), 1 unpacks. Runs of bulkFrom bytes and more use memory.copy.
 */
const body: number[] = [
  ...i32(0), ...set(INST), ...get(ORIGIN), ...set(BASE),
  BLOCK, VOID, LOOP, VOID,
  ...get(INST), ...get(COUNT), GE_S, BR_IF, 1,
  ...get(TAB), ...set(T), ...i32(0), ...set(J),
  BLOCK, VOID, LOOP, VOID,
  ...get(J), ...get(RUNS), GE_S, BR_IF, 1,
  ...get(T), 0x28, 0, 4, ...set(LEN), // i32.load offset=4
  ...get(BASE), ...get(T), ...LOAD32, ADD, ...set(K), // K = the run's typed-side address
  ...get(P), ...get(K), ...get(DIR), SELECT, ...set(S),
  ...get(K), ...get(P), ...get(DIR), SELECT, ...set(D),
  ...copyRun,
  ...get(P), ...get(LEN), ADD, ...set(P),
  ...get(T), ...i32(8), ADD, ...set(T),
  ...get(J), ...i32(1), ADD, ...set(J), BR, 0,
  END, END,
  ...get(INST), ...i32(1), ADD, ...set(INST),
  ...get(BASE), ...get(EXTENT), ADD, ...set(BASE), BR, 0,
  END, END,
  ...get(P), END,
]

function moduleBytes(): Uint8Array {
  const fn = [...uleb(1), ...uleb(LOCALS), I32, ...body]
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 8, I32, I32, I32, I32, I32, I32, I32, I32, 1, I32]),
    ...section(2, [1, ...name('env'), ...name('mem'), 0x02, 0x00, 0x00]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...name('runs'), 0x00, 0]),
    ...section(10, [1, ...uleb(fn.length), ...fn]),
  ])
}

export type RunsKernel = (tab: number, n: number, count: number, extent: number, origin: number, p: number, dir: number, bulkFrom: number) => number

/** The part of the WebAssembly API used here (the project's lib settings do not declare it). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean
  Module: new (bytes: Uint8Array) => object
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> }
  Memory: new (limits: { initial: number; maximum: number }) => WasmMemory
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly

/** A fixed-size wasm memory, or a plain ArrayBuffer holder where WebAssembly is missing. */
export function newMemory(pages: number): WasmMemory {
  return wasm === undefined ? { buffer: new ArrayBuffer(pages * 65536) } : new wasm.Memory({ initial: pages, maximum: pages })
}

let compiled: object | null | undefined

/** The compiled module, or null where WebAssembly (with SIMD and bulk memory) is unavailable. */
function runsModule(): object | null {
  if (compiled === undefined) {
    const bytes = moduleBytes()
    compiled = wasm !== undefined && wasm.validate(bytes) ? new wasm.Module(bytes) : null
  }
  return compiled
}

/** The kernel bound to `memory`, or undefined without WebAssembly SIMD. */
export function runsKernel(memory: WasmMemory): RunsKernel | undefined {
  const m = runsModule()
  if (m === null || wasm === undefined || !(memory instanceof wasm.Memory)) return undefined
  return new wasm.Instance(m, { env: { mem: memory } }).exports.runs as RunsKernel
}
