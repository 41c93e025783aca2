// Errors a run reports: MpiError (re-exported from @spinmpi/ddt), a rank's failure that aborts
// the run, the deadlock report and the time-limit report.

import { ERR_OTHER, MpiError, isMpiError, type ErrorClass } from '@spinmpi/ddt'
import type { Status } from './comm/comm-types.js'

export { MpiError, isMpiError } from '@spinmpi/ddt'
export {
  ERR_TRUNCATE, ERR_TYPE, ERR_COUNT, ERR_RANK, ERR_TAG, ERR_BUFFER, ERR_ARG, ERR_OTHER, ERROR_CLASSES, type ErrorClass,
} from '@spinmpi/ddt'

/** A rank threw: the run stopped. Keeps the rank, the original error and its MPI class. */
export class RankError extends MpiError {
  constructor(readonly rank: number, override readonly cause: unknown) {
    super(classOf(cause), `rank ${rank}: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.name = 'RankError'
  }
}

function classOf(cause: unknown): ErrorClass {
  return isMpiError(cause) ? cause.errorClass : ERR_OTHER
}

/**
 * MPI_ERR_IN_STATUS: waitall/waitsome/testall found failed requests. `statuses` holds every
 * request's status (`error` set on the failed ones), `errors` each one's MpiError or null.
 */
export class InStatusError extends MpiError {
  constructor(call: string, readonly statuses: readonly Status[], readonly errors: readonly (MpiError | null)[]) {
    const failed = errors.map((e, i) => (e === null ? null : `[${i}] ${e.message}`)).filter((m): m is string => m !== null)
    super(errors.find((e) => e !== null)?.errorClass ?? ERR_OTHER, `${call}: ${failed.length} of ${errors.length} requests failed: ${failed.join('; ')}`)
    this.name = 'InStatusError'
  }
}

/** A rank in a deadlock report, with what it waits for. */
export interface BlockedRank {
  readonly rank: number
  /** Its pending operations, e.g. "recv(source=0, tag=7, count=4 x float64)". */
  readonly ops: readonly string[]
}

/** Every unfinished rank is blocked and no event is left. */
export class DeadlockError extends MpiError {
  /**
   * `collectives`: the collective calls some members of a communicator entered and others did
   * not, with both lists of ranks (ranks of that communicator).
   */
  constructor(readonly atPs: number, readonly blocked: readonly BlockedRank[], readonly collectives: readonly string[] = []) {
    super(ERR_OTHER, [
      `deadlock at ${atPs / 1000} ns: ${blocked.length} rank(s) blocked and no event left`,
      ...blocked.map((b) => `  rank ${b.rank}: ${b.ops.length > 0 ? b.ops.join('; ') : 'blocked outside MPI calls'}`),
      ...collectives.map((c) => `  ${c}`),
    ].join('\n'))
    this.name = 'DeadlockError'
  }
}

/** A rank still running when a time limit stopped the run, with what it was last doing. */
export interface RunningRank {
  readonly rank: number
  /** e.g. "blocked in recv(source=0, tag=7, count=4 x float64)" or "last call iprobe(source=1, tag=0) on COMM_WORLD". */
  readonly doing: string
}

/** Ranks a time-limit message names; the rest are counted (the error keeps all of them). */
const NAMED_RANKS = 16

/**
 * The run's next event was past its simulated-time limit (RunOptions.timeLimitNs) while ranks were
 * still running: one line with the limit, the time reached and what each such rank was doing.
 */
export class TimeLimitError extends MpiError {
  constructor(readonly limitPs: number, readonly atPs: number, readonly running: readonly RunningRank[]) {
    const named = running.slice(0, NAMED_RANKS).map((r) => `rank ${r.rank}: ${r.doing}`)
    if (running.length > NAMED_RANKS) named.push(`${running.length - NAMED_RANKS} more`)
    const what = running.length > 0 ? `${running.length} rank(s) still running: ${named.join('; ')}` : 'events left past it'
    super(ERR_OTHER, `simulated time limit of ${showPs(limitPs)} reached at ${showPs(atPs)}: ${what}`)
    this.name = 'TimeLimitError'
  }
}

/** Picoseconds in the largest unit that keeps the number at least 1, e.g. "10 ms", "812.5 ns". */
function showPs(ps: number): string {
  for (const [unit, per] of [['s', 1e12], ['ms', 1e9], ['µs', 1e6]] as const) if (ps >= per) return `${ps / per} ${unit}`
  return `${ps / 1000} ns`
}
