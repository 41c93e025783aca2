// What collectives (and other runtime parts) see of a rank's communicator beyond the user API:
// the NIC and simulator, host-time charging, the hidden collective matching context, and the
// pending-operation registry the deadlock report reads.

import type { Cluster, Nic, Profile, Ps, Simulator } from '@spinmpi/nic'
import type { RankGoalTrace } from '../trace/rank-goal-trace.js'
import type { CommBasics, PointToPoint } from './comm-types.js'
import type { FillStep, SendrecvStep } from './sendrecv-series.js'

/** Point-to-point on the collective context, with what the runtime's own collectives use besides. */
export interface CollectivePointToPoint extends PointToPoint {
  /**
   * `steps` blocking sendrecvs one after the other, as `for (k) await sendrecv(step k)`: the same
   * events, times and errors, without a promise per step (sendrecv-series.ts). `fill(k, step)`
   * writes step k's arguments into `step`, which the caller provides and the series reuses.
   */
  sendrecvSeries(steps: number, fill: FillStep, step: SendrecvStep): Promise<void>
}

export interface CommCore extends CommBasics, PointToPoint {
  readonly cluster: Cluster
  readonly nic: Nic
  readonly sim: Simulator
  readonly profile: Profile
  /** False in timing mode: buffers may be null and no payload bytes move. */
  readonly dataMode: boolean
  /**
   * Point-to-point on the collective context (MPI's hidden collective communicator): the same
   * semantics, but never matches user point-to-point traffic.
   */
  readonly coll: CollectivePointToPoint
  /** Charges `ps` of host CPU time to this rank (it resumes that much later). */
  busy(ps: Ps): Promise<void>
  /** Lists `description` as this rank's pending operation until `p` settles (deadlock report). */
  pending<T>(description: string, p: Promise<T>): Promise<T>
  /**
   * Match bits reserved for NIC-level protocols outside point-to-point (e.g. offloaded bcast):
   * `low` (below 2^52) is the caller's; the result carries the communicator's context, so it
   * never collides with point-to-point bits nor with another communicator's.
   */
  userMatchBits(low: bigint): bigint
  /** This rank's GOAL recorder (run option trace: 'goal'), for traffic outside point-to-point. */
  readonly trace: RankGoalTrace | null
  /** The communicator's context id (0 = COMM_WORLD). */
  readonly contextId: number
  /** Number of this communicator's next offloaded broadcast (its match bits tell them apart). */
  nextBcastSequence(): number
  /** Number of this communicator's next nonblocking collective (its tags' range follows from it). */
  nextNonblockingSequence(): number
  /** The asynchronous progress engine that runs this rank's nonblocking collectives. */
  readonly engine: ProgressEngine
}

/**
 * What the progress engine does on a rank: point-to-point on the collective context issued at
 * engine time, and host work charged to the rank's CPU without waiting for the application.
 */
export interface ProgressEngine {
  readonly coll: CollectivePointToPoint
  busy(ps: Ps): Promise<void>
}
