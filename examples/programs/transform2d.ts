// A row/column transform on split communicators, the exchange pattern of a 2-D FFT on a process
// grid: ranks form a pr x pc grid, each owns a block of an N x N matrix; the row communicator
// (same grid row) redistributes its block-row with alltoall so that each rank holds whole rows,
// transforms them with radix-2 butterflies, and sends them back; the column communicator does
// the same for columns. The butterflies are the Walsh-Hadamard transform (+1/-1 twiddles), so
// the result H·A·H is exact in float64 and can be checked against a direct computation.
//
//   spinmpi run examples/programs/transform2d.ts --ranks 8 -- 16      (N = 16)

import { dimsCreate, types, type Comm } from '@spinmpi/runtime'

export interface TransformResult {
  /** Grid coordinates of this rank and its block of the result (rows x cols, row-major). */
  readonly coords: [number, number]
  readonly rows: number
  readonly cols: number
  readonly block: number[]
}

/** The input matrix: small integers. */
export function inputValue(i: number, j: number, n: number): number {
  return ((i * n + j) % 7) - 3
}

/** In-place Walsh-Hadamard transform of v[off .. off + len). */
function butterflies(v: Float64Array, off: number, len: number): void {
  for (let h = 1; h < len; h <<= 1) {
    for (let i = 0; i < len; i += 2 * h) {
      for (let k = i; k < i + h; k++) {
        const a = v[off + k]!, b = v[off + k + h]!
        v[off + k] = a + b
        v[off + k + h] = a - b
      }
    }
  }
}

/**
 * Transforms the rows of the block-row that `line` (size q) shares: block is rows x cols
 * (row-major), the full rows are q·cols long. Each rank temporarily holds rows/q whole rows.
 */
async function transformRows(line: Comm, block: Float64Array, rows: number, cols: number): Promise<void> {
  const q = line.size
  const s = rows / q
  const full = q * cols
  const parts = new Float64Array(rows * cols)
  // my block's rows [k·s, (k+1)·s) go to rank k: already contiguous in the row-major block
  await line.alltoall(block, s * cols, types.FLOAT64, parts, s * cols, types.FLOAT64)
  const whole = new Float64Array(s * full)
  for (let k = 0; k < q; k++) for (let i = 0; i < s; i++) for (let j = 0; j < cols; j++) whole[i * full + k * cols + j] = parts[(k * s + i) * cols + j]!
  for (let i = 0; i < s; i++) butterflies(whole, i * full, full)
  for (let k = 0; k < q; k++) for (let i = 0; i < s; i++) for (let j = 0; j < cols; j++) parts[(k * s + i) * cols + j] = whole[i * full + k * cols + j]!
  await line.alltoall(parts, s * cols, types.FLOAT64, block, s * cols, types.FLOAT64)
}

function transpose(a: Float64Array, rows: number, cols: number): Float64Array {
  const t = new Float64Array(rows * cols)
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) t[j * rows + i] = a[i * cols + j]!
  return t
}

export async function main(comm: Comm, args: readonly string[] = []): Promise<TransformResult> {
  const [pr, pc] = dimsCreate(comm.size, [0, 0]) as [number, number]
  const n = args.length > 0 ? Number(args[0]) : 4 * pr * pc
  const pow2 = (x: number) => Number.isInteger(x) && x > 0 && (x & (x - 1)) === 0
  if (!pow2(n) || !pow2(comm.size) || n % (pr * pc) !== 0) {
    throw new Error(`transform2d: needs a power-of-two rank count and N a power of two divisible by ${pr * pc}, got ${comm.size} ranks, N = ${n}`)
  }
  const p = Math.floor(comm.rank / pc), q = comm.rank % pc
  const rowComm = (await comm.split(p, q))! // ranks of my grid row, ordered by column
  const colComm = (await comm.split(q, p))! // ranks of my grid column, ordered by row
  const rows = n / pr, cols = n / pc
  let block: Float64Array = new Float64Array(rows * cols)
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) block[i * cols + j] = inputValue(p * rows + i, q * cols + j, n)
  await transformRows(rowComm, block, rows, cols)
  block = transpose(block, rows, cols) // columns become rows
  await transformRows(colComm, block, cols, rows)
  block = transpose(block, cols, rows)
  rowComm.free()
  colComm.free()
  return { coords: [p, q], rows, cols, block: Array.from(block) }
}

export default main
