// A DeadlockError as the one line `spinmpi run FILE` prints. The error's message has a line per
// blocked rank; at 64 ranks that made one line of 4 KB in which the ranks that did something
// else (the one that skipped the allreduce) were lost. Here ranks blocked in the same calls share
// one entry ("ranks 0, 2-63: allreduce(...)"), at most NAMED_GROUPS entries are named and the
// rest counted, and the collective calls some members never entered close the line as before.

import type { DeadlockError } from '@spinmpi/runtime'

/** Entries named in full, as TimeLimitError names at most 16 ranks. */
const NAMED_GROUPS = 16

/**
 * With `eagerLimitBytes` (the run's profile), a deadlock in which a rank is blocked in a plain
 * send gets a closing hint: the classic one (every rank sends first, messages above the eager
 * limit) reads as a simulator fault to someone who has not met rendezvous.
 */
export function deadlockLine(err: DeadlockError, eagerLimitBytes?: number): string {
  const head = err.message.split('\n')[0]!
  const groups = new Map<string, number[]>()
  for (const b of err.blocked) {
    const what = b.ops.length > 0 ? b.ops.join('; ') : 'blocked outside MPI calls'
    const ranks = groups.get(what)
    if (ranks === undefined) groups.set(what, [b.rank])
    else ranks.push(b.rank)
  }
  const entries = [...groups].map(([what, ranks]) => `${ranks.length === 1 ? 'rank' : 'ranks'} ${rankRanges(ranks)}: ${what}`)
  const named = entries.slice(0, NAMED_GROUPS)
  if (entries.length > NAMED_GROUPS) {
    const left = [...groups.values()].slice(NAMED_GROUPS).reduce((n, ranks) => n + ranks.length, 0)
    named.push(`${left} more rank(s)`)
  }
  const hint = eagerLimitBytes !== undefined && err.blocked.some((b) => b.ops.some((op) => /^(send|ssend)\(/.test(op)))
    ? [`a send above the eager limit (${eagerLimitBytes} B on this profile; ssend always) waits until its receive is posted: post receives first (irecv), or use isend or sendrecv`]
    : []
  return [head, ...named, ...err.collectives, ...hint].join('; ')
}

/** "0, 2-5, 9" for [0, 2, 3, 4, 5, 9] (ascending). */
export function rankRanges(ranks: readonly number[]): string {
  const out: string[] = []
  for (let i = 0; i < ranks.length; i++) {
    let j = i
    while (j + 1 < ranks.length && ranks[j + 1] === ranks[j]! + 1) j++
    out.push(j === i ? String(ranks[i]) : `${ranks[i]}-${ranks[j]}`)
    i = j
  }
  return out.join(', ')
}
