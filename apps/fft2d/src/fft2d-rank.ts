// One rank of the distributed 2-D FFT (row-column): FFT the owned rows, transpose with alltoall
// and the transpose types, FFT the rows again (the original columns), transpose back. Data mode
// transforms real buffers; timing mode passes null buffers and charges the same flops.

import type { Comm } from '@spinmpi/runtime'
import { fftPlan, type FftPlan } from './fft1d.js'
import { rowPhaseFlops } from './flops.js'
import type { TransposeTypes } from './transpose-types.js'

export interface RankInput {
  readonly n: number
  readonly types: TransposeTypes
  /** The owned rows (b x n complex, interleaved), transformed in place; null in timing mode. */
  readonly matrix: Float64Array | null
}

export interface RankTimes {
  /** Simulated ns the rank spent in the two FFT phases and in the two transposes. */
  readonly computeNs: number
  readonly transposeNs: number
}

function fftRows(plan: FftPlan | null, data: Float64Array | null, rows: number, n: number): void {
  if (plan === null || data === null) return
  for (let r = 0; r < rows; r++) plan.forward(data, r * n)
}

export async function fft2dRank(comm: Comm, input: RankInput): Promise<RankTimes> {
  const { n, types: t, matrix } = input
  const rows = t.rows
  const plan = matrix === null ? null : fftPlan(n)
  const scratch = matrix === null ? null : new Float64Array(matrix.length)
  const flops = rowPhaseFlops(rows, n)
  let computeNs = 0
  let transposeNs = 0
  const timed = async (what: () => Promise<void>): Promise<number> => {
    const start = comm.nowPs()
    await what()
    return (comm.nowPs() - start) / 1000
  }
  computeNs += await timed(async () => {
    fftRows(plan, matrix, rows, n)
    await comm.compute({ flops })
  })
  transposeNs += await timed(() => comm.alltoall(matrix, 1, t.send, scratch, 1, t.recv))
  computeNs += await timed(async () => {
    fftRows(plan, scratch, rows, n)
    await comm.compute({ flops })
  })
  transposeNs += await timed(() => comm.alltoall(scratch, 1, t.send, matrix, 1, t.recv))
  return { computeNs, transposeNs }
}
