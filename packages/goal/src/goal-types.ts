// The GOAL schedule model: per rank, an ordered list of operations and an ordered list of
// dependencies between them. Order matters: LogGOPSim numbers operations in file order and
// releases dependents in the order their dependencies were declared, and ties in time are
// broken by that order.

/** Wildcard for a receive's source and for any tag (LogGOPSim's ANY_SOURCE / ANY_TAG). */
export const ANY = -1

/** Largest tag a file may name; 2^32 - 1 is LogGOPSim's ANY_TAG. */
export const MAX_TAG = 0xfffffffe

/** cpu and nic numbers are stored in one byte by txt2bin. */
export const MAX_CPU_NIC = 255

/** A send of `bytes` to `dest`. */
export interface GoalSend {
  readonly kind: 'send'
  readonly bytes: number
  /** Destination rank. */
  readonly dest: number
  /** Tag, or ANY (matches every receive tag). */
  readonly tag: number
  readonly cpu: number
  readonly nic: number
  readonly label?: string
}

/** A receive of `bytes` from `src` (ANY for any source). */
export interface GoalRecv {
  readonly kind: 'recv'
  readonly bytes: number
  /** Source rank, or ANY. */
  readonly src: number
  /** Tag, or ANY. */
  readonly tag: number
  readonly cpu: number
  readonly nic: number
  readonly label?: string
}

/** Local computation occupying a CPU for `duration` time units (GOAL has no nic on calc). */
export interface GoalCalc {
  readonly kind: 'calc'
  readonly duration: number
  readonly cpu: number
  readonly label?: string
}

/** One operation of a rank. */
export type GoalOp = GoalSend | GoalRecv | GoalCalc

/**
 * `op` may not start before `on` has finished (`requires`) or started (`irequires`).
 * Both are indices into the same rank's `ops`.
 */
export interface GoalDependency {
  readonly kind: 'requires' | 'irequires'
  readonly op: number
  readonly on: number
}

/** One rank's operations and the dependencies between them. */
export interface GoalRank {
  readonly ops: readonly GoalOp[]
  readonly deps: readonly GoalDependency[]
}

/** `ranks.length` is GOAL's `num_ranks`. */
export interface GoalSchedule {
  readonly ranks: readonly GoalRank[]
}

/** Labels are txt2bin identifiers; these words are keywords where a statement begins. */
export const LABEL_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/
export const RESERVED_LABELS: ReadonlySet<string> = new Set(['send', 'recv', 'calc', 'rank', 'num_ranks'])
