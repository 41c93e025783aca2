// FFT2D transpose (DDTBench FFT{P}), spec §6. Each rank holds n = N/P rows of N double-complex
// values, row-major; the Alltoall's receive type for one peer scatters its n×n block column by
// column (the transpose). The workload is one peer's message on the receive side.

import { FLOAT64, contiguous, resized, vector, type Datatype } from '@spinmpi/ddt'
import { z } from 'zod'
import { nonNegativeInt, parseInput, positiveInt } from '../input.js'
import { makeWorkload } from '../make-workload.js'
import type { Expected, Workload } from '../workload.js'

const COMPLEX = 16

const fftInput = z.object({ n: positiveInt, ranks: positiveInt, peer: nonNegativeInt.default(0), side: z.enum(['recv', 'send']).default('recv') })
  .refine((p) => p.peer < p.ranks, { message: 'peer must be < ranks', path: ['peer'] })
export type FftInput = z.input<typeof fftInput>

/** DDTBench's wrapper rounds N up so that (usually) P divides it: N := N + (N mod P). */
export function fftGlobalN(n: number, ranks: number): number {
  return n + (n % ranks)
}

/** Send ("gather"): n rows of n complex, resized to one peer's column block. */
export function fftSendType(rows: number, globalN: number): Datatype {
  const complex = contiguous(2, FLOAT64)
  return resized(vector(rows, rows, globalN, complex), 0, COMPLEX * rows)
}

/** Receive ("scatter"): n columns, each n complex one row apart: the transpose. */
export function fftRecvType(rows: number, globalN: number): Datatype {
  const complex = contiguous(2, FLOAT64)
  return contiguous(rows, resized(vector(rows, 1, globalN, complex), 0, COMPLEX))
}

export function fftWorkload(input: FftInput, expected: Expected): Workload {
  const p = parseInput('FFT2D', fftInput, input)
  const globalN = fftGlobalN(p.n, p.ranks)
  const rows = Math.floor(globalN / p.ranks)
  return makeWorkload({
    app: 'FFT2D', input: `N=${p.n} P=${p.ranks}`, side: p.side, expected,
    regions: [{ name: p.side === 'recv' ? 'recv_array' : 'matrix', bytes: COMPLEX * rows * globalN }],
    place: ([base]) => ({
      type: p.side === 'recv' ? fftRecvType(rows, globalN) : fftSendType(rows, globalN),
      count: 1,
      origin: base + COMPLEX * rows * p.peer,
    }),
  })
}

export const FFT_SIZES: readonly number[] = [256, 512, 768, 1024, 1536]
export const FFT_RANKS: readonly number[] = [2, 4, 8, 16, 32]

// Spec §6 table: per-peer message bytes for N (rows) × P (columns 2, 4, 8, 16, 32); blocks are
// the n² 16-byte elements; receive γ is 128 except where the spec gives another value.
const PER_PEER_BYTES: readonly (readonly number[])[] = [
  [262144, 65536, 16384, 4096, 1024],
  [1048576, 262144, 65536, 16384, 4096],
  [2359296, 589824, 147456, 36864, 9216],
  [4194304, 1048576, 262144, 65536, 16384],
  [9437184, 2359296, 589824, 147456, 36864],
]
const GAMMA_EXCEPTIONS: ReadonlyMap<string, number> = new Map([['256/32', 64], ['768/32', 115.2]])

/** Decision (b): every N of §6 with P in {2, 4, 8, 16, 32}. */
export function fftWorkloads(): Workload[] {
  const out: Workload[] = []
  FFT_SIZES.forEach((n, i) => {
    FFT_RANKS.forEach((ranks, j) => {
      const bytes = PER_PEER_BYTES[i]?.[j]
      if (bytes === undefined) throw new RangeError(`FFT2D: the §6 table has no entry for N=${n} P=${ranks}`)
      const gamma = GAMMA_EXCEPTIONS.get(`${n}/${ranks}`) ?? 128
      out.push(fftWorkload({ n, ranks }, { bytes, blocks: bytes / COMPLEX, gamma, gammaDigits: 1, handler: '2-level vector' }))
    })
  })
  return out
}
