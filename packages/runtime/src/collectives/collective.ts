// What a collective is: a record per method, in the collective's own file, which the registry
// (registry.ts) lists. The record holds everything the rest of the runtime needs: the free
// function over the rank's CommCore that runs it, the tag of its messages, and the names of its
// parameters for mismatch errors. Its doc comment (on the record's key) is the one users see on
// the communicator's method, whose type derives from `run` (CollectiveMethods, registry.ts).

import type { CallParam, CallShape } from '../comm/collective-call.js'
import type { CommCore } from '../comm/comm-core.js'

export interface CollectiveRecord {
  /** Runs the collective at one rank; the communicator's method calls it with its arguments. */
  readonly run: (core: CommCore, ...args: never[]) => unknown
  /**
   * Tag of its messages on the hidden collective context, below TAGS_PER_COLLECTIVE (tags.ts) and
   * unique among the records (the registry checks); null when it sends under another record's
   * tag (it runs that one's algorithm: alltoall runs alltoallw's exchange, a nonblocking form its
   * blocking one) or sends nothing.
   */
  readonly tag: number | null
  /** Names of its parameters in mismatch errors and deadlock reports (buffers are not shown). */
  readonly params: readonly CallParam[]
  /** Index of the (count, type) pair whose bytes every member must agree on, if any. */
  readonly agreedPair?: number
  /** Index of the per-rank counts (with the next type parameter) every member must give alike in bytes, if any. */
  readonly agreedCounts?: number
  /** What of its options every member must choose alike (bcast: the algorithm), if anything. */
  readonly agreedOption?: CallShape['agreedOption']
}

/** A collective file's records, keyed by method name (the blocking form and its nonblocking one). */
export type CollectiveEntries = Readonly<Record<string, CollectiveRecord>>

/** A record's method as a communicator exposes it: `run` without the rank's CommCore. */
export type MethodOf<R> = R extends { readonly run: (core: CommCore, ...args: infer A) => infer Ret } ? (...args: A) => Ret : never
