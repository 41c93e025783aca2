// A distributed prefix sum with scan and exscan: each rank holds a segment of a long array
// (rank r has r + 2 values, default; the first argument sets a fixed segment length instead).
// exscan of the segment totals gives each rank the sum of everything before it, so the rank can
// finish its part of the global inclusive prefix sum locally; scan of the totals gives the sum
// up to and including the rank (its last prefix value, a check).
//
//   spinmpi run examples/programs/prefix-sum.ts --ranks 5
//
// Returns each rank's segment, its prefix-sum values, and the scan of the totals.
import { IN_PLACE, types, type Comm } from '@spinmpi/runtime'

export interface PrefixSumResult {
  readonly segment: number[]
  readonly prefix: number[]
  readonly upToHere: number
}

/** Rank r's segment: values 10·r + 1, 10·r + 2, … */
export function segmentOf(rank: number, length: number): number[] {
  return Array.from({ length }, (_, i) => 10 * rank + i + 1)
}

export async function main(comm: Comm, args: readonly string[] = []): Promise<PrefixSumResult> {
  const fixed = args.length > 0 ? Number(args[0]) : null
  if (fixed !== null && (!Number.isSafeInteger(fixed) || fixed < 0)) throw new Error(`prefix-sum: the segment length must be a non-negative integer, got ${args[0]}`)
  const segment = segmentOf(comm.rank, fixed ?? comm.rank + 2)
  const total = segment.reduce((a, b) => a + b, 0)

  // Sum of all segments before this rank (rank 0's result is untouched by exscan: start at 0).
  const before = new Float64Array([0])
  await comm.exscan(Float64Array.of(total), before, 1, types.FLOAT64, 'SUM')
  const offset = comm.rank === 0 ? 0 : before[0]!

  const prefix: number[] = []
  let running = offset
  for (const x of segment) prefix.push((running += x))
  await comm.compute({ flops: segment.length })

  // The same totals through scan, in place: the sum up to and including this rank.
  const upTo = Float64Array.of(total)
  await comm.scan(IN_PLACE, upTo, 1, types.FLOAT64, 'SUM')
  return { segment, prefix, upToHere: upTo[0]! }
}

export default main
