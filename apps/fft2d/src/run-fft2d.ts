// One distributed 2-D FFT on the simulated cluster: builds each rank's rows, runs the rank program
// under the chosen receive strategy, and (data mode) gathers the result rows and compares them
// with the sequential reference.

import { run, type ReceiveStrategyName } from '@spinmpi/runtime'
import debugFactory from 'debug'
import { fft2dRank, type RankTimes } from './fft2d-rank.js'
import { inputRows } from './input-matrix.js'
import { parseFft2dOptions, type Fft2dOptionsInput } from './options.js'
import { maxRelativeError, reference2d, referenceKind, type ReferenceKind } from './reference.js'
import { transposeTypes } from './transpose-types.js'

const log = debugFactory('spinmpi:fft2d')

/** Verification tolerance on max |F - ref| / max |ref|. */
export const VERIFY_TOLERANCE = 1e-9

export interface Fft2dResult {
  readonly n: number
  readonly ranks: number
  readonly strategy: string
  readonly mode: 'data' | 'timing'
  readonly profile: string
  /** null in timing mode. */
  readonly verified: boolean | null
  readonly maxRelError: number | null
  readonly reference: ReferenceKind | null
  /** Simulated makespan of the whole 2-D FFT. */
  readonly runtimeNs: number
  /** Largest per-rank compute and transpose times. */
  readonly computeNs: number
  readonly transposeNs: number
  readonly messageBytes: number
  readonly messages: number
  readonly rendezvousMessages: number
  /** Receives (rendezvous, through a receive strategy) per strategy actually used. */
  readonly receivesByStrategy: Partial<Record<ReceiveStrategyName, number>>
  readonly fallbacks: number
}

export async function runFft2d(input: Fft2dOptionsInput): Promise<Fft2dResult> {
  const o = parseFft2dOptions(input)
  const t = transposeTypes(o.n, o.ranks)
  const data = o.mode === 'data'
  log('fft2d n=%d P=%d strategy=%s mode=%s', o.n, o.ranks, o.strategy, o.mode)
  const result = await run(
    {
      ranks: o.ranks, profile: o.profile, overrides: o.overrides, seed: o.seed, mode: o.mode, strategy: o.strategy, send: o.send,
      // the result reports receives per strategy only: no record per receive (2 M at P = 1024)
      receiveRecords: false,
      ...(o.reorder ? { reorder: o.reorder } : {}),
    },
    async (comm): Promise<RankTimes & { rows: Float64Array | null }> => {
      const rows = data ? inputRows(o.n, comm.rank * t.rows, t.rows, o.seed) : null
      const times = await fft2dRank(comm, { n: o.n, types: t, matrix: rows })
      return { ...times, rows }
    },
  )
  let verified: boolean | null = null
  let maxRelError: number | null = null
  if (data) {
    const whole = new Float64Array(2 * o.n * o.n)
    result.results.forEach((r, rank) => whole.set(r.rows!, rank * 2 * t.rows * o.n))
    maxRelError = maxRelativeError(whole, reference2d(inputRows(o.n, 0, o.n, o.seed), o.n))
    verified = maxRelError <= VERIFY_TOLERANCE
  }
  const receivesByStrategy: Partial<Record<ReceiveStrategyName, number>> = {}
  for (const [name, s] of Object.entries(result.stats.byStrategy)) receivesByStrategy[name as ReceiveStrategyName] = s.receives
  return {
    n: o.n, ranks: o.ranks, strategy: o.strategy, mode: o.mode, profile: result.profile.name,
    verified, maxRelError, reference: data ? referenceKind(o.n) : null,
    runtimeNs: result.makespanPs / 1000,
    computeNs: Math.max(...result.results.map((r) => r.computeNs)),
    transposeNs: Math.max(...result.results.map((r) => r.transposeNs)),
    messageBytes: t.messageBytes,
    messages: result.stats.messages,
    rendezvousMessages: result.stats.rendezvousMessages,
    receivesByStrategy,
    fallbacks: result.stats.fallbacks,
  }
}
