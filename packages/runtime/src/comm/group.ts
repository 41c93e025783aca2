// MPI_Group: an ordered set of processes, held as their world ranks. A communicator's rank i is
// the process group.worldRank(i); COMM_WORLD's group is the identity and stores nothing per rank.

import { ERR_ARG, ERR_RANK, MpiError } from '@spinmpi/ddt'
import { UNDEFINED } from './mpi-constants.js'

/** An ordered set of world ranks (MPI_Group): the members of a communicator, with incl/excl and rank translation. */
export class Group {
  private readonly members: readonly number[] | null
  private index: Map<number, number> | null = null

  private constructor(readonly size: number, members: readonly number[] | null) {
    this.members = members
  }

  /** The first `size` world ranks in order (COMM_WORLD's group). */
  static world(size: number): Group {
    return new Group(size, null)
  }

  /** A group of these world ranks, in this order (distinct). */
  static of(worldRanks: readonly number[]): Group {
    return new Group(worldRanks.length, [...worldRanks])
  }

  /** World rank of the process with rank `rank` in this group. */
  worldRank(rank: number): number {
    return this.members === null ? rank : this.members[rank]!
  }

  /** Rank in this group of world rank `w`, or UNDEFINED when it is not a member. */
  rankOf(w: number): number {
    if (this.members === null) return w >= 0 && w < this.size ? w : UNDEFINED
    if (this.index === null) this.index = new Map(this.members.map((m, i) => [m, i]))
    return this.index.get(w) ?? UNDEFINED
  }

  /** The world ranks of the members, in rank order. */
  worldRanks(): number[] {
    return this.members === null ? Array.from({ length: this.size }, (_, i) => i) : [...this.members]
  }

  /** MPI_Group_incl: the members with these ranks, in this order. */
  incl(ranks: readonly number[]): Group {
    checkRanks(ranks, this.size, 'group.incl')
    return Group.of(ranks.map((r) => this.worldRank(r)))
  }

  /** MPI_Group_excl: the members without these ranks, in rank order. */
  excl(ranks: readonly number[]): Group {
    checkRanks(ranks, this.size, 'group.excl')
    const out = new Set(ranks)
    return Group.of(this.worldRanks().filter((_, i) => !out.has(i)))
  }

  /** MPI_Group_translate_ranks: ranks in `other` of these ranks of this group (UNDEFINED if absent). */
  translateRanks(ranks: readonly number[], other: Group): number[] {
    checkRanks(ranks, this.size, 'group.translateRanks')
    return ranks.map((r) => other.rankOf(this.worldRank(r)))
  }

  /** Same members in the same order (MPI_IDENT). */
  equals(other: Group): boolean {
    if (other.size !== this.size) return false
    for (let i = 0; i < this.size; i++) if (other.worldRank(i) !== this.worldRank(i)) return false
    return true
  }
}

function checkRanks(ranks: readonly number[], size: number, where: string): void {
  if (!Array.isArray(ranks)) throw new MpiError(ERR_ARG, `${where}: ranks must be an array of ranks`)
  const seen = new Set<number>()
  for (const r of ranks) {
    if (typeof r !== 'number' || !Number.isInteger(r) || r < 0 || r >= size) {
      throw new MpiError(ERR_RANK, `${where}: ${String(r)} is not a rank of this ${size}-process group`)
    }
    if (seen.has(r)) throw new MpiError(ERR_ARG, `${where}: rank ${r} is listed twice`)
    seen.add(r)
  }
}
