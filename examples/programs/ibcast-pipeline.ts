// A pipeline with ibcast: rank 0 produces `chunks` blocks of data (first argument, default 6;
// second, the block length in float64s, default 512 = 4 KiB) and broadcasts each one, while every
// rank works on the block it already has. Block k+1's ibcast runs on each rank's progress engine
// while the rank computes on block k (double buffering), so the broadcast is hidden behind the
// compute. Both use bcast's `auto` algorithm (above one packet: the NICs forward, nic-stream).
// With `--serial` as the third argument it uses the blocking bcast instead, for comparison.
//
//   spinmpi run examples/programs/ibcast-pipeline.ts --ranks 8 -- 6 512
//
// Returns each rank's checksums of the blocks (the same on every rank) and its finish time.
import { types, type Comm } from '@spinmpi/runtime'

export interface PipelineResult {
  readonly checksums: number[]
  readonly endNs: number
}

/** Block k as rank 0 produces it. */
export function blockOf(k: number, length: number): Float64Array {
  return Float64Array.from({ length }, (_, i) => k * 1000 + (i % 97))
}

/** The per-block work: a weighted checksum, modelled as a kernel of 20 flops per element. */
async function work(comm: Comm, block: Float64Array): Promise<number> {
  await comm.compute({ flops: 20 * block.length })
  let s = 0
  for (let i = 0; i < block.length; i++) s += block[i]! * ((i % 7) + 1)
  return s
}

export async function main(comm: Comm, args: readonly string[] = []): Promise<PipelineResult> {
  const chunks = args.length > 0 ? Number(args[0]) : 6
  const length = args.length > 1 ? Number(args[1]) : 512
  const serial = args[2] === '--serial'
  for (const [name, v] of [['chunks', chunks], ['block length', length]] as const) {
    if (!Number.isSafeInteger(v) || v < 1) throw new Error(`ibcast-pipeline: ${name} must be a positive integer, got ${v}`)
  }
  const buffers = [new Float64Array(length), new Float64Array(length)]
  const fill = (k: number) => {
    if (comm.rank === 0) buffers[k % 2]!.set(blockOf(k, length))
  }
  const checksums: number[] = []
  if (serial) {
    for (let k = 0; k < chunks; k++) {
      fill(k)
      await comm.bcast(buffers[k % 2]!, length, types.FLOAT64, 0)
      checksums.push(await work(comm, buffers[k % 2]!))
    }
  } else {
    fill(0)
    let pending = comm.ibcast(buffers[0]!, length, types.FLOAT64, 0)
    for (let k = 0; k < chunks; k++) {
      await comm.wait(pending)
      if (k + 1 < chunks) {
        fill(k + 1)
        pending = comm.ibcast(buffers[(k + 1) % 2]!, length, types.FLOAT64, 0)
      }
      checksums.push(await work(comm, buffers[k % 2]!)) // overlaps block k+1's broadcast
    }
  }
  return { checksums, endNs: comm.nowPs() / 1000 }
}

export default main
