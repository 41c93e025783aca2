import { describe, expect, it } from 'vitest'
import { DeadlockError } from '@spinmpi/runtime'
import { deadlockLine, rankRanges } from '../src/launch/deadlock-line.js'

// The one line `spinmpi run FILE` prints for a deadlock: ranks blocked in the same calls share an
// entry, at most 16 entries are named, and the collective calls left half-entered close the line.
const AR = 'allreduce(count=4, float64, SUM) on COMM_WORLD'

describe('deadlockLine', () => {
  it('keeps a two-rank deadlock as it was: one entry per rank', () => {
    const e = new DeadlockError(530701, [
      { rank: 0, ops: ['send(dest=1, tag=0, count=4096 x float64)'] },
      { rank: 1, ops: ['send(dest=0, tag=0, count=4096 x float64)'] },
    ])
    expect(deadlockLine(e)).toBe('deadlock at 530.701 ns: 2 rank(s) blocked and no event left; ' +
      'rank 0: send(dest=1, tag=0, count=4096 x float64); rank 1: send(dest=0, tag=0, count=4096 x float64)')
  })

  it('closes a deadlock with a rank blocked in send with the rendezvous hint, given the eager limit', () => {
    const e = new DeadlockError(530701, [
      { rank: 0, ops: ['send(dest=1, tag=0, count=65536 x float64)'] },
      { rank: 1, ops: ['send(dest=0, tag=0, count=65536 x float64)'] },
    ])
    expect(deadlockLine(e, 8192)).toBe('deadlock at 530.701 ns: 2 rank(s) blocked and no event left; ' +
      'rank 0: send(dest=1, tag=0, count=65536 x float64); rank 1: send(dest=0, tag=0, count=65536 x float64); ' +
      'a send above the eager limit (8192 B on this profile; ssend always) waits until its receive is posted: post receives first (irecv), or use isend or sendrecv')
    const recvs = new DeadlockError(0, [{ rank: 0, ops: ['recv(source=1, tag=0, count=1 x int32)'] }, { rank: 1, ops: ['recv(source=0, tag=0, count=1 x int32)'] }])
    expect(deadlockLine(recvs, 8192)).not.toMatch(/eager limit/)
  })

  it('groups ranks blocked in the same calls, so the rank that did something else stands out', () => {
    const blocked = [0, 2, 3, 4, 5, 6, 7, 8, 9].map((rank) => ({ rank, ops: [AR] }))
    const e = new DeadlockError(2_000_000, blocked, [`${AR}, collective call #1: entered by its rank(s) 0, 2-9, not by its rank(s) 1`])
    expect(deadlockLine(e)).toBe(`deadlock at 2000 ns: 9 rank(s) blocked and no event left; ranks 0, 2-9: ${AR}; ` +
      `${AR}, collective call #1: entered by its rank(s) 0, 2-9, not by its rank(s) 1`)
  })

  it('names 16 entries and counts the ranks of the rest', () => {
    const e = new DeadlockError(0, Array.from({ length: 40 }, (_, rank) => ({ rank, ops: [`send(dest=${rank}, tag=0)`] })))
    const parts = deadlockLine(e).split('; ')
    expect(parts).toHaveLength(1 + 16 + 1)
    expect(parts[16]).toBe('rank 15: send(dest=15, tag=0)')
    expect(parts[17]).toBe('24 more rank(s)')
  })

  it('writes rank lists as ranges', () => {
    expect(rankRanges([0, 2, 3, 4, 5, 9])).toBe('0, 2-5, 9')
    expect(rankRanges([7])).toBe('7')
  })
})
