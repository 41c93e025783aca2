// Block scatter with scatterv: rank 0 holds a vector of n values (n from the first argument,
// default 10) and gives each rank a contiguous block, the first n mod size ranks one value more
// (the usual block distribution). Each rank squares its block; gatherv collects the squares back
// on rank 0 and reduce adds up the local sums there.
//
//   spinmpi run examples/programs/block-scatter.ts --ranks 3 -- 10
//
// Returns, per rank, its block and (on rank 0) the gathered squares and their sum.
import { types, type Comm } from '@spinmpi/runtime'

export interface BlockScatterResult {
  readonly block: number[]
  readonly squares?: number[]
  readonly sum?: number
}

export async function main(comm: Comm, args: readonly string[] = []): Promise<BlockScatterResult> {
  const n = args.length > 0 ? Number(args[0]) : 10
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`block-scatter: the vector length must be a non-negative integer, got ${args[0]}`)
  const size = comm.size, rank = comm.rank
  const counts = Array.from({ length: size }, (_, i) => Math.floor(n / size) + (i < n % size ? 1 : 0))
  const displs = counts.map((_, i) => counts.slice(0, i).reduce((a, b) => a + b, 0))

  const whole = rank === 0 ? Float64Array.from({ length: n }, (_, i) => i + 1) : null
  const block = new Float64Array(counts[rank]!)
  await comm.scatterv(whole, counts, displs, types.FLOAT64, block, counts[rank]!, types.FLOAT64, 0)

  const squares = block.map((x) => x * x)
  await comm.compute({ flops: block.length })
  const local = Float64Array.of(squares.reduce((a, b) => a + b, 0))

  const gathered = rank === 0 ? new Float64Array(n) : null
  await comm.gatherv(squares, squares.length, types.FLOAT64, gathered, counts, displs, types.FLOAT64, 0)
  const sum = new Float64Array(1)
  await comm.reduce(local, sum, 1, types.FLOAT64, 'SUM', 0)

  if (rank !== 0) return { block: [...block] }
  return { block: [...block], squares: [...gathered!], sum: sum[0]! }
}

export default main
