// What the members of one communicator share in the simulation: its name and the ledger of its
// collective calls. Every member's k-th collective call is checked against the first member's
// (call, root, data size, op) as it enters, so a bcast with different roots or an allreduce with
// different counts is an MpiError at the rank that disagrees, naming both calls and ranks. The
// check reads the run's shared memory, not messages: it costs no simulated time. Creating
// communicators also leaves each member's contribution (color, key, free contexts) here, read
// after the allgather that models its cost (timing mode carries no bytes).

import { ERR_ARG, MpiError } from '@spinmpi/ddt'
import { disagreement, type CallRecord } from './collective-call.js'

interface Entry {
  readonly first: CallRecord
  readonly firstRank: number
  arrived: number
  /** Ranks that have entered this call, in order (for the deadlock report). */
  readonly entered: number[]
  /** Filled only by calls that contribute (communicator creation). */
  contributions: unknown[] | null
}

const NONE: readonly unknown[] = []

export class CommShared {
  private readonly calls: Int32Array
  private readonly entries = new Map<number, Entry>()
  private frees = 0

  constructor(readonly name: string, readonly size: number) {
    this.calls = new Int32Array(size)
  }

  /**
   * Records `rank`'s next collective call; throws an MpiError if an earlier member's call of the
   * same position disagrees. Returns the contributions of every member (filled as they enter).
   */
  enter(rank: number, call: CallRecord, contribution: unknown = null): readonly unknown[] {
    const seq = this.calls[rank]!++
    let e = this.entries.get(seq)
    if (e === undefined) {
      e = { first: call, firstRank: rank, arrived: 0, entered: [], contributions: null }
      this.entries.set(seq, e)
    } else {
      const why = disagreement(e.first, call)
      if (why !== null) {
        throw new MpiError(ERR_ARG, `collective mismatch on ${this.name} (collective call #${seq + 1}): rank ${e.firstRank} called ` +
          `${e.first.label}, rank ${rank} called ${call.label}: ${why}`)
      }
    }
    if (contribution !== null) {
      e.contributions ??= new Array<unknown>(this.size).fill(null)
      e.contributions[rank] = contribution
    }
    e.entered.push(rank)
    if (++e.arrived === this.size) this.entries.delete(seq)
    return e.contributions ?? NONE
  }

  /** Collective calls some members entered and others not, with both lists (this communicator's ranks). */
  unfinished(): string[] {
    return [...this.entries.entries()].map(([seq, e]) => {
      const missing: number[] = []
      const inside = new Set(e.entered)
      for (let r = 0; r < this.size && missing.length <= 8; r++) if (!inside.has(r)) missing.push(r)
      const more = this.size - e.entered.length > missing.length ? ', ...' : ''
      return `${e.first.label} on ${this.name}, collective call #${seq + 1}: entered by its rank(s) ${ranks(e.entered)}, ` +
        `not by its rank(s) ${missing.join(', ')}${more}`
    })
  }

  /** One member freed it; true once all have. */
  freedBy(): boolean {
    return ++this.frees === this.size
  }
}

/** Up to 8 ranks one by one; more as up to 8 ranges ("0, 2-63": all but the one that is missing), else a count. */
function ranks(list: readonly number[]): string {
  const sorted = [...list].sort((a, b) => a - b)
  if (sorted.length <= 8) return sorted.join(', ')
  const ranges: string[] = []
  for (let i = 0; i < sorted.length && ranges.length <= 8; i++) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++
    ranges.push(`${sorted[i]}-${sorted[j]}`.replace(/^(\d+)-\1$/, '$1'))
    i = j
  }
  return ranges.length <= 8 ? ranges.join(', ') : `${list.length} ranks`
}

/** The run's communicators, keyed by (context id, first member, size). */
export class CommRegistry {
  private readonly comms = new Map<string, CommShared>()

  shared(contextId: number, firstWorldRank: number, size: number, name: string): CommShared {
    const key = `${contextId}/${firstWorldRank}/${size}`
    let s = this.comms.get(key)
    if (s === undefined) {
      s = new CommShared(name, size)
      this.comms.set(key, s)
    }
    return s
  }

  /** The collective calls of every communicator that not all members entered. */
  unfinished(): string[] {
    return [...this.comms.values()].flatMap((c) => c.unfinished())
  }

  release(contextId: number, firstWorldRank: number, size: number): void {
    this.comms.delete(`${contextId}/${firstWorldRank}/${size}`)
  }
}
