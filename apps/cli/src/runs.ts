// The contiguous runs of `count` instances of a type, walked in bounded pieces of the packed
// stream (never all at once) and counted without walking every instance.
import { Segment, type Datatype } from '@spinmpi/ddt'

/** Packed bytes walked per batch: bounds the runs a batch holds. */
const BATCH_BYTES = 1 << 16
/** Leaf runs countRuns walks at most; past it the count is left open. */
const COUNT_LIMIT = 10_000_000

/**
 * Batches of runs as flat [offset, length, offset, length, …]; a run is held back until the
 * next batch shows whether it continues there, so batches never split a run.
 */
export function* runBatches(type: Datatype, count: number): Generator<number[]> {
  const seg = new Segment(type, count)
  let pendOffset = 0
  let pendLength = 0
  let batch: number[] = []
  const sink = (offset: number, _stream: number, length: number) => {
    if (length === 0) return
    if (pendLength > 0 && pendOffset + pendLength === offset) {
      pendLength += length
      return
    }
    if (pendLength > 0) batch.push(pendOffset, pendLength)
    pendOffset = offset
    pendLength = length
  }
  for (let first = 0; first < seg.size; first += BATCH_BYTES) {
    seg.process(first, Math.min(seg.size, first + BATCH_BYTES), sink)
    if (batch.length > 0) {
      yield batch
      batch = []
    }
  }
  if (pendLength > 0) yield [pendOffset, pendLength]
}

/** Leaf runs before merging: an upper bound on the runs, known without walking. */
export function leafRuns(type: Datatype, count: number): number {
  return new Segment(type, count).totalRuns
}

function walkCount(type: Datatype, count: number): number {
  let n = 0
  for (const batch of runBatches(type, count)) n += batch.length / 2
  return n
}

/**
 * Merged runs of `count` instances. Instance i + 1 is instance i moved by one extent, so whether
 * its first run continues the last run of instance i is the same at every boundary: with r1 runs
 * for one instance and r2 for two, `count` instances have count*r1 - (count-1)*(2*r1 - r2).
 * Undefined when two instances have more than COUNT_LIMIT leaf runs.
 */
export function countRuns(type: Datatype, count: number): number | undefined {
  if (count === 0) return 0
  if (leafRuns(type, Math.min(count, 2)) > COUNT_LIMIT) return undefined
  const r1 = walkCount(type, 1)
  if (count === 1) return r1
  const r2 = walkCount(type, 2)
  return count * r1 - (count - 1) * (2 * r1 - r2)
}
