// Builds a schedule op by op, for code that records what a run did or generates a schedule (one
// builder per schedule, one rank builder per rank). Operations get consecutive indices per rank;
// dependencies refer to those indices. Each argument is checked as it is added (a few integer
// compares, so million-operation schedules cost no schema pass); `build()` checks the references
// and hands out a schedule known to be valid. `toText()` gives the GOAL file.
import { GoalScheduleError } from './goal-errors.js'
import { ANY, LABEL_PATTERN, MAX_CPU_NIC, MAX_TAG, RESERVED_LABELS, type GoalDependency, type GoalOp, type GoalSchedule } from './goal-types.js'
import { checkReferences, markValid } from './goal-validate.js'
import { writeGoal } from './goal-write.js'

/** Optional fields of a send or receive: tag (default 0), the CPU and NIC it uses (default 0), and a label. */
export interface MessageOptions {
  /** Default 0; ANY (-1) matches any tag. */
  readonly tag?: number
  readonly cpu?: number
  readonly nic?: number
  readonly label?: string
}

/** Optional fields of a calc: the CPU it runs on (default 0) and a label. */
export interface CalcOptions {
  readonly cpu?: number
  readonly label?: string
}

/** Builds one rank's operations and their dependencies; each add returns the operation's index. */
export class GoalRankBuilder {
  private readonly ops: GoalOp[] = []
  private readonly deps: GoalDependency[] = []

  /** `rank` only names fields in error messages. */
  constructor(private readonly rank = 0) {}

  /** Index of the next operation added to this rank. */
  get size(): number {
    return this.ops.length
  }

  /** Adds a send of `bytes` to rank `dest`; returns its index. */
  send(bytes: number, dest: number, options: MessageOptions = {}): number {
    const { tag = 0, cpu = 0, nic = 0, label } = options
    this.checkMessage(bytes, 'dest', dest, 0, tag, cpu, nic)
    return this.add(label === undefined ? { kind: 'send', bytes, dest, tag, cpu, nic } : { kind: 'send', bytes, dest, tag, cpu, nic, label })
  }

  /** `src` may be ANY (-1). */
  recv(bytes: number, src: number, options: MessageOptions = {}): number {
    const { tag = 0, cpu = 0, nic = 0, label } = options
    this.checkMessage(bytes, 'src', src, ANY, tag, cpu, nic)
    return this.add(label === undefined ? { kind: 'recv', bytes, src, tag, cpu, nic } : { kind: 'recv', bytes, src, tag, cpu, nic, label })
  }

  /** Adds local work of `duration` time units; returns its index. */
  calc(duration: number, options: CalcOptions = {}): number {
    const { cpu = 0, label } = options
    this.checkInt('duration', duration, 0, Number.MAX_SAFE_INTEGER)
    this.checkInt('cpu', cpu, 0, MAX_CPU_NIC)
    return this.add(label === undefined ? { kind: 'calc', duration, cpu } : { kind: 'calc', duration, cpu, label })
  }

  /** `op` starts only after `on` has finished. */
  requires(op: number, on: number): this {
    this.checkDependency(op, on)
    this.deps.push({ kind: 'requires', op, on })
    return this
  }

  /** `op` starts only after `on` has started. */
  irequires(op: number, on: number): this {
    this.checkDependency(op, on)
    this.deps.push({ kind: 'irequires', op, on })
    return this
  }

  /** The operations and dependencies added so far (copies). */
  snapshot(): { ops: GoalOp[]; deps: GoalDependency[] } {
    return { ops: this.ops.slice(), deps: this.deps.slice() }
  }

  private add(op: GoalOp): number {
    if (op.label !== undefined && (!LABEL_PATTERN.test(op.label) || RESERVED_LABELS.has(op.label))) {
      throw new GoalScheduleError(this.field('label'), `'${op.label}' is not a label (a letter, then letters, digits or _; not a GOAL keyword)`)
    }
    this.ops.push(op)
    return this.ops.length - 1
  }

  private checkMessage(bytes: number, peerField: string, peer: number, peerMin: number, tag: number, cpu: number, nic: number): void {
    this.checkInt('bytes', bytes, 0, Number.MAX_SAFE_INTEGER)
    this.checkInt(peerField, peer, peerMin, Number.MAX_SAFE_INTEGER)
    this.checkInt('tag', tag, ANY, MAX_TAG)
    this.checkInt('cpu', cpu, 0, MAX_CPU_NIC)
    this.checkInt('nic', nic, 0, MAX_CPU_NIC)
  }

  private checkDependency(op: number, on: number): void {
    const at = `ranks[${this.rank}].deps[${this.deps.length}]`
    if (!Number.isInteger(op) || op < 0) throw new GoalScheduleError(`${at}.op`, `expected an operation index, got ${op}`)
    if (!Number.isInteger(on) || on < 0) throw new GoalScheduleError(`${at}.on`, `expected an operation index, got ${on}`)
  }

  private checkInt(name: string, value: number, min: number, max: number): void {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new GoalScheduleError(this.field(name), `expected an integer in ${min}..${max}, got ${value}`)
    }
  }

  /** Path of a field of the operation about to be added. */
  private field(name: string): string {
    return `ranks[${this.rank}].ops[${this.ops.length}].${name}`
  }
}

/** Builds a GOAL schedule rank by rank, then validates it (`build`) or writes it as text (`toText`). */
export class GoalBuilder {
  private readonly rankBuilders: GoalRankBuilder[]

  constructor(readonly numRanks: number) {
    if (!Number.isInteger(numRanks) || numRanks < 1) throw new RangeError(`numRanks must be an integer >= 1, got ${numRanks}`)
    this.rankBuilders = Array.from({ length: numRanks }, (_v, r) => new GoalRankBuilder(r))
  }

  /** Rank `r`'s builder (the same one on every call). */
  rank(r: number): GoalRankBuilder {
    const b = this.rankBuilders[r]
    if (!b) throw new RangeError(`rank ${r} is not in 0..${this.numRanks - 1}`)
    return b
  }

  /** The validated schedule; throws GoalScheduleError naming the first problem. */
  build(): GoalSchedule {
    const schedule: GoalSchedule = { ranks: this.rankBuilders.map((b) => b.snapshot()) }
    checkReferences(schedule)
    return markValid(schedule)
  }

  /** The schedule as GOAL text (what LogGOPSim reads). */
  toText(): string {
    return writeGoal(this.build())
  }
}
