// Builds a schedule op by op, for code that records what a run did (one builder per run, one
// rank builder per rank). Operations get consecutive indices per rank; dependencies refer to
// those indices. `build()` validates; `toText()` gives the GOAL file.
import type { GoalDependency, GoalOp, GoalSchedule } from './goal-types.js'
import { validateSchedule } from './goal-validate.js'
import { writeGoal } from './goal-write.js'

export interface MessageOptions {
  /** Default 0; ANY (-1) matches any tag. */
  readonly tag?: number
  readonly cpu?: number
  readonly nic?: number
  readonly label?: string
}

export interface CalcOptions {
  readonly cpu?: number
  readonly label?: string
}

export class GoalRankBuilder {
  private readonly ops: GoalOp[] = []
  private readonly deps: GoalDependency[] = []

  /** Index of the next operation added to this rank. */
  get size(): number {
    return this.ops.length
  }

  send(bytes: number, dest: number, options: MessageOptions = {}): number {
    const { tag = 0, cpu = 0, nic = 0, label } = options
    return this.add(label === undefined ? { kind: 'send', bytes, dest, tag, cpu, nic } : { kind: 'send', bytes, dest, tag, cpu, nic, label })
  }

  /** `src` may be ANY (-1). */
  recv(bytes: number, src: number, options: MessageOptions = {}): number {
    const { tag = 0, cpu = 0, nic = 0, label } = options
    return this.add(label === undefined ? { kind: 'recv', bytes, src, tag, cpu, nic } : { kind: 'recv', bytes, src, tag, cpu, nic, label })
  }

  calc(duration: number, options: CalcOptions = {}): number {
    const { cpu = 0, label } = options
    return this.add(label === undefined ? { kind: 'calc', duration, cpu } : { kind: 'calc', duration, cpu, label })
  }

  /** `op` starts only after `on` has finished. */
  requires(op: number, on: number): this {
    this.deps.push({ kind: 'requires', op, on })
    return this
  }

  /** `op` starts only after `on` has started. */
  irequires(op: number, on: number): this {
    this.deps.push({ kind: 'irequires', op, on })
    return this
  }

  snapshot(): { ops: GoalOp[]; deps: GoalDependency[] } {
    return { ops: this.ops.slice(), deps: this.deps.slice() }
  }

  private add(op: GoalOp): number {
    this.ops.push(op)
    return this.ops.length - 1
  }
}

export class GoalBuilder {
  private readonly rankBuilders: GoalRankBuilder[]

  constructor(readonly numRanks: number) {
    if (!Number.isInteger(numRanks) || numRanks < 1) throw new RangeError(`numRanks must be an integer >= 1, got ${numRanks}`)
    this.rankBuilders = Array.from({ length: numRanks }, () => new GoalRankBuilder())
  }

  rank(r: number): GoalRankBuilder {
    const b = this.rankBuilders[r]
    if (!b) throw new RangeError(`rank ${r} is not in 0..${this.numRanks - 1}`)
    return b
  }

  build(): GoalSchedule {
    return validateSchedule({ ranks: this.rankBuilders.map((b) => b.snapshot()) })
  }

  toText(): string {
    return writeGoal(this.build())
  }
}
